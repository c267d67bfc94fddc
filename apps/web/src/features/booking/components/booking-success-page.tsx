import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /booking/success — lazily loaded route module; filled by the booking issue. */
export function BookingSuccessPage() {
  const { t } = useTranslation(['appointments', 'common']);
  return (
    <PlaceholderPage title={t('success.title')}>
      <Link to="/dashboard" className={buttonClasses('secondary')}>
        {t('common:backToDashboard')}
      </Link>
    </PlaceholderPage>
  );
}
