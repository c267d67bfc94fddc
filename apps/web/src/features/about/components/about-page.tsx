import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /about — public; its content is not specified yet. */
export function AboutPage() {
  const { t } = useTranslation();
  return (
    <PlaceholderPage title={t('about.title')}>
      <Link to="/" className={buttonClasses('secondary')}>
        {t('goHome')}
      </Link>
    </PlaceholderPage>
  );
}
