import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../lib/person-name';
import { Link } from 'react-router';
import { adminCancelSchema } from '@vizita/shared/contracts/admin';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { formatShortDateTime } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useClinicCancel } from '../api/cancel-appointment';
import { useAdminAppointments } from '../api/get-admin-appointments';

/**
 * A deactivated doctor's upcoming appointments: each opens to be given to another doctor, or all
 * are cancelled for the clinic with one reason — each patient refunded in full and told by mail.
 * Nothing is cancelled without the admin's say.
 */
export function CancelUpcoming({ doctorId }: { doctorId: string }) {
  const { t } = useTranslation('admin');
  const personName = usePersonName();
  const upcoming = useAdminAppointments({ doctorId, status: 'upcoming' });
  const cancel = useClinicCancel();
  const form = useSchemaForm({ schema: adminCancelSchema, defaultValues: { reason: '' } });
  const [done, setDone] = useState(0);
  const [failed, setFailed] = useState(false);

  const submit = form.handleSubmit(async ({ reason }) => {
    setFailed(false);
    // One after another: each cancellation is its own transaction, refund and mail.
    for (const item of upcoming.data?.items ?? []) {
      try {
        await cancel.mutateAsync({ id: item._id, reason });
        setDone((n) => n + 1);
      } catch {
        setFailed(true);
      }
    }
  });

  if (!upcoming.data)
    return upcoming.isError ? (
      <ErrorState message={t('loadFailed')} onRetry={() => void upcoming.refetch()} />
    ) : (
      <LoadingState />
    );
  const items = upcoming.data.items;

  return (
    <section aria-labelledby={`upcoming-${doctorId}`} className="space-y-3">
      <h3 id={`upcoming-${doctorId}`} className="font-semibold text-slate-900">
        {t('doctors.upcomingHeading', { count: upcoming.data.total })}
      </h3>
      {done > 0 && <Alert tone="success">{t('doctors.cancelledSome', { count: done })}</Alert>}
      {failed && <Alert tone="error">{t('failed')}</Alert>}
      {items.length === 0 ? (
        <p className="text-sm text-slate-700">{t('doctors.noUpcoming')}</p>
      ) : (
        <>
          <ul className="divide-y divide-slate-100 text-sm">
            {items.map((item) => (
              <li key={item._id} className="py-2">
                <time dateTime={item.startsAt} className="font-medium text-slate-900">
                  {formatShortDateTime(item.startsAt) ?? item.startsAt}
                </time>{' '}
                {/* Its page offers to give it to another doctor free at that time. */}
                <Link
                  to={`/admin/appointments/${item._id}`}
                  className="rounded font-semibold text-teal-800 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
                >
                  {t('appointments.open')}
                  <span className="sr-only"> ({personName(item.patient.name)})</span>
                </Link>
                <span className="block break-words text-slate-700">
                  {t('appointments.patientLine', {
                    name: personName(item.patient.name),
                    email: item.patient.email,
                  })}
                </span>
              </li>
            ))}
          </ul>
          <form onSubmit={(e) => void submit(e)} noValidate className="space-y-2">
            <ReasonField
              label={t('appointments.reason')}
              hint={t('appointments.reasonHint')}
              field={form.field('reason')}
              rows={3}
            />
            <Button type="submit" busy={form.isSubmitting}>
              {t('doctors.cancelAll', { count: items.length })}
            </Button>
          </form>
        </>
      )}
    </section>
  );
}
