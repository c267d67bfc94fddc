import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../lib/person-name';
import { Link, useParams } from 'react-router';
import * as z from 'zod/mini';
import { adminCancelSchema, type AdminAppointmentDetail } from '@vizita/shared/contracts/admin';
import { ReasonField } from '../../../components/reason-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { SelectField } from '../../../components/ui/select-field';
import { isApiError } from '../../../lib/api-client';
import { formatShortDateTime } from '../../../lib/dates';
import { formatMinorAmount } from '../../../lib/money';
import { useSpecialtyNames } from '../../../lib/specialty-name';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useClinicCancel } from '../api/cancel-appointment';
import { useAdminAppointment } from '../api/get-admin-appointment';
import { useReassignAppointment, useReassignCandidates } from '../api/reassign-appointment';
import { useRefundPayment } from '../api/refund-payment';
import {
  APPOINTMENT_STATUS_KEYS,
  CANCELLED_BY_KEYS,
  PAYMENT_STATUS_KEYS,
  keyOf,
} from './status-labels';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3">
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className="break-words text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

const when = (iso: string) => <time dateTime={iso}>{formatShortDateTime(iso) ?? iso}</time>;

/** For the clinic, with a reason the patient reads: always a full refund. */
function CancelForm({
  appointment,
  onCancelled,
}: {
  appointment: AdminAppointmentDetail;
  onCancelled: () => void;
}) {
  const { t } = useTranslation('admin');
  const cancel = useClinicCancel();
  const form = useSchemaForm({ schema: adminCancelSchema, defaultValues: { reason: '' } });

  const submit = form.handleSubmit(({ reason }) =>
    cancel.mutate({ id: appointment._id, reason }, { onSuccess: onCancelled }),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="cancel-heading"
      className="space-y-3"
    >
      <h2 id="cancel-heading" className="text-lg font-semibold text-slate-900">
        {t('appointments.cancel')}
      </h2>
      <ReasonField
        label={t('appointments.reason')}
        hint={t('appointments.reasonHint')}
        field={form.field('reason')}
        rows={3}
      />
      {cancel.isError && (
        <Alert tone="error">
          {isApiError(cancel.error) && cancel.error.code === 'appointmentNotUpcoming'
            ? t('appointments.notUpcoming')
            : t('failed')}
        </Alert>
      )}
      <Button type="submit" busy={cancel.isPending}>
        {t('appointments.confirmCancel')}
      </Button>
    </form>
  );
}

/** Only the server's candidates are offered (the server checks the id): what can lack is a choice. */
const reassignFormSchema = z.object({ doctorId: z.string().check(z.minLength(1, 'invalidValue')) });

/**
 * Another doctor free at the very time takes the appointment (its doctor leaves or falls ill):
 * the patient keeps the time and the payment. Only the server's candidates are offered.
 */
function ReassignForm({ appointment }: { appointment: AdminAppointmentDetail }) {
  const { t } = useTranslation('admin');
  const specialtyNames = useSpecialtyNames();
  const candidates = useReassignCandidates(appointment._id);
  const reassign = useReassignAppointment();
  const form = useSchemaForm({ schema: reassignFormSchema, defaultValues: { doctorId: '' } });
  const doctor = form.field('doctorId');

  const submit = form.handleSubmit(({ doctorId }) =>
    reassign.mutate({ id: appointment._id, doctorId }),
  );
  const failure =
    reassign.isError && isApiError(reassign.error)
      ? reassign.error.code === 'reassignTooLate'
        ? t('appointments.reassign.tooLate')
        : reassign.error.code === 'doctorNotFreeThen'
          ? t('appointments.reassign.notFree')
          : t('failed')
      : reassign.isError
        ? t('failed')
        : undefined;

  return (
    <section aria-labelledby="reassign-heading" className="space-y-3">
      <h2 id="reassign-heading" className="text-lg font-semibold text-slate-900">
        {t('appointments.reassign.heading')}
      </h2>
      <p className="text-sm text-slate-700">{t('appointments.reassign.intro')}</p>
      {reassign.isSuccess ? (
        <Alert tone="success">
          {t('appointments.reassign.done', { name: reassign.data.doctor.name })}
        </Alert>
      ) : !candidates.data ? (
        candidates.isError ? (
          <ErrorState message={t('loadFailed')} onRetry={() => void candidates.refetch()} />
        ) : (
          <LoadingState />
        )
      ) : candidates.data.length === 0 ? (
        <p className="text-sm text-slate-700">{t('appointments.reassign.none')}</p>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-3">
          <SelectField
            label={t('appointments.reassign.doctor')}
            {...doctor}
            error={doctor.error && t('appointments.reassign.chooseFirst')}
          >
            <option value="">{t('appointments.reassign.choose')}</option>
            {candidates.data.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name} · {specialtyNames(d.specialties)}
              </option>
            ))}
          </SelectField>
          {failure && <Alert tone="error">{failure}</Alert>}
          <Button type="submit" busy={reassign.isPending}>
            {t('appointments.reassign.submit')}
          </Button>
        </form>
      )}
    </section>
  );
}

function RefundButton({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('admin');
  const refund = useRefundPayment();
  return (
    <div className="space-y-2">
      <Button variant="secondary" busy={refund.isPending} onClick={() => refund.mutate(paymentId)}>
        {t('appointments.refund')}
      </Button>
      {refund.isError && <Alert tone="error">{t('failed')}</Alert>}
      {refund.isSuccess && <Alert tone="success">{t('payment.refundRequested')}</Alert>}
    </div>
  );
}

/** /admin/appointments/:id — one appointment and its payment; cancel it or refund the payment. */
export function AdminAppointmentPage() {
  const { t } = useTranslation('admin');
  const personName = usePersonName();
  const { id = '' } = useParams();
  const query = useAdminAppointment(id);
  const [justCancelled, setJustCancelled] = useState(false);
  const a = query.data;
  const statusKey = a && keyOf(APPOINTMENT_STATUS_KEYS, a.status);
  const byKey = a && keyOf(CANCELLED_BY_KEYS, a.cancelledBy);
  const paymentKey = a?.payment && keyOf(PAYMENT_STATUS_KEYS, a.payment.status);

  return (
    <div className="space-y-6">
      <PageTitle title={t('appointments.detailTitle')} />
      <Link
        to="/admin/appointments"
        className="inline-block rounded text-sm font-semibold text-teal-800 underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        {t('appointments.back')}
      </Link>
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('appointments.detailTitle')}
      </h1>
      {!a ? (
        query.isError ? (
          <ErrorState
            message={
              isApiError(query.error) && query.error.statusCode === 404
                ? t('appointments.notFound')
                : t('loadFailed')
            }
            onRetry={() => void query.refetch()}
          />
        ) : (
          <LoadingState />
        )
      ) : (
        <>
          <Card>
            <dl className="divide-y divide-slate-100 text-sm">
              <Row term={t('appointments.when')}>
                {when(a.startsAt)} {t('appointments.doctorZone', { zone: a.timeZone })}
              </Row>
              <Row term={t('appointments.statusLabel')}>
                {statusKey ? t(statusKey) : a.status}
                {byKey && ` · ${t(byKey)}`}
              </Row>
              {a.cancelledAt && (
                <Row term={t('appointments.cancelledAt')}>{when(a.cancelledAt)}</Row>
              )}
              {a.cancellationReason && (
                <Row term={t('appointments.cancelReason')}>{a.cancellationReason}</Row>
              )}
              <Row term={t('appointments.patientColumn')}>
                {personName(a.patient.name)}
                {a.patient.email && ` (${a.patient.email})`}
              </Row>
              <Row term={t('appointments.doctorColumn')}>
                {a.doctor.name} ({a.doctor.email})
              </Row>
              <Row term={t('payment.heading')}>
                {a.payment
                  ? t('payment.line', {
                      amount: formatMinorAmount(a.payment.amountMinor),
                      currency: a.payment.currency,
                      status: paymentKey ? t(paymentKey) : a.payment.status,
                    })
                  : t('payment.none')}
              </Row>
              {a.payment?.refundedAt && (
                <Row term={t('payment.refundedAt')}>{when(a.payment.refundedAt)}</Row>
              )}
            </dl>
          </Card>
          {a.status === 'upcoming' && (
            <Card>
              <ReassignForm appointment={a} />
            </Card>
          )}
          {a.status === 'upcoming' && (
            <Card>
              <CancelForm appointment={a} onCancelled={() => setJustCancelled(true)} />
            </Card>
          )}
          {a.status !== 'upcoming' && a.payment?.status === 'completed' && (
            <Card>
              <RefundButton paymentId={a.payment._id} />
            </Card>
          )}
          {justCancelled && <Alert tone="success">{t('appointments.cancelled')}</Alert>}
        </>
      )}
    </div>
  );
}
