import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { DELAYS } from '@vizita/shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { formatDateTime, formatInstantDate, formatLongCalendarDate } from '../../../lib/dates';
import { useMedicationLine } from '../../../components/requested-medication';
import { viewerWhen } from '../../../components/appointment-when';
import { focusOnMount } from '../../../lib/focus';
import { useMutationActionOnMount } from '../../../lib/use-mutation-action';
import { getAppointment } from '../../../api/get-appointment';
import { appointmentKeys } from '../../../api/query-keys';
import { getMyAppointments } from '../api/get-my-appointments';
import { getPaymentSession } from '../api/get-payment-session';
import { processDevPayment } from '../api/process-dev-payment';
import { processWebhookManually } from '../api/process-webhook-manually';
import { forgetPendingAppointment } from '../utils/pending-appointment';
import { formatAmount } from '../../../lib/money';
import {
  resolutionErrorKey,
  resolveBookedAppointment,
  type BookingReference,
} from '../utils/resolve-booking';
import { useSpecialtyNames } from '../../../lib/specialty-name';

/** Spec §4: the developer's own machine fulfils checkouts through the dev call. */
function isLocalHost(): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);
}

const wait = () =>
  new Promise<void>((resolve) => window.setTimeout(resolve, DELAYS.paymentSessionRetryMs));

/** /booking/success — the paid appointment (spec §2 Booking success, §4 resolution). */
export function BookingSuccessPage() {
  const { t } = useTranslation(['appointments', 'common']);
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const sessionId = params.get('session_id');
  const appointmentId = params.get('appointment_id');
  // One object per reference, so the resolution runs once (useMutationActionOnMount compares it).
  const reference = useMemo<BookingReference>(
    () => ({ sessionId, appointmentId }),
    [sessionId, appointmentId],
  );
  const resolve = useCallback(
    async (ref: BookingReference): Promise<Appointment> => {
      const appointment = await resolveBookedAppointment(ref, {
        getPaymentSession,
        processDevPayment,
        processWebhookManually,
        getAppointment,
        getMyAppointments,
        isLocalHost: isLocalHost(),
        wait,
      });
      forgetPendingAppointment();
      // The new appointment belongs in every list of the caller's appointments.
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      return appointment;
    },
    [queryClient],
  );
  const resolution = useMutationActionOnMount(resolve, reference);

  return (
    <div className="mx-auto max-w-2xl">
      <PageTitle title={t('success.title')} />
      {resolution.isSuccess ? (
        resolution.data.plan === 'prescription' ? (
          <RequestConfirmation appointment={resolution.data} />
        ) : (
          <Confirmation appointment={resolution.data} />
        )
      ) : resolution.isError ? (
        <Card>
          <div ref={focusOnMount} tabIndex={-1} className="focus:outline-none">
            <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('success.errorTitle')}</h1>
            <Alert tone="error">{t(resolutionErrorKey(resolution.error))}</Alert>
          </div>
          <div className="mt-6 flex flex-wrap gap-3">
            <Button onClick={() => resolution.mutate(reference)}>{t('common:tryAgain')}</Button>
            <Link to="/dashboard/appointments" className={buttonClasses('secondary')}>
              {t('success.viewAppointments')}
            </Link>
          </div>
        </Card>
      ) : (
        <LoadingState label={t('success.loading')} className="min-h-[40vh]" />
      )}
    </div>
  );
}

type Row = { label: string; value: ReactNode };

/** The doctor with their specialties, as both confirmations name them. */
function DoctorValue({ doctor }: { doctor: Appointment['doctorId'] }) {
  const { t } = useTranslation('appointments');
  const specialties = useSpecialtyNames();
  return (
    <>
      <span className="block">{doctor.name || t('success.unknownDoctor')}</span>
      {doctor.specialties.length > 0 && (
        <span className="block text-slate-600">{specialties(doctor.specialties)}</span>
      )}
    </>
  );
}

/** What was paid, when anything was. */
function paymentRow(appointment: Appointment, t: TFunction<'appointments'>): Row[] {
  if (appointment.paymentAmount === null) return [];
  return [
    {
      label: t('success.payment'),
      value: (
        <>
          <span className="block">
            {t('success.amount', {
              amount: formatAmount(appointment.paymentAmount),
              currency: appointment.paymentCurrency ?? '',
            })}
          </span>
          <span className="block text-emerald-700">{t('success.paid')}</span>
        </>
      ),
    },
  ];
}

/** The page's frame: the check mark, its heading (focused) and line, the details and what next. */
function ConfirmationCard({
  confirmed,
  detailsHeading,
  rows,
  next,
  bookAnother,
}: {
  confirmed: string;
  detailsHeading: string;
  rows: Row[];
  next: string[];
  bookAnother: boolean;
}) {
  const { t } = useTranslation('appointments');
  return (
    <Card>
      <div className="text-center">
        <CheckCircleIcon width={48} height={48} className="mx-auto text-emerald-600" />
        <h1
          ref={focusOnMount}
          tabIndex={-1}
          className="mt-3 text-2xl font-bold text-slate-900 focus:outline-none"
        >
          {t('success.heading')}
        </h1>
        <p className="mt-1 text-slate-600">{confirmed}</p>
      </div>
      <section aria-labelledby="success-details" className="mt-6">
        <h2 id="success-details" className="text-lg font-semibold text-slate-900">
          {detailsHeading}
        </h2>
        <dl className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {rows.map((row) => (
            <div key={row.label} className="flex justify-between gap-4 px-3 py-2">
              <dt className="text-slate-600">{row.label}</dt>
              <dd className="text-right font-medium break-words text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="success-next" className="mt-6">
        <h2 id="success-next" className="text-lg font-semibold text-slate-900">
          {t('success.whatsNext')}
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
          {next.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Link to="/dashboard/appointments" className={buttonClasses('primary')}>
          {t('success.viewAppointments')}
        </Link>
        <Link to="/" className={buttonClasses('secondary')}>
          {t('success.backHome')}
        </Link>
        {bookAnother && (
          <Link to="/calendar" className={buttonClasses('secondary')}>
            {t('success.bookAnother')}
          </Link>
        )}
      </div>
    </Card>
  );
}

function Confirmation({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const when = viewerWhen(appointment, t);
  const rows: Row[] = [
    { label: t('success.doctor'), value: <DoctorValue doctor={appointment.doctorId} /> },
    { label: t('success.date'), value: formatLongCalendarDate(when.date) ?? when.date },
    { label: t('success.time'), value: when.time },
    ...paymentRow(appointment, t),
  ];
  if (appointment.reason) rows.push({ label: t('success.reason'), value: appointment.reason });
  return (
    <ConfirmationCard
      confirmed={t('success.confirmed')}
      detailsHeading={t('success.details')}
      rows={rows}
      next={[t('success.next.email'), t('success.next.internet'), t('success.next.join')]}
      bookAnother
    />
  );
}

/**
 * A prescription request's checkout (issue #21): no time was booked — the request went to the
 * doctor, who answers by its deadline.
 */
function RequestConfirmation({ appointment }: { appointment: Appointment }) {
  const { t } = useTranslation('appointments');
  const medicationLine = useMedicationLine();
  const request = appointment.prescriptionRequest;
  const doctor = appointment.doctorId.name || t('success.unknownDoctor');
  const answerBy = request ? (formatDateTime(request.answerBy) ?? request.answerBy) : '';
  const rows: Row[] = [
    { label: t('success.doctor'), value: <DoctorValue doctor={appointment.doctorId} /> },
  ];
  if (request)
    rows.push({ label: t('success.request.medicine'), value: medicationLine(request.medication) });
  rows.push({
    label: t('success.request.requestedOn'),
    value: formatInstantDate(appointment.startsAt) ?? appointment.startsAt,
  });
  if (request) rows.push({ label: t('success.request.answerBy'), value: answerBy });
  rows.push(...paymentRow(appointment, t));
  if (appointment.reason)
    rows.push({ label: t('success.request.reason'), value: appointment.reason });
  return (
    <ConfirmationCard
      confirmed={t('success.request.confirmed', { doctor, when: answerBy })}
      detailsHeading={t('success.request.details')}
      rows={rows}
      next={[
        t('success.next.email'),
        t('success.request.next.documents'),
        t('success.request.next.refund'),
      ]}
      bookAnother={false}
    />
  );
}
