import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /complete-profile — the profile form arrives with the profile issue. */
export function CompleteProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  return (
    <PlaceholderPage title={t('complete.title')}>
      <Link to="/dashboard" className={buttonClasses('secondary')}>
        {t('common:backToDashboard')}
      </Link>
    </PlaceholderPage>
  );
}
