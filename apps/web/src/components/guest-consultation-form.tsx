import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vizita/shared/constants';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import {
  createGuestConsultationSchema,
  GUEST_NAME_MAX,
  type CreateGuestConsultation,
} from '@vizita/shared/contracts/guest-consultations';
import { isCalendarDate } from '@vizita/shared/domain/calendar-date';
import { addDays } from '@vizita/shared/domain/zoned-time';
import { isApiError } from '../lib/api-client';
import { useCreateGuestConsultation } from '../api/create-guest-consultation';
import { formatLongCalendarDate, toIsoDate } from '../lib/dates';
import { useFreeSlots } from '../api/get-free-slots';
import { isLocale } from '@vizita/shared/constants';
import { useSchemaForm, type FieldProps } from '../lib/use-schema-form';
import { ResendGuestLink } from './resend-guest-link';
import { Alert } from './ui/alert';
import { Button, buttonClasses } from './ui/button';
import { SelectField } from './ui/select-field';
import { TextField } from './ui/text-field';

// The staff's form for a video consultation with a person without an account (issue #12, KBV
// Anlage 31b), written once for the doctor console and the clinic administration. Its texts are
// the doctor console's (namespace `doctor`); every signed-in namespace is loaded together.

/** A doctor an admin may choose: only active ones can hold a consultation. */
export interface DoctorOption {
  id: string;
  name: string;
  timeZone: string;
}

/** Whose calendar: the signed-in doctor's own, or one the admin chooses. */
export type GuestConsultationDoctor =
  { kind: 'self'; doctorId: string } | { kind: 'choose'; doctors: DoctorOption[] };

/**
 * The doctor's own form sends no doctor: the server takes them from the session (and refuses
 * anyone else's id), so the id the page knows need not pass the admin's check.
 */
const selfSchema = z.extend(createGuestConsultationSchema, { doctorId: z.optional(z.string()) });

/** A language's name in that language, as the person reading the invitation knows it. */
function ownName(code: Locale): string {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
}

/** What went wrong on submit, beyond the field errors. */
type Problem = 'slotTaken' | 'slotNotOffered' | 'doctorNotFound' | 'forbidden' | 'failed';

const PROBLEM_KEYS = {
  slotTaken: 'guest.errors.slotTaken',
  slotNotOffered: 'guest.errors.slotNotOffered',
  doctorNotFound: 'guest.errors.doctorNotFound',
  forbidden: 'guest.errors.forbidden',
  failed: 'guest.errors.failed',
} as const satisfies Record<Problem, string>;

function problemOf(error: unknown): Problem {
  if (!isApiError(error)) return 'failed';
  if (error.code === 'slotTaken' || error.statusCode === 409) return 'slotTaken';
  if (error.code === 'slotNotOffered') return 'slotNotOffered';
  if (error.code === 'doctorNotFound') return 'doctorNotFound';
  if (error.statusCode === 403) return 'forbidden';
  return 'failed';
}

type FieldName = keyof CreateGuestConsultation;

/**
 * The schema says `invalidValue` for an empty choice or a short name; the field says what to do.
 * Other keys (an e-mail address, a name too long) keep their shared validation text.
 */
const INVALID_VALUE_KEYS = {
  name: 'guest.errors.name',
  email: null,
  locale: 'guest.errors.locale',
  date: 'guest.errors.date',
  slot: 'guest.errors.slot',
  doctorId: 'guest.errors.doctor',
} as const satisfies Record<FieldName, string | null>;

interface Created {
  appointmentId: string;
  mailSent: boolean;
  name: string;
  email: string;
  date: string;
  slot: string;
}

const linkClasses =
  'rounded font-medium text-teal-800 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

/** What the staff member reads once the consultation exists: where the link went, what next. */
function CreatedNote({
  created,
  appointmentPath,
  back,
  onAnother,
}: {
  created: Created;
  appointmentPath: (id: string) => string;
  back: { to: string; label: string };
  onAnother: () => void;
}) {
  const { t } = useTranslation('doctor');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the focus was in is gone: the confirmation takes it, so it is read out.
  useEffect(() => heading.current?.focus(), []);
  const when = {
    date: formatLongCalendarDate(created.date) ?? created.date,
    time: created.slot,
  };
  return (
    <section aria-labelledby="guest-created" className="space-y-4">
      <h2
        id="guest-created"
        ref={heading}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus-visible:outline-none"
      >
        {t('guest.created.heading', { name: created.name })}
      </h2>
      <p className="text-slate-800">{t('guest.created.when', when)}</p>
      {created.mailSent ? (
        <Alert tone="success">{t('guest.created.sent', { email: created.email })}</Alert>
      ) : (
        <Alert tone="error">{t('guest.created.notSent', { email: created.email })}</Alert>
      )}
      {!created.mailSent && <ResendGuestLink appointmentId={created.appointmentId} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Link to={appointmentPath(created.appointmentId)} className={buttonClasses('primary')}>
          {t('guest.created.open')}
        </Link>
        <Button variant="secondary" onClick={onAnother}>
          {t('guest.created.another')}
        </Button>
        <Link to={back.to} className={linkClasses}>
          {back.label}
        </Link>
      </div>
    </section>
  );
}

/**
 * A consultation for a person by name and e-mail, in one of the doctor's free slots: the person
 * gets a single-use link in the language chosen here. No account, no profile, no payment.
 */
export function GuestConsultationForm({
  doctor,
  appointmentPath,
  back,
}: {
  doctor: GuestConsultationDoctor;
  /** Where the created consultation is opened (the doctor's or the admin's page of it). */
  appointmentPath: (id: string) => string;
  /** Where the staff member goes back to (the console, the clinic's appointments). */
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation('doctor');
  const choosing = doctor.kind === 'choose';
  const today = toIsoDate(new Date());
  const form = useSchemaForm({
    schema: choosing ? createGuestConsultationSchema : selfSchema,
    defaultValues: {
      name: '',
      email: '',
      locale: isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE,
      date: today,
      slot: '',
      doctorId: doctor.kind === 'self' ? doctor.doctorId : '',
    },
  });
  const create = useCreateGuestConsultation();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [created, setCreated] = useState<Created | null>(null);

  const { doctorId, date } = form.values;
  const chosen = doctor.kind === 'choose' ? doctor.doctors.find((d) => d.id === doctorId) : null;
  const day = doctorId && isCalendarDate(date) ? { doctorId, date } : null;
  const slots = useFreeSlots(day);

  /** A field's props, with what to do in place of a bare "Invalid value". */
  function field(name: FieldName): FieldProps<string> {
    const props = form.field(name);
    const key = INVALID_VALUE_KEYS[name];
    return form.errors[name] === 'invalidValue' && key ? { ...props, error: t(key) } : props;
  }

  const submit = form.handleSubmit(async (data) => {
    setProblem(null);
    // The doctor's own consultation: the server knows the doctor from the session.
    const { doctorId: named, ...rest } = data;
    const body: CreateGuestConsultation = choosing ? { ...rest, doctorId: named } : rest;
    try {
      const result = await create.mutateAsync(body);
      setCreated({
        appointmentId: result.appointmentId,
        mailSent: result.mailSent,
        name: data.name,
        email: data.email,
        date: data.date,
        slot: data.slot,
      });
    } catch (error) {
      if (form.setServerErrors(error)) return;
      const found = problemOf(error);
      setProblem(found);
      // The slot is gone or never was: the free times reload (the mutation invalidated them).
      if (found === 'slotTaken' || found === 'slotNotOffered') form.setFieldValues({ slot: '' });
    }
  });

  if (created)
    return (
      <CreatedNote
        created={created}
        appointmentPath={appointmentPath}
        back={back}
        onAnother={() => {
          setCreated(null);
          setProblem(null);
          create.reset();
          form.reset();
        }}
      />
    );

  const slotField = field('slot');
  let slotPlaceholder = t('guest.form.slotChoose');
  if (!day)
    slotPlaceholder =
      choosing && !doctorId ? t('guest.form.doctorFirst') : t('guest.form.dateFirst');
  else if (slots.isPending) slotPlaceholder = t('guest.form.slotsLoading');
  else if (slots.isError) slotPlaceholder = t('guest.form.slotsFailed');
  else if (slots.data.length === 0) slotPlaceholder = t('guest.form.slotsNone');
  const slotHint = chosen
    ? t('guest.form.slotHintZone', { zone: chosen.timeZone })
    : choosing
      ? undefined
      : t('guest.form.slotHintOwn');

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-busy={form.isSubmitting || undefined}
      className="space-y-4"
    >
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        <TextField
          {...field('name')}
          label={t('guest.form.name')}
          hint={t('guest.form.nameHint')}
          autoComplete="off"
          maxLength={GUEST_NAME_MAX}
          required
        />
        <TextField
          {...field('email')}
          label={t('guest.form.email')}
          type="email"
          autoComplete="off"
          inputMode="email"
          required
        />
        <SelectField {...field('locale')} label={t('guest.form.locale')} required>
          {LOCALES.map((code) => (
            <option key={code} value={code} lang={code}>
              {ownName(code)}
            </option>
          ))}
        </SelectField>
        {doctor.kind === 'choose' && (
          <SelectField
            {...field('doctorId')}
            onChange={(event) => form.setFieldValues({ doctorId: event.target.value, slot: '' })}
            label={t('guest.form.doctor')}
            placeholder={t('guest.form.doctorChoose')}
            required
          >
            {doctor.doctors.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
        )}
        <TextField
          {...field('date')}
          onChange={(event) => form.setFieldValues({ date: event.target.value, slot: '' })}
          label={t('guest.form.date')}
          type="date"
          min={today}
          max={addDays(today, BOOKING_WINDOW_DAYS)}
          required
        />
        <SelectField
          {...slotField}
          label={t('guest.form.slot')}
          hint={slotHint}
          placeholder={slotPlaceholder}
          required
        >
          {slots.data?.map((s) => (
            <option key={s.slot} value={s.slot}>
              {s.slot}
            </option>
          ))}
        </SelectField>
      </div>
      {day && slots.isError && (
        <Alert tone="error">
          <p>{t('guest.errors.slotsFailed')}</p>
          <Button
            variant="secondary"
            className="mt-3"
            busy={slots.isFetching}
            onClick={() => void slots.refetch()}
          >
            {t('guest.form.reloadSlots')}
          </Button>
        </Alert>
      )}
      {problem && <Alert tone="error">{t(PROBLEM_KEYS[problem])}</Alert>}
      <p className="text-sm text-slate-700">{t('guest.form.note')}</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        <Link to={back.to} className={linkClasses}>
          {back.label}
        </Link>
        <Button type="submit" busy={form.isSubmitting}>
          {t('guest.form.submit')}
        </Button>
      </div>
    </form>
  );
}
