import { useTranslation } from 'react-i18next';

import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /dashboard/edit-profile — filled by the profile issue. */
export function EditProfilePage() {
  const { t } = useTranslation('profile');
  return <PlaceholderPage title={t('edit.title')} />;
}
