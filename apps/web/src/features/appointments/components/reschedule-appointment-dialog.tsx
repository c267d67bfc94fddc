import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  RESCHEDULE_WINDOW_DAYS,
  rescheduleAppointmentRequestSchema,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { rescheduleAllowed } from '@vizita/shared/domain/appointment-policy';
import { getAvailabilityQueryOptions } from '../../../api/get-availability';
import { freeSlotsQueryOptions } from '../../../api/get-free-slots';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { FieldError } from '../../../components/ui/field-error';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatShortCalendarDate, toIsoDate } from '../../../lib/dates';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRescheduleAppointment } from '../api/reschedule-appointment';
import { isChosenSlotGone, rescheduleErrorKey } from '../utils/error-keys';
import { FormActions } from '../../../components/ui/form-actions';
import { summaryValues } from '../utils/appointment-summary';
import { viewerWhen } from '../../../components/appointment-when';

/** YYYY-MM-DD `days` after `date` in local time. */
function isoDaysAfter(date: Date, days: number): string {
  return toIsoDate(new Date(date.getFullYear(), date.getMonth(), date.getDate() + days));
}

/** A choice shown as a button: a visually hidden radio inside its label. */
function Choice({
  name,
  value,
  checked,
  invalid,
  describedBy,
  onChoose,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  invalid: boolean;
  describedBy: string | undefined;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-11 cursor-pointer items-center justify-center rounded-lg border px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600 has-[:focus-visible]:ring-offset-2',
        checked
          ? 'border-teal-700 bg-teal-700 text-white'
          : 'border-slate-300 bg-white text-slate-800 hover:border-teal-400 hover:bg-teal-50',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChoose}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        className="sr-only"
      />
      {children}
    </label>
  );
}

/**
 * The reschedule dialog (spec §2, §5, §7): the doctor's free dates of the next 14 days except the
 * appointment's own, then that date's free times; both are needed. A time taken meanwhile (409)
 * is said, and the day's times are loaded again (spec §8). Mounted only while open.
 */
export function RescheduleAppointmentDialog({
  appointment,
  onClose,
  onRescheduled,
}: {
  appointment: Appointment;
  onClose: () => void;
  onRescheduled: (appointment: Appointment) => void;
}) {
  const { t } = useTranslation('appointments');
  const reschedule = useRescheduleAppointment();
  const form = useSchemaForm({
    schema: rescheduleAppointmentRequestSchema,
    defaultValues: { newDate: '', newSlot: '' },
  });
  // "Today" as the dialog opened; the server clips the window to its own today anyway.
  const [today] = useState(() => new Date());
  // Inside the last 24 hours there is no moving it (ADR 0012); the server says so too.
  const tooLate = !rescheduleAllowed(new Date(appointment.startsAt), today);
  const summaryId = useId();
  // Whether the server's refusal named a field (then it is shown there, not below).
  const [fieldRejected, setFieldRejected] = useState(false);
  const doctorId = appointment.doctorId._id;
  const chosenDate = form.values.newDate;
  const chosenSlot = form.values.newSlot;

  const dates = useQuery({
    ...getAvailabilityQueryOptions({
      doctorId,
      startDate: toIsoDate(today),
      endDate: isoDaysAfter(today, RESCHEDULE_WINDOW_DAYS),
    }),
    enabled: !tooLate,
  });
  const slots = useQuery({
    ...freeSlotsQueryOptions({ doctorId, date: chosenDate }),
    enabled: chosenDate !== '',
  });
  const freeDates = useMemo(
    () =>
      (dates.data ?? [])
        .filter((entry) => entry.slots.length > 0 && entry.date !== appointment.date)
        .map((entry) => entry.date),
    [dates.data, appointment.date],
  );

  const dateField = form.field('newDate');
  const slotField = form.field('newSlot');
  const busy = form.isSubmitting;

  const chooseDate = (date: string) => {
    form.setFieldValues({ newDate: date, newSlot: '' });
    reschedule.reset();
  };
  const chooseSlot = (slot: string) => {
    form.setFieldValues({ newSlot: slot });
    reschedule.reset();
  };

  const onSubmit = form.handleSubmit(async ({ newDate, newSlot }) => {
    setFieldRejected(false);
    try {
      const moved = await reschedule.mutateAsync({
        appointmentId: appointment._id,
        doctorId,
        newDate,
        newSlot,
      });
      onRescheduled(moved);
    } catch (error) {
      // The day's times are being loaded again (the mutation's onError); choose anew.
      if (isChosenSlotGone(error)) form.setFieldValues({ newSlot: '' });
      else setFieldRejected(form.setServerErrors(error));
    }
  });

  let dateChoices;
  if (dates.isError) {
    dateChoices = (
      <ErrorState
        message={t('rescheduleDialog.datesError')}
        retrying={dates.isFetching}
        onRetry={() => void dates.refetch()}
      />
    );
  } else if (dates.isPending) {
    dateChoices = <LoadingState label={t('rescheduleDialog.loadingDates')} className="py-4" />;
  } else if (freeDates.length === 0) {
    dateChoices = <p className="text-sm text-slate-700">{t('rescheduleDialog.noDates')}</p>;
  } else {
    dateChoices = (
      <div className="flex flex-wrap gap-2">
        {freeDates.map((date) => (
          <Choice
            key={date}
            name="newDate"
            value={date}
            checked={date === chosenDate}
            invalid={Boolean(dateField.error)}
            describedBy={dateField['aria-describedby']}
            onChoose={() => chooseDate(date)}
          >
            {formatShortCalendarDate(date) ?? date}
          </Choice>
        ))}
      </div>
    );
  }

  let slotChoices;
  if (!chosenDate) {
    slotChoices = <p className="text-sm text-slate-700">{t('rescheduleDialog.chooseDateFirst')}</p>;
  } else if (slots.isError) {
    slotChoices = (
      <ErrorState
        message={t('rescheduleDialog.slotsError')}
        retrying={slots.isFetching}
        onRetry={() => void slots.refetch()}
      />
    );
  } else if (slots.isPending) {
    slotChoices = <LoadingState label={t('rescheduleDialog.loadingSlots')} className="py-4" />;
  } else if (slots.data.length === 0) {
    slotChoices = <p className="text-sm text-slate-700">{t('rescheduleDialog.noSlots')}</p>;
  } else {
    slotChoices = (
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
        {slots.data.map(({ slot, startsAt }) => (
          <Choice
            key={slot}
            name="newSlot"
            value={slot}
            checked={slot === chosenSlot}
            invalid={Boolean(slotField.error)}
            describedBy={slotField['aria-describedby']}
            onChoose={() => chooseSlot(slot)}
          >
            {
              viewerWhen({ date: chosenDate, slot, startsAt, timeZone: appointment.timeZone }, t)
                .time
            }
          </Choice>
        ))}
      </div>
    );
  }

  return (
    <Dialog
      title={t('rescheduleDialog.title')}
      descriptionId={summaryId}
      onClose={onClose}
      dismissible={!busy}
    >
      <p id={summaryId} className="mt-2 text-sm text-slate-700">
        {t('rescheduleDialog.current', summaryValues(appointment, t))}
      </p>
      {tooLate ? (
        <div className="mt-4 space-y-4">
          <Alert tone="info">{t('manage.errors.rescheduleTooLate')}</Alert>
          <FormActions className="pt-2">
            <Button variant="secondary" onClick={onClose}>
              {t('rescheduleDialog.keep')}
            </Button>
          </FormActions>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="mt-4 space-y-4"
          aria-busy={busy || undefined}
        >
          <fieldset disabled={busy} className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">
              {t('rescheduleDialog.newDate')}
            </legend>
            {dateChoices}
            <FieldError id={dateField.errorId} error={dateField.error} />
          </fieldset>

          <fieldset disabled={busy} className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">
              {t('rescheduleDialog.newTime')}
            </legend>
            {slotChoices}
            <FieldError id={slotField.errorId} error={slotField.error} />
          </fieldset>

          {reschedule.isError && !fieldRejected && (
            <Alert tone="error">{t(rescheduleErrorKey(reschedule.error))}</Alert>
          )}

          <FormActions className="pt-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('rescheduleDialog.keep')}
            </Button>
            <Button type="submit" busy={busy}>
              {t('rescheduleDialog.confirm')}
            </Button>
          </FormActions>
        </form>
      )}
    </Dialog>
  );
}
