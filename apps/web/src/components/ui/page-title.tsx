import { useTranslation } from 'react-i18next';

/** Sets the document title for the page (React 19 hoists `<title>` into the head). */
export function PageTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  return <title>{t('pageTitle', { page: title })}</title>;
}
