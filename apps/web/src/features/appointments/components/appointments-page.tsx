import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/appointments — filled by the appointments issue. */
export function AppointmentsPage() {
  const { t } = useTranslation('appointments');
  return <PlaceholderPage title={t('list.title')} />;
}
