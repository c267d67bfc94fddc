import { eq, sql } from 'drizzle-orm';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { isTimeZone } from '@vizita/shared/domain/time-zone';
import { isLocale, type Locale } from '@vizita/shared/constants';
import {
  REQUEST_LAPSED_CANCEL_REASON,
  SLOT_LOST_CANCEL_REASON,
} from '@vizita/shared/contracts/appointments';
import { JOIN_CLOSES_AFTER_MS, JOIN_OPENS_BEFORE_MS } from '@vizita/shared/domain/join-window';
import type { Db, Tx } from '../../db/client.ts';
import { appointments, doctorProfiles, guestInvitations, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { calendarEvent } from '../../lib/ics.ts';
import type { NotificationKind } from '@vizita/shared/domain/notification-kinds';
import { enqueue, type JobWorker } from '../jobs/queue.ts';
import { notifyAboutAppointment } from '../notifications/appointment-notices.ts';
import { emailWanted } from '../notifications/preferences.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { layOutMail } from '../mail/layout.ts';
import { APPOINTMENT_MAIL_COPY, type AppointmentMailKind } from './appointment-mail-copy.ts';
import type { HealthText } from './health-text.ts';
import {
  DOCTOR_NOTICE_COPY,
  isDoctorNoticeKind,
  type DoctorNoticeKind,
} from './doctor-notice-copy.ts';

export const APPOINTMENT_MAIL_JOB = 'appointment-mail';

/** The reminders before a start (issue #5): a day ahead, and when the join window opens. */
const REMINDERS = {
  reminder24h: 24 * 60 * 60_000,
  reminder15m: JOIN_OPENS_BEFORE_MS,
} as const satisfies Partial<Record<AppointmentMailKind, number>>;
type ReminderKind = keyof typeof REMINDERS;
const isReminder = (kind: string): kind is ReminderKind => Object.hasOwn(REMINDERS, kind);

/**
 * Queues one mail to the appointment's patient, in the caller's transaction. `variant` tells two
 * mails of one kind apart (a second reschedule); the same key twice queues one mail. Answers the
 * job's key, for `JobWorker.runNow` once the transaction committed.
 */
export async function queueAppointmentMail(
  tx: Tx,
  kind: AppointmentMailKind,
  appointmentId: string,
  now: Date,
  options: { variant?: string; refund?: 'due' | 'none' } = {},
): Promise<string> {
  const key = `mail:${kind}:${appointmentId}${options.variant ? `:${options.variant}` : ''}`;
  await enqueue(tx, {
    kind: APPOINTMENT_MAIL_JOB,
    key,
    runAt: now,
    payload: { kind, appointmentId, ...(options.refund ? { refund: options.refund } : {}) },
  });
  return key;
}

/**
 * Queues the notice of a booking, cancellation or reschedule to the appointment's doctor, in the
 * caller's transaction, beside the patient's mail of the same event. Answers the job's key.
 */
export async function queueDoctorNotice(
  tx: Tx,
  kind: DoctorNoticeKind,
  appointmentId: string,
  now: Date,
  variant?: string,
  /** Another doctor than the appointment's own: the one a reassignment took it from. */
  doctorId?: string,
): Promise<string> {
  const key = `mail:doctor:${kind}:${appointmentId}${variant ? `:${variant}` : ''}`;
  await enqueue(tx, {
    kind: APPOINTMENT_MAIL_JOB,
    key,
    runAt: now,
    payload: { kind, appointmentId, recipient: 'doctor', ...(doctorId ? { doctorId } : {}) },
  });
  return key;
}

/**
 * Queues the reminders for the appointment's current start. Reminders of an earlier start (before
 * a reschedule) need no removal: their handler sees that the start moved and sends nothing.
 * A reminder whose time has already come when the appointment is booked is not queued.
 */
export async function queueReminders(
  tx: Tx,
  appointment: { id: string; startsAt: Date },
  now: Date,
) {
  const startsAt = appointment.startsAt.toISOString();
  for (const [kind, before] of Object.entries(REMINDERS)) {
    const runAt = new Date(appointment.startsAt.getTime() - before);
    if (runAt <= now) continue;
    await enqueue(tx, {
      kind: APPOINTMENT_MAIL_JOB,
      key: `mail:${kind}:${appointment.id}:${startsAt}`,
      runAt,
      payload: { kind, appointmentId: appointment.id, startsAt },
    });
  }
}

/**
 * The kind of notification each mail is, for the reader's e-mail preferences (issue #20): the
 * cancellations, moves and reassignments are essential and always go; the visit's own record —
 * completed, no-show, the doctor's summary — is no notification and always goes too.
 */
const PATIENT_MAIL_NOTIFICATION = {
  confirmed: 'bookingConfirmed',
  rescheduled: 'appointmentMoved',
  reassigned: 'appointmentReassigned',
  cancelled: 'appointmentCancelled',
  refunded: 'refundIssued',
  reminder24h: 'appointmentReminder',
  reminder15m: 'appointmentReminder',
  completed: null,
  no_show: null,
  doctor_summary: null,
} as const satisfies Record<AppointmentMailKind, NotificationKind | null>;
const DOCTOR_NOTICE_NOTIFICATION = {
  confirmed: 'newBooking',
  assigned: 'newBooking',
  cancelled: 'patientCancelled',
  rescheduled: 'appointmentMoved',
  reassigned: 'appointmentReassigned',
} as const satisfies Record<DoctorNoticeKind, NotificationKind>;

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-US' : locale);
const localeOf = (value: string): Locale => (isLocale(value) ? value : 'en');

export const formatMoney = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(minor / 100);

/**
 * The day and time of an instant for a reader: in their language's conventions (English as the
 * spec writes it, "9:30 AM"; Bulgarian and German 24-hour "09:30") and in `zone`, named unless
 * the reader is known to live in the zone the appointment was booked in (ADR 0019).
 */
export function mailDateTime(instant: Date, locale: Locale, zone: string, nameZone: boolean) {
  const date = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: 'full',
    timeZone: zone,
  }).format(instant);
  const clock = new Intl.DateTimeFormat(intlLocale(locale), {
    hour: locale === 'en' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: locale === 'en' ? 'h12' : 'h23',
    timeZone: zone,
  }).format(instant);
  return { date, time: nameZone ? `${clock} (${zone})` : clock };
}

/** One instant as a single line, "Friday, 27 November 2026, 09:30": a request's day and deadline. */
const mailInstant = (instant: Date, locale: Locale, zone: string) => {
  const { date, time } = mailDateTime(instant, locale, zone, false);
  return `${date}, ${time}`;
};

/** The doctor's summary for the patient, with the verification it carries (ADR 0037). */
type Summary = { text: string; verification: { shortCode: string; url: string } | null };

type Rendered = {
  locale: Locale;
  to: string;
  subject: string;
  hello: string;
  intro: string;
  rows: [string, string][];
  notes: string[];
  action: { label: string; url: string };
  signature: string;
};

// What a patient wrote about their health (the reason for the visit, why they cancelled) never
// goes into a mail: mail crosses providers in clear. Both read it in the app; the summary the
// doctor writes for the patient is the one text a mail carries on purpose (issue #10).

/** Every appointment mail: greeting and intro, the appointment's facts, notes, one action. */
function render(mail: Rendered): Omit<MailMessage, 'attachments'> {
  return layOutMail({
    locale: mail.locale,
    to: mail.to,
    subject: mail.subject,
    paragraphs: [mail.hello, mail.intro],
    rows: mail.rows,
    notes: mail.notes,
    action: mail.action,
    signature: mail.signature,
  });
}

/**
 * Seconds since 2023-11-14 when the mail is written: every later mail about an appointment carries
 * a higher SEQUENCE, so calendars apply a move or a cancellation over the earlier invite.
 */
const inviteSequence = (now: Date) => Math.max(0, Math.floor(now.getTime() / 1000) - 1_700_000_000);

/** The address part of "Name <address>". */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * Writes and sends the mails of an appointment's life, in the recipient's language, as the
 * `appointment-mail` job (so a mail survives a crash and is sent once however many instances run):
 * the patient's, and the notices to the doctor.
 */
export function createAppointmentMails({
  db,
  mailer,
  clock,
  appUrl,
  jobs,
  readSummary,
  mailFrom = 'Vizita <no-reply@vizita.local>',
  healthText,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  jobs: JobWorker;
  /** The doctor's newest summary for the patient, decrypted (the private notes never). */
  readSummary: (appointmentId: string) => Promise<Summary | null>;
  /** The organizer of the calendar invites. */
  mailFrom?: string;
  /** Opens the reason and cancellation reason the mails quote. */
  healthText: HealthText;
}) {
  const organizer = { name: 'Vizita', email: addressOf(mailFrom) };

  /** The appointment with its patient and a doctor: its own, or the one named (a reassignment's). */
  async function load(appointmentId: string, doctorId?: string) {
    const doctorOf = doctorId ? sql`${doctorId}::uuid` : appointments.doctorId;
    const [row] = await db
      .select({
        appointment: appointments,
        doctor: users,
        title: doctorProfiles.title,
        doctorZone: doctorProfiles.timeZone,
      })
      .from(appointments)
      // Left joined: a "see a doctor now" visit that nobody took is refunded without a doctor.
      .leftJoin(users, eq(users.id, doctorOf))
      .leftJoin(doctorProfiles, eq(doctorProfiles.userId, doctorOf))
      .where(eq(appointments.id, appointmentId));
    if (!row) return undefined;
    const [account] = await db.select().from(users).where(eq(users.id, row.appointment.patientId));
    // A guest without an account (ADR 0028) is written to at the address their invitation went to.
    const [invitation] =
      account?.userType === 'guest'
        ? await db
            .select({ email: guestInvitations.email })
            .from(guestInvitations)
            .where(eq(guestInvitations.appointmentId, appointmentId))
        : [];
    const patient = account && invitation ? { ...account, email: invitation.email } : account;
    // The patient's own words, opened for the mail that quotes them.
    return patient ? { ...row, patient, texts: healthText.all(row.appointment) } : undefined;
  }
  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;
  type LoadedWithDoctor = Loaded & { doctor: NonNullable<Loaded['doctor']> };

  /** Who the patient sees: the doctor, or — nobody took her yet — the first free one (ADR 0042). */
  const doctorNameOf = (data: Loaded, t: { firstFreeDoctor: string }) =>
    data.doctor
      ? doctorDisplayName({ ...data.doctor, title: data.title ?? 'Dr.' })
      : t.firstFreeDoctor;

  /** A reminder is sent only for the start it was queued for, and only while it is still useful. */
  function reminderIsDue(
    kind: ReminderKind,
    appointment: { status: string; startsAt: Date },
    queuedFor: string | undefined,
  ) {
    if (appointment.status !== 'upcoming') return false;
    if (appointment.startsAt.toISOString() !== queuedFor) return false;
    const start = appointment.startsAt.getTime();
    const latest =
      kind === 'reminder24h' ? start - JOIN_OPENS_BEFORE_MS : start + JOIN_CLOSES_AFTER_MS;
    return clock().getTime() < latest;
  }

  /**
   * The calendar entry of the appointment for one attendee: the same UID in every mail, a
   * sequence that grows with time (a later mail wins), CANCEL to remove it.
   */
  function invite(
    a: Loaded['appointment'],
    method: 'REQUEST' | 'CANCEL',
    attendee: { name: string; email: string },
    summary: string,
    description: string,
    url: string,
  ) {
    const now = clock();
    return {
      filename: 'invite.ics',
      content: calendarEvent({
        uid: `${a.id}@vizita`,
        sequence: inviteSequence(now),
        start: a.startsAt,
        end: a.endsAt,
        summary,
        description,
        url,
        now,
        method,
        organizer,
        attendee,
      }),
      contentType: `text/calendar; charset=utf-8; method=${method}`,
    };
  }

  /**
   * A prescription request's own mails (issue #21): sent and closed — declined, lapsed or
   * withdrawn — with the day it was made and the deadline, never a calendar invite or a join link.
   */
  function composeRequestForPatient(
    kind: 'confirmed' | 'cancelled',
    data: Loaded,
    refund: string | undefined,
  ): MailMessage {
    const { appointment: a, patient, texts } = data;
    const locale = localeOf(patient.locale);
    const t = APPOINTMENT_MAIL_COPY[locale];
    const zone = isTimeZone(patient.timeZone) ? patient.timeZone : a.timeZone;
    const at = (instant: Date) => mailInstant(instant, locale, zone);
    const amount =
      a.priceMinor !== null && a.currency ? formatMoney(a.priceMinor, a.currency, locale) : '';
    const rows: [string, string][] = [
      [t.doctor, doctorNameOf(data, t)],
      [t.request.requestedOn, at(a.startsAt)],
    ];
    const notes: string[] = [];
    let copy = t.request.confirmed;
    if (kind === 'confirmed') {
      if (amount) rows.push([t.paid, amount]);
      rows.push([t.request.answerBy, at(a.endsAt)]);
      notes.push(t.request.answerNote);
    } else {
      copy =
        a.cancelledBy === 'patient'
          ? t.request.withdrawn
          : a.cancelledBy === 'doctor'
            ? t.request.declined
            : t.request.lapsed;
      // The doctor's words to the patient (why not); the clinic's lapse in her language.
      if (texts.cancelReason && a.cancelledBy !== 'patient')
        rows.push([
          t.cancelReason,
          texts.cancelReason === REQUEST_LAPSED_CANCEL_REASON
            ? t.request.lapsedReason
            : texts.cancelReason,
        ]);
      if (refund === 'due') notes.push(t.refundDue(amount));
    }
    return render({
      locale,
      to: patient.email,
      subject: copy.subject,
      hello: t.hello(patient.firstName),
      intro: copy.intro,
      rows,
      notes,
      action: { label: t.actions.appointments, url: `${appUrl}/dashboard/appointments` },
      signature: t.signature,
    });
  }

  function composeForPatient(
    kind: AppointmentMailKind,
    data: Loaded,
    refund: string | undefined,
    summary: Summary | null,
  ): MailMessage {
    const { appointment: a, patient, texts } = data;
    if (a.plan === 'prescription' && (kind === 'confirmed' || kind === 'cancelled'))
      return composeRequestForPatient(kind, data, refund);
    const locale = localeOf(patient.locale);
    const t = APPOINTMENT_MAIL_COPY[locale];
    const doctor = doctorNameOf(data, t);
    // The patient's own zone when their browser told us one; else the zone it was booked in.
    const known = isTimeZone(patient.timeZone);
    const zone = known ? patient.timeZone! : a.timeZone;
    const { date, time } = mailDateTime(a.startsAt, locale, zone, !known || zone !== a.timeZone);
    const amount =
      a.priceMinor !== null && a.currency ? formatMoney(a.priceMinor, a.currency, locale) : '';
    const meetingUrl = `${appUrl}/dashboard/meeting/${a.id}`;

    const rows: [string, string][] = [
      [t.doctor, doctor],
      [t.date, date],
      [t.time, time],
    ];
    const notes: string[] = [];
    let action = { label: t.actions.appointments, url: `${appUrl}/dashboard/appointments` };
    let method: 'REQUEST' | 'CANCEL' | undefined;
    switch (kind) {
      case 'confirmed':
      case 'rescheduled':
      case 'reassigned':
        if (amount) rows.push([t.paid, amount]);
        notes.push(t.join, t.calendar);
        method = 'REQUEST';
        break;
      case 'reminder24h':
      case 'reminder15m':
        notes.push(t.join);
        action = { label: t.actions.join, url: meetingUrl };
        break;
      case 'cancelled': {
        // A doctor's or the clinic's words to the patient; the patient's own stay in the app.
        if (texts.cancelReason && a.cancelledBy !== 'patient')
          rows.push([
            t.cancelReason,
            texts.cancelReason === SLOT_LOST_CANCEL_REASON ? t.slotLost : texts.cancelReason,
          ]);
        if (a.cancelledBy === 'doctor') notes.push(t.cancelledByDoctor);
        if (refund === 'due') notes.push(t.refundDue(amount));
        if (refund === 'none') notes.push(t.noRefund);
        action = { label: t.actions.book, url: `${appUrl}/calendar` };
        // The calendar entry an earlier invite made leaves the patient's calendar.
        method = 'CANCEL';
        break;
      }
      case 'refunded':
        if (amount) rows.push([t.paid, amount]);
        action = { label: t.actions.billing, url: `${appUrl}/dashboard/billing` };
        break;
      case 'completed':
        break;
      case 'no_show':
        notes.push(t.noShowHelp);
        action = { label: t.actions.book, url: `${appUrl}/calendar` };
        break;
      case 'doctor_summary':
        if (summary) notes.push(`${t.summaryHeading}\n${summary.text}`);
        // The summary is a signed document: its code lets anyone the patient shows it check it.
        if (summary?.verification)
          notes.push(
            t.summaryVerification(summary.verification.shortCode, summary.verification.url),
          );
        break;
    }

    const copy = t[kind];
    const message = render({
      locale,
      to: patient.email,
      subject: copy.subject,
      hello: t.hello(patient.firstName),
      intro: copy.intro,
      rows,
      notes,
      action,
      signature: t.signature,
    });
    if (!method) return message;
    const attendee = { name: `${patient.firstName} ${patient.lastName}`, email: patient.email };
    return {
      ...message,
      attachments: [
        invite(a, method, attendee, t.summary(doctor), `${t.join}\n${meetingUrl}`, meetingUrl),
      ],
    };
  }

  function composeForDoctor(kind: DoctorNoticeKind, data: LoadedWithDoctor): MailMessage {
    const { appointment: a, patient, doctor, texts } = data;
    const locale = localeOf(doctor.locale);
    const t = DOCTOR_NOTICE_COPY[locale];
    const patientName = `${patient.firstName} ${patient.lastName}`;
    // Always the doctor's own zone: their hours and schedule are in it.
    const zone = data.doctorZone ?? a.timeZone;
    if (a.plan === 'prescription' && (kind === 'confirmed' || kind === 'cancelled')) {
      // A request: no time on the calendar, so no invite; what was asked is read in the console.
      const at = (instant: Date) => mailInstant(instant, locale, zone);
      const copy = t.request[kind];
      const notes = kind === 'cancelled' ? [t.cancelledBy[a.cancelledBy ?? 'clinic']] : [];
      return render({
        locale,
        to: doctor.email,
        subject: copy.subject(patientName),
        hello: t.hello(`${data.title ?? 'Dr.'} ${doctor.lastName}`),
        intro: copy.intro,
        rows: [
          [t.patient, patientName],
          [t.request.requestedOn, at(a.startsAt)],
          [t.request.answerBy, at(a.endsAt)],
        ],
        notes,
        action: { label: t.open, url: `${appUrl}/doctor/appointments/${a.id}` },
        signature: t.signature,
      });
    }
    const { date, time } = mailDateTime(a.startsAt, locale, zone, false);
    const url = `${appUrl}/doctor/appointments/${a.id}`;
    const rows: [string, string][] = [
      [t.patient, patientName],
      [t.date, date],
      [t.time, time],
    ];
    const notes: string[] = [];
    if (kind === 'cancelled') {
      if (texts.cancelReason && a.cancelledBy !== 'patient')
        rows.push([t.cancelReason, texts.cancelReason]);
      notes.push(t.cancelledBy[a.cancelledBy ?? 'clinic']);
    }
    notes.push(t.calendar);
    const message = render({
      locale,
      to: doctor.email,
      subject: t[kind].subject(patientName),
      hello: t.hello(`${data.title ?? 'Dr.'} ${doctor.lastName}`),
      intro: t[kind].intro,
      rows,
      notes,
      action: { label: t.open, url },
      signature: t.signature,
    });
    const attendee = { name: `${doctor.firstName} ${doctor.lastName}`, email: doctor.email };
    return {
      ...message,
      attachments: [
        invite(
          a,
          kind === 'cancelled' || kind === 'reassigned' ? 'CANCEL' : 'REQUEST',
          attendee,
          t.summary(patientName),
          url,
          url,
        ),
      ],
    };
  }

  jobs.register(APPOINTMENT_MAIL_JOB, async (payload) => {
    const kind = payload.kind as AppointmentMailKind;
    const data = await load(payload.appointmentId ?? '', payload.doctorId);
    if (!data) return;
    if (payload.recipient === 'doctor') {
      const { doctor } = data;
      if (
        doctor &&
        isDoctorNoticeKind(kind) &&
        (await emailWanted(db, doctor.id, DOCTOR_NOTICE_NOTIFICATION[kind]))
      )
        await mailer.send(composeForDoctor(kind, { ...data, doctor }));
      return;
    }
    // A deleted account gets no more mail (its address is gone anyway).
    if (data.patient.erasedAt) return;
    if (isReminder(kind) && !reminderIsDue(kind, data.appointment, payload.startsAt)) return;
    const summary = kind === 'doctor_summary' ? await readSummary(data.appointment.id) : null;
    if (kind === 'doctor_summary' && !summary) return;
    const notification = PATIENT_MAIL_NOTIFICATION[kind];
    if (!notification || (await emailWanted(db, data.patient.id, notification)))
      await mailer.send(composeForPatient(kind, data, payload.refund, summary));
    // The reminder is on the bell too, after its mail: a mail that failed is retried, and the
    // bell must not show the reminder twice.
    if (isReminder(kind))
      await db.transaction((tx) =>
        notifyAboutAppointment(tx, data.appointment.id, [
          {
            to: 'patient',
            kind: 'appointmentReminder',
            ...(kind === 'reminder15m'
              ? { link: `/dashboard/meeting/${data.appointment.id}` }
              : {}),
          },
        ]),
      );
  });
}
