import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { PlaceholderPage } from '../../../components/ui/placeholder-page';

/** /calendar — lazily loaded route module (its own chunk); filled by the booking issue. */
export function CalendarPage() {
  const { t } = useTranslation(['appointments', 'common']);
  return (
    <PlaceholderPage title={t('booking.title')}>
      <Link to="/dashboard" className={buttonClasses('secondary')}>
        {t('common:backToDashboard')}
      </Link>
    </PlaceholderPage>
  );
}
