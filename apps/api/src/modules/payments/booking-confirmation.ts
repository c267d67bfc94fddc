import { eq } from 'drizzle-orm';
import type { Locale } from '@vizita/shared/constants';
import type { Db } from '../../db/client.ts';
import { appointments, doctorProfiles, users } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { calendarEvent } from '../../lib/ics.ts';
import type { Mailer } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';

const COPY = {
  en: {
    subject: 'Your Vizita appointment is confirmed',
    hello: (n: string) => `Hello ${n},`,
    intro: 'Your payment was received and your video consultation is booked.',
    doctor: 'Doctor',
    date: 'Date',
    time: 'Time',
    paid: 'Paid',
    reason: 'Reason',
    join: 'You can join the video call from 15 minutes before the start. We recommend joining 5 minutes early with a stable internet connection.',
    action: 'View my appointments',
    calendar: 'The attached invite.ics adds the appointment to your calendar.',
    summary: (doctor: string) => `Video consultation with ${doctor}`,
    signature: 'The Vizita team',
  },
  bg: {
    subject: 'Часът ви във Vizita е потвърден',
    hello: (n: string) => `Здравейте, ${n},`,
    intro: 'Плащането ви е получено и видеоконсултацията ви е запазена.',
    doctor: 'Лекар',
    date: 'Дата',
    time: 'Час',
    paid: 'Платено',
    reason: 'Причина',
    join: 'Можете да се включите във видеоразговора до 15 минути преди началото. Препоръчваме да влезете 5 минути по-рано със стабилна интернет връзка.',
    action: 'Към моите часове',
    calendar: 'Приложеният файл invite.ics добавя часа към календара ви.',
    summary: (doctor: string) => `Видеоконсултация с ${doctor}`,
    signature: 'Екипът на Vizita',
  },
  de: {
    subject: 'Ihr Vizita-Termin ist bestätigt',
    hello: (n: string) => `Hallo ${n},`,
    intro: 'Ihre Zahlung ist eingegangen und Ihre Videosprechstunde ist gebucht.',
    doctor: 'Ärztin/Arzt',
    date: 'Datum',
    time: 'Uhrzeit',
    paid: 'Bezahlt',
    reason: 'Anlass',
    join: 'Sie können dem Videogespräch ab 15 Minuten vor Beginn beitreten. Wir empfehlen, 5 Minuten früher mit einer stabilen Internetverbindung beizutreten.',
    action: 'Meine Termine ansehen',
    calendar:
      'Mit der angehängten Datei invite.ics können Sie den Termin in Ihren Kalender übernehmen.',
    summary: (doctor: string) => `Videosprechstunde mit ${doctor}`,
    signature: 'Ihr Vizita-Team',
  },
} satisfies Record<Locale, unknown>;

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-US' : locale);

/** Mails the patient the confirmation of a paid appointment, with an .ics invite, in their language. */
export function createBookingConfirmation({
  db,
  mailer,
  clock,
  appUrl,
}: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  appUrl: string;
}) {
  return async function sendConfirmation(appointmentId: string) {
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
    if (!row) return;
    const [patient] = await db.select().from(users).where(eq(users.id, row.appointment.patientId));
    if (!patient) return;
    const a = row.appointment;
    const locale = (patient.locale as Locale) in COPY ? (patient.locale as Locale) : 'en';
    const t = COPY[locale];
    const doctor = [row.title ?? 'Dr.', row.doctor.firstName, row.doctor.lastName].join(' ');
    const date = new Intl.DateTimeFormat(intlLocale(locale), {
      dateStyle: 'full',
      timeZone: a.timeZone,
    }).format(a.startsAt);
    const time = `${new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short', timeZone: a.timeZone }).format(a.startsAt)} (${a.timeZone})`;
    const paid =
      a.priceMinor !== null && a.currency
        ? new Intl.NumberFormat(intlLocale(locale), {
            style: 'currency',
            currency: a.currency,
          }).format(a.priceMinor / 100)
        : '';
    const link = `${appUrl}/dashboard/appointments`;
    const rows: [string, string][] = [
      [t.doctor, doctor],
      [t.date, date],
      [t.time, time],
      [t.paid, paid],
      ...(a.reason ? ([[t.reason, a.reason]] as [string, string][]) : []),
    ];
    const text = [
      t.hello(patient.firstName),
      '',
      t.intro,
      '',
      ...rows.map(([k, v]) => `${k}: ${v}`),
      '',
      t.join,
      '',
      `${t.action}: ${link}`,
      '',
      t.calendar,
      '',
      t.signature,
    ].join('\n');
    const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(t.hello(patient.firstName))}</p><p>${escapeHtml(t.intro)}</p>
<table role="presentation" style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#475569">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(t.join)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(t.calendar)}</p><p>${escapeHtml(t.signature)}</p></body></html>`;
    const ics = calendarEvent({
      uid: `${a.id}@vizita`,
      start: a.startsAt,
      end: a.endsAt,
      summary: t.summary(doctor),
      description: `${t.join}\n${appUrl}/dashboard/meeting/${a.id}`,
      url: `${appUrl}/dashboard/meeting/${a.id}`,
      now: clock(),
    });
    await mailer.send({
      to: patient.email,
      subject: t.subject,
      text,
      html,
      attachments: [
        {
          filename: 'invite.ics',
          content: ics,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        },
      ],
    });
  };
}
