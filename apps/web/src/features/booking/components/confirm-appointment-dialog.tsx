import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import type { Doctor } from '@vizita/shared/contracts/doctors';
import {
  CONSULTATION_FEE_MINOR,
  BOOKING_CURRENCY,
  DEFAULT_VISIT_REASON,
  REASON_MAX,
  createSessionRequestSchema,
  type PaymentCountry,
} from '@vizita/shared/contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { CreditCardIcon, LockIcon } from '../../../components/ui/icons';
import { controlClasses } from '../../../components/ui/text-field';
import { formatLongCalendarDate } from '../../../lib/dates';
import { viewerWhen } from '../../../components/appointment-when';
import { useValidationMessage } from '../../../lib/i18n';
import { ForWhomField } from '../../../components/for-whom-field';
import { useCreatePaymentSession } from '../api/create-payment-session';
import { formatMinorAmount } from '../../../lib/money';
import { paymentErrorText } from '../utils/error-keys';
import { FormActions } from '../../../components/ui/form-actions';
import { useSpecialtyNames } from '../../../lib/specialty-name';
import { useSchemaForm } from '../../../lib/use-schema-form';

/** What the patient types here: the reason for the visit, by the session request's rule. */
const visitReasonSchema = z.object({ reason: createSessionRequestSchema.shape.reason });

/** Spec §9: Bulgarian speakers pay as patients in Bulgaria, everyone else as in Germany. */
export function paymentCountryFor(language: string): PaymentCountry {
  return language.toLowerCase().startsWith('bg') ? 'Bulgaria' : 'Germany';
}

/**
 * The Confirm Appointment modal (spec §2): the choice, an optional reason, the fee, then Pay —
 * which holds the slot and leaves for the provider's checkout. Mounted only while open.
 */
export function ConfirmAppointmentDialog({
  doctor,
  date,
  slot,
  startsAt,
  onClose,
}: {
  doctor: Doctor | null;
  date: string | null;
  slot: string | null;
  /** The slot's instant: the patient reads the day and time in their own zone (ADR 0019). */
  startsAt: string | undefined;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('appointments');
  const validationMessage = useValidationMessage();
  const create = useCreatePaymentSession();
  const form = useSchemaForm({ schema: visitReasonSchema, defaultValues: { reason: '' } });
  const { error: reasonError, errorId: reasonErrorId, ...reason } = form.field('reason');
  const [missingChoice, setMissingChoice] = useState(false);
  // For whom (issue #22): the caller, or a person in their account they may book for.
  const [forWhom, setForWhom] = useState('');
  const reasonId = useId();
  const country = paymentCountryFor(i18n.language);
  // Still busy after success: the browser is on its way to the checkout.
  const busy = create.isPending || create.isSuccess;

  const pay = form.handleSubmit((typed) => {
    if (!doctor || !date || !slot) {
      setMissingChoice(true);
      return;
    }
    setMissingChoice(false);
    create.mutate(
      {
        doctorId: doctor._id,
        date,
        slot,
        // Spec §5: optional, "General consultation" when left empty.
        reason: typed.reason || DEFAULT_VISIT_REASON,
        country,
        ...(forWhom ? { dependantId: forWhom } : {}),
      },
      { onSuccess: (session) => window.location.assign(session.sessionUrl) },
    );
  });

  let error: string | null = null;
  if (missingChoice) error = t('booking.errors.required');
  else if (create.isError) {
    const text = paymentErrorText(create.error);
    error = 'key' in text ? t(text.key) : (validationMessage(text.fieldCode) ?? null);
  }

  const specialties = useSpecialtyNames();
  const when =
    date && slot ? viewerWhen({ date, slot, startsAt, timeZone: doctor?.timeZone }, t) : null;
  const rows = [
    { label: t('booking.confirm.doctor'), value: doctor?.name },
    {
      label: t('booking.confirm.specialty'),
      value: doctor ? specialties(doctor.specialties) : undefined,
    },
    { label: t('booking.confirm.date'), value: when && formatLongCalendarDate(when.date) },
    { label: t('booking.confirm.time'), value: when?.time },
  ];

  return (
    <Dialog title={t('booking.confirm.title')} onClose={onClose} dismissible={!busy}>
      <dl className="mt-4 divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
        {rows.map((row) => (
          <div key={row.label} className="flex justify-between gap-4 px-3 py-2">
            <dt className="text-slate-600">{row.label}</dt>
            <dd className="text-right font-medium text-slate-900">{row.value}</dd>
          </div>
        ))}
      </dl>
      <form noValidate onSubmit={(event) => void pay(event)}>
        <ForWhomField className="mt-4" value={forWhom} onChange={setForWhom} disabled={busy} />
        <div className="mt-4 space-y-1.5">
          <FieldLabel htmlFor={reasonId}>{t('booking.confirm.reason')}</FieldLabel>
          <textarea
            id={reasonId}
            rows={3}
            maxLength={REASON_MAX}
            placeholder={t('booking.confirm.reasonPlaceholder')}
            {...reason}
            disabled={busy}
            className={controlClasses(Boolean(reasonError))}
          />
          <FieldError id={reasonErrorId} error={reasonError} />
        </div>
        <section
          aria-labelledby={`${reasonId}-payment`}
          className="mt-4 rounded-lg bg-slate-50 p-3"
        >
          <h3
            id={`${reasonId}-payment`}
            className="flex items-center gap-2 text-sm font-semibold text-slate-900"
          >
            <CreditCardIcon aria-hidden="true" />
            {t('booking.confirm.paymentDetails')}
          </h3>
          <dl className="mt-2 flex justify-between text-sm">
            <dt className="text-slate-600">{t('booking.confirm.fee')}</dt>
            <dd className="font-semibold text-slate-900">
              {t('booking.confirm.amount', {
                // What the server will charge: the doctor's fee, in euro (ADR 0018).
                amount: formatMinorAmount(doctor?.fee.amountMinor ?? CONSULTATION_FEE_MINOR),
                currency: doctor?.fee.currency ?? BOOKING_CURRENCY,
              })}
            </dd>
          </dl>
          <p className="mt-2 flex gap-2 text-xs text-slate-600">
            <LockIcon aria-hidden="true" className="mt-px shrink-0" />
            {t('booking.confirm.secureNote')}
          </p>
        </section>
        {error && (
          <Alert tone="error" className="mt-4">
            {error}
          </Alert>
        )}
        <FormActions className="mt-5">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('booking.confirm.cancel')}
          </Button>
          <Button type="submit" busy={busy}>
            {busy ? t('booking.confirm.processing') : t('booking.confirm.pay')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
