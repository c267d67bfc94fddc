import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /booking/cancel — lazily loaded route module; filled by the booking issue. */
export function BookingCancelPage() {
  const { t } = useTranslation(['appointments', 'common']);
  return (
    <PlaceholderPage title={t('cancel.title')}>
      <Link to="/dashboard" className={buttonClasses('secondary')}>
        {t('common:backToDashboard')}
      </Link>
    </PlaceholderPage>
  );
}
