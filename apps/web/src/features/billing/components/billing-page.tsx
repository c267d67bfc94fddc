import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/billing — filled by the billing issue. */
export function BillingPage() {
  const { t } = useTranslation('billing');
  return <PlaceholderPage title={t('history.title')} />;
}
