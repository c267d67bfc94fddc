import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import {
  FOLLOW_UP_NOTE_MAX,
  FOLLOW_UP_SLOTS_MAX,
  FOLLOW_UP_WEEKS_MAX,
  FOLLOW_UP_WEEKS_MIN,
  proposeFollowUpSchema,
} from '@vizita/shared/contracts/follow-ups';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { useAvailability } from '../../../api/get-availability';
import { AppointmentWhen } from '../../../components/appointment-when';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { describedByIds, FieldError } from '../../../components/ui/field-error';
import { FieldLabel } from '../../../components/ui/field-label';
import { FormActions } from '../../../components/ui/form-actions';
import { SelectField } from '../../../components/ui/select-field';
import { LoadingState } from '../../../components/ui/spinner';
import { controlClasses } from '../../../components/ui/text-field';
import { errorKey } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatShortCalendarDate, toIsoDate } from '../../../lib/dates';
import { formSchema } from '../../../lib/form-schema';
import { formatMinorAmount } from '../../../lib/money';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useFollowUpPriceOfDoctor } from '../api/get-follow-up-price';
import { useProposeFollowUp } from '../api/propose-follow-up';

/** How far ahead the doctor picks times: the longest "in about N weeks", and its days around. */
const PICK_AHEAD_DAYS = FOLLOW_UP_WEEKS_MAX * 7;

/** The dialog's values: times of the doctor's calendar, or a number of weeks; and the note. */
type Fields = { mode: 'slots' | 'weeks'; slots: string[]; weeks: string; note: string };
const DEFAULTS: Fields = { mode: 'slots', slots: [], weeks: '2', note: '' };

/** Judged as POST /api/doctor/appointments/:id/follow-ups takes it. */
export const proposeFormSchema = formSchema({
  schema: proposeFollowUpSchema,
  toInput: (f: Fields) =>
    f.mode === 'slots'
      ? { slots: f.slots, note: f.note }
      : { suggestedWeeks: Number(f.weeks), note: f.note },
  fieldOf: (path) => (path[0] === 'suggestedWeeks' ? ['weeks', ...path.slice(1)] : path),
});

const ERROR_KEYS = {
  followUpSlotUnavailable: 'console.errors.slotUnavailable',
  followUpAlreadyOpen: 'console.errors.alreadyOpen',
  followUpNotProposable: 'console.errors.notProposable',
  tooManyRequests: 'console.errors.tooMany',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

const chip = (checked: boolean, disabled: boolean) =>
  cn(
    'flex min-h-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600 has-[:focus-visible]:ring-offset-2',
    checked
      ? 'cursor-pointer border-teal-700 bg-teal-700 text-white'
      : disabled
        ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-500'
        : 'cursor-pointer border-slate-300 bg-white text-slate-800 hover:border-teal-400 hover:bg-teal-50',
  );

/**
 * "Propose a follow-up" (issue #20): one to five of the doctor's own free times of the coming
 * weeks, or "in about N weeks" (the patient then picks any free time of that week), a note for
 * the patient, and the price the clinic set — shown, not chosen. Mounted only while open.
 */
export function ProposeFollowUpDialog({
  appointment,
  onClose,
  onProposed,
}: {
  appointment: Appointment;
  onClose: () => void;
  onProposed: () => void;
}) {
  const { t } = useTranslation('followUps');
  const propose = useProposeFollowUp();
  const price = useFollowUpPriceOfDoctor();
  const form = useSchemaForm({ schema: proposeFormSchema, defaultValues: DEFAULTS });
  const introId = useId();
  const noteId = useId();
  const doctorId = appointment.doctorId._id;
  const [today] = useState(() => new Date());
  const calendar = useAvailability({
    doctorId,
    startDate: toIsoDate(today),
    endDate: toIsoDate(
      new Date(today.getFullYear(), today.getMonth(), today.getDate() + PICK_AHEAD_DAYS),
    ),
  });
  const days = useMemo(() => calendar.data ?? [], [calendar.data]);
  const [chosenDay, setChosenDay] = useState('');
  const day = days.find((d) => d.date === chosenDay) ?? days[0];
  // Every offered time by its instant, for the list of those chosen on other days.
  const timeOf = useMemo(
    () =>
      new Map(
        days.flatMap((d) => d.times.map((time) => [time.startsAt, { ...time, date: d.date }])),
      ),
    [days],
  );
  const { mode, slots } = form.values;
  const slotsField = form.field('slots');
  const noteField = form.field('note');
  const busy = form.isSubmitting;

  const toggle = (startsAt: string) => {
    const next = slots.includes(startsAt)
      ? slots.filter((s) => s !== startsAt)
      : [...slots, startsAt].sort();
    form.setFieldValues({ slots: next });
    propose.reset();
  };

  const submit = form.handleSubmit(async (proposal) => {
    try {
      await propose.mutateAsync({ appointmentId: appointment._id, doctorId, proposal });
      onProposed();
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  let times;
  if (calendar.isPending)
    times = <LoadingState label={t('console.loadingTimes')} className="py-4" />;
  else if (calendar.isError || !day)
    times = <p className="text-sm text-slate-700">{t('console.noTimes')}</p>;
  else
    times = (
      <div className="space-y-3">
        <SelectField
          label={t('console.day')}
          value={day.date}
          onChange={(event) => setChosenDay(event.target.value)}
        >
          {days.map((d) => (
            <option key={d.date} value={d.date}>
              {formatShortCalendarDate(d.date) ?? d.date}
            </option>
          ))}
        </SelectField>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">
            {t('console.timesOf', { date: formatShortCalendarDate(day.date) ?? day.date })}
          </legend>
          <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
            {day.times.map((time) => {
              const checked = slots.includes(time.startsAt);
              const full = !checked && slots.length >= FOLLOW_UP_SLOTS_MAX;
              return (
                <label key={time.startsAt} className={chip(checked, full)}>
                  <input
                    type="checkbox"
                    name="slots"
                    value={time.startsAt}
                    checked={checked}
                    disabled={full}
                    onChange={() => toggle(time.startsAt)}
                    aria-describedby={slotsField['aria-describedby']}
                    className="sr-only"
                  />
                  {time.slot}
                </label>
              );
            })}
          </div>
        </fieldset>
      </div>
    );

  return (
    <Dialog
      title={t('console.dialogTitle')}
      descriptionId={introId}
      onClose={onClose}
      dismissible={!busy}
    >
      <p id={introId} className="mt-2 text-sm text-slate-700">
        {t('console.intro', { name: appointment.patient?.name ?? '' })}
      </p>
      <form
        noValidate
        onSubmit={(event) => void submit(event)}
        className="mt-4 space-y-4"
        aria-busy={busy || undefined}
      >
        <fieldset disabled={busy} className="space-y-2">
          <legend className="text-sm font-medium text-slate-800">{t('console.how')}</legend>
          {(['slots', 'weeks'] as const).map((value) => (
            <label key={value} className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="radio"
                name="mode"
                value={value}
                checked={mode === value}
                onChange={() => {
                  form.setFieldValues({ mode: value });
                  propose.reset();
                }}
                className="size-5 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              />
              {value === 'slots' ? t('console.modeSlots') : t('console.modeWeeks')}
            </label>
          ))}
        </fieldset>

        {mode === 'slots' ? (
          <div className="space-y-3">
            <fieldset disabled={busy} className="space-y-2">
              <legend className="sr-only">{t('console.modeSlots')}</legend>
              {times}
            </fieldset>
            <div>
              <p className="text-sm font-medium text-slate-800">
                {t('console.chosen', { count: slots.length, max: FOLLOW_UP_SLOTS_MAX })}
              </p>
              {slots.length > 0 && (
                <ul className="mt-2 space-y-1">
                  {slots.map((startsAt) => {
                    const time = timeOf.get(startsAt);
                    return (
                      <li
                        key={startsAt}
                        className="flex items-center justify-between gap-2 text-sm"
                      >
                        <span>
                          {time ? <AppointmentWhen date={time.date} slot={time.slot} /> : startsAt}
                        </span>
                        <Button
                          variant="ghost"
                          disabled={busy}
                          onClick={() => toggle(startsAt)}
                          aria-label={t('console.remove', {
                            when: time
                              ? `${formatShortCalendarDate(time.date) ?? time.date} ${time.slot}`
                              : startsAt,
                          })}
                        >
                          {t('console.removeShort')}
                        </Button>
                      </li>
                    );
                  })}
                </ul>
              )}
              <FieldError
                id={slotsField.errorId}
                error={slotsField.error && t('console.slotsRequired', { max: FOLLOW_UP_SLOTS_MAX })}
              />
            </div>
          </div>
        ) : (
          <SelectField label={t('console.weeks')} {...form.field('weeks')} disabled={busy}>
            {Array.from(
              { length: FOLLOW_UP_WEEKS_MAX - FOLLOW_UP_WEEKS_MIN + 1 },
              (_, i) => i + FOLLOW_UP_WEEKS_MIN,
            ).map((weeks) => (
              <option key={weeks} value={String(weeks)}>
                {t('console.weeksOption', { count: weeks })}
              </option>
            ))}
          </SelectField>
        )}

        <div className="space-y-1.5">
          <FieldLabel htmlFor={noteId}>{t('console.note')}</FieldLabel>
          <textarea
            id={noteId}
            name={noteField.name}
            rows={4}
            maxLength={FOLLOW_UP_NOTE_MAX}
            value={noteField.value}
            onChange={noteField.onChange}
            onBlur={noteField.onBlur}
            disabled={busy}
            aria-invalid={noteField['aria-invalid']}
            aria-describedby={describedByIds(`${noteId}-hint`, noteField['aria-describedby'])}
            className={controlClasses(Boolean(noteField.error))}
          />
          <p id={`${noteId}-hint`} className="text-xs text-slate-600">
            {t('console.noteHint')}
          </p>
          <FieldError id={noteField.errorId} error={noteField.error} />
        </div>

        <p className="text-sm text-slate-800">
          {price.data
            ? price.data.amountMinor === 0
              ? t('console.priceFree')
              : t('console.price', {
                  amount: formatMinorAmount(price.data.amountMinor),
                  currency: price.data.currency,
                })
            : t('console.priceUnknown')}
        </p>

        {propose.isError && (
          <Alert tone="error">
            {t(errorKey(propose.error, ERROR_KEYS, 'console.errors.failed'))}
          </Alert>
        )}

        <FormActions className="pt-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('console.keep')}
          </Button>
          <Button type="submit" busy={busy}>
            {t('console.send')}
          </Button>
        </FormActions>
      </form>
    </Dialog>
  );
}
