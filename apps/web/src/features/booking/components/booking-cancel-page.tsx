import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useReleaseHoldOnMount } from '../../../api/release-hold';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageTitle } from '../../../components/ui/page-title';
import { forgetPendingAppointment, readPendingAppointment } from '../utils/pending-appointment';

/**
 * /booking/cancel?appointment_id=… — the patient left the checkout: the held slot is given back
 * once (ADR 0011) and they can choose another time. `&plan=prescription`: it was a prescription
 * request's checkout, which held no time — the request is closed, and can be sent again.
 */
export function BookingCancelPage() {
  const { t } = useTranslation(['appointments', 'common']);
  const [params] = useSearchParams();
  const appointmentId = params.get('appointment_id') ?? readPendingAppointment();
  const request = params.get('plan') === 'prescription';
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
              ? t(request ? 'cancel.request.released' : 'cancel.released')
              : release.isError
                ? t(request ? 'cancel.request.releaseFailed' : 'cancel.releaseFailed')
                : t(request ? 'cancel.request.releasing' : 'cancel.releasing')}
          </Alert>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {request ? (
            <Link to="/dashboard/prescriptions/new" className={buttonClasses('primary')}>
              {t('cancel.request.again')}
            </Link>
          ) : (
            <Link to="/calendar" className={buttonClasses('primary')}>
              {t('cancel.chooseAnother')}
            </Link>
          )}
          <Link to="/dashboard" className={buttonClasses('secondary')}>
            {t('common:backToDashboard')}
          </Link>
        </div>
      </Card>
    </div>
  );
}
