import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/profile — filled by the profile issue. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  return <PlaceholderPage title={t('view.title')} />;
}
