import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { useReleaseHoldOnMount } from '../api/release-hold';
import { forgetPendingAppointment, readPendingAppointment } from '../utils/pending-appointment';

/**
 * /booking/cancel?appointment_id=… — the patient left the checkout: the held slot is given back
 * once (ADR 0011) and they can choose another time.
 */
export function BookingCancelPage() {
  const { t } = useTranslation(['appointments', 'common']);
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment_id') ?? readPendingAppointment();
  const release = useReleaseHoldOnMount(appointmentId);
  const settled = release.isSuccess || release.isError;
  useEffect(() => {
    if (settled) forgetPendingAppointment();
  }, [settled]);

  return (
    <div className="mx-auto max-w-xl">
      <PageTitle title={t('cancel.title')} />
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">{t('cancel.title')}</h1>
        <p className="mt-2 text-slate-700">{t('cancel.text')}</p>
        {appointmentId && (
          <Alert tone="info" className="mt-4">
            {release.isSuccess
              ? t('cancel.released')
              : release.isError
                ? t('cancel.releaseFailed')
                : t('cancel.releasing')}
          </Alert>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to="/calendar" className={buttonClasses('primary')}>
            {t('cancel.chooseAnother')}
          </Link>
          <Link to="/dashboard" className={buttonClasses('secondary')}>
            {t('common:backToDashboard')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
