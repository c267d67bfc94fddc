import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/meeting/:id — lazily loaded route module; filled by the meeting issue. */
export function MeetingPage() {
  const { t } = useTranslation('appointments');
  return <PlaceholderPage title={t('meeting.title')} />;
}
