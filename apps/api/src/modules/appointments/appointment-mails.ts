import { eq } from 'drizzle-orm';
import { LOCALES, type Locale } from '@vizita/shared/constants';
import { SLOT_LOST_CANCEL_REASON } from '@vizita/shared/contracts/appointments';
import { JOIN_CLOSES_AFTER_MS, JOIN_OPENS_BEFORE_MS } from '@vizita/shared/domain/join-window';
import type { Db } from '../../db/client.ts';
import { appointments, doctorProfiles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { calendarEvent } from '../../lib/ics.ts';
import { enqueue, type JobWorker } from '../jobs/queue.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import { APPOINTMENT_MAIL_COPY, type AppointmentMailKind } from './appointment-mail-copy.ts';

type Tx = Parameters<typeof enqueue>[0];

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

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-US' : locale);
const isLocale = (value: string): value is Locale => (LOCALES as readonly string[]).includes(value);

export const formatMoney = (minor: number, currency: string, locale: Locale) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'currency', currency }).format(minor / 100);

/**
 * Writes and sends the mails of an appointment's life, in the patient's language, as the
 * `appointment-mail` job (so a mail survives a crash and is sent once however many instances run).
 */
export function createAppointmentMails({
  db,
  mailer,
  clock,
  appUrl,
  jobs,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
  jobs: JobWorker;
}) {
  async function load(appointmentId: string) {
    const [row] = await db
      .select({
        appointment: appointments,
        doctor: { firstName: users.firstName, lastName: users.lastName },
        title: doctorProfiles.title,
      })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.doctorId))
      .leftJoin(doctorProfiles, eq(doctorProfiles.userId, appointments.doctorId))
      .where(eq(appointments.id, appointmentId));
    if (!row) return undefined;
    const [patient] = await db.select().from(users).where(eq(users.id, row.appointment.patientId));
    return patient ? { ...row, patient } : undefined;
  }

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

  function compose(
    kind: AppointmentMailKind,
    data: NonNullable<Awaited<ReturnType<typeof load>>>,
    refund: string | undefined,
  ): MailMessage {
    const { appointment: a, patient } = data;
    const locale = isLocale(patient.locale) ? patient.locale : 'en';
    const t = APPOINTMENT_MAIL_COPY[locale];
    const doctor = [data.title ?? 'Dr.', data.doctor.firstName, data.doctor.lastName].join(' ');
    const date = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'full',
      timeZone: a.timeZone,
    }).format(a.startsAt);
    const time = `${new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short', timeZone: a.timeZone }).format(a.startsAt)} (${a.timeZone})`;
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
    let withInvite = false;
    switch (kind) {
      case 'confirmed':
      case 'rescheduled':
        if (amount) rows.push([t.paid, amount]);
        if (a.reason) rows.push([t.reason, a.reason]);
        notes.push(t.join, t.calendar);
        withInvite = true;
        break;
      case 'reminder24h':
      case 'reminder15m':
        notes.push(t.join);
        action = { label: t.actions.join, url: meetingUrl };
        break;
      case 'cancelled': {
        if (a.cancelReason)
          rows.push([
            t.cancelReason,
            a.cancelReason === SLOT_LOST_CANCEL_REASON ? t.slotLost : a.cancelReason,
          ]);
        if (a.cancelledBy === 'doctor') notes.push(t.cancelledByDoctor);
        if (refund === 'due') notes.push(t.refundDue(amount));
        if (refund === 'none') notes.push(t.noRefund);
        action = { label: t.actions.book, url: `${appUrl}/calendar` };
        break;
      }
      case 'refunded':
        if (amount) rows.push([t.paid, amount]);
        action = { label: t.actions.billing, url: `${appUrl}/dashboard/billing` };
        break;
    }

    const copy = t[kind];
    const text = [
      t.hello(patient.firstName),
      '',
      copy.intro,
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      ...notes.flatMap((n) => [n, '']),
      `${action.label}: ${action.url}`,
      '',
      t.signature,
    ].join('\n');
    const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(t.hello(patient.firstName))}</p><p>${escapeHtml(copy.intro)}</p>
<table role="presentation" style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#475569">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('')}</table>
${notes.map((n) => `<p>${escapeHtml(n)}</p>`).join('\n')}
<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p>${escapeHtml(t.signature)}</p></body></html>`;

    const now = clock();
    return {
      to: patient.email,
      subject: copy.subject,
      text,
      html,
      ...(withInvite
        ? {
            attachments: [
              {
                filename: 'invite.ics',
                content: calendarEvent({
                  uid: `${a.id}@vizita`,
                  // A moved appointment updates the same calendar entry: a higher sequence wins.
                  sequence: Math.max(0, Math.floor((now.getTime() - a.createdAt.getTime()) / 1000)),
                  start: a.startsAt,
                  end: a.endsAt,
                  summary: t.summary(doctor),
                  description: `${t.join}\n${meetingUrl}`,
                  url: meetingUrl,
                  now,
                }),
                contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              },
            ],
          }
        : {}),
    };
  }

  jobs.register(APPOINTMENT_MAIL_JOB, async (payload) => {
    const kind = payload.kind as AppointmentMailKind;
    const data = await load(payload.appointmentId ?? '');
    if (!data) return;
    if (isReminder(kind) && !reminderIsDue(kind, data.appointment, payload.startsAt)) return;
    await mailer.send(compose(kind, data, payload.refund));
  });
}
