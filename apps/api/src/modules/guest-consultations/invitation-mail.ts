import type { Locale } from '@vizita/shared/constants';
import { mailDateTime } from '../appointments/appointment-mails.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../../lib/html.ts';

type Copy = {
  subject: (doctor: string) => string;
  hello: (name: string) => string;
  intro: (doctor: string) => string;
  date: string;
  time: string;
  before: string;
  action: string;
  footer: string;
  signature: string;
};

const COPY: Record<Locale, Copy> = {
  en: {
    subject: (d) => `Your video consultation with ${d}`,
    hello: (n) => `Hello ${n},`,
    intro: (d) =>
      `${d} has arranged a video consultation with you on Vizita. You do not need an account: open the link below from 15 minutes before the start. The link works on one device only and expires when the consultation ends.`,
    date: 'Date',
    time: 'Time',
    before:
      'Please use a current browser (Chrome, Edge, Firefox or Safari) on a device with a camera and microphone. Nobody records the consultation.',
    action: 'Open my consultation',
    footer: 'If you did not expect this e-mail, you can ignore it.',
    signature: 'The Vizita team',
  },
  bg: {
    subject: (d) => `Вашата видеоконсултация с ${d}`,
    hello: (n) => `Здравейте, ${n},`,
    intro: (d) =>
      `${d} ви насрочи видеоконсултация във Vizita. Не ви е нужен профил: отворете връзката по-долу от 15 минути преди началото. Връзката работи само на едно устройство и изтича, когато консултацията приключи.`,
    date: 'Дата',
    time: 'Час',
    before:
      'Моля, използвайте актуален браузър (Chrome, Edge, Firefox или Safari) на устройство с камера и микрофон. Никой не записва консултацията.',
    action: 'Към моята консултация',
    footer: 'Ако не сте очаквали този имейл, можете да го пренебрегнете.',
    signature: 'Екипът на Vizita',
  },
  de: {
    subject: (d) => `Ihre Videosprechstunde mit ${d}`,
    hello: (n) => `Guten Tag ${n},`,
    intro: (d) =>
      `${d} hat mit Ihnen eine Videosprechstunde bei Vizita vereinbart. Sie brauchen kein Konto: Öffnen Sie den Link unten ab 15 Minuten vor Beginn. Der Link funktioniert nur auf einem Gerät und verfällt, wenn die Sprechstunde endet.`,
    date: 'Datum',
    time: 'Uhrzeit',
    before:
      'Bitte nutzen Sie einen aktuellen Browser (Chrome, Edge, Firefox oder Safari) auf einem Gerät mit Kamera und Mikrofon. Niemand zeichnet die Sprechstunde auf.',
    action: 'Zu meiner Sprechstunde',
    footer: 'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
    signature: 'Ihr Vizita-Team',
  },
};

/**
 * The invitation of a person without an account to their video consultation, in their language:
 * who, when (in the appointment's zone, named: we do not know where the guest lives), and the
 * single-use link. Nothing about their health: mail crosses providers in clear.
 */
export function renderGuestInvitation({
  locale,
  to,
  name,
  doctorName,
  startsAt,
  timeZone,
  link,
}: {
  locale: Locale;
  to: string;
  name: string;
  doctorName: string;
  startsAt: Date;
  timeZone: string;
  link: string;
}): MailMessage {
  const copy = COPY[locale];
  const { date, time } = mailDateTime(startsAt, locale, timeZone, true);
  const rows: [string, string][] = [
    [copy.date, date],
    [copy.time, time],
  ];
  const text = [
    copy.hello(name),
    '',
    copy.intro(doctorName),
    '',
    ...rows.map(([k, v]) => `${k}: ${v}`),
    '',
    copy.before,
    '',
    `${copy.action}: ${link}`,
    '',
    copy.footer,
    '',
    copy.signature,
  ].join('\n');
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:Arial,sans-serif;color:#0f172a;line-height:1.5">
<p>${escapeHtml(copy.hello(name))}</p><p>${escapeHtml(copy.intro(doctorName))}</p>
<table role="presentation" style="border-collapse:collapse">${rows.map(([k, v]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;color:#475569">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(v)}</td></tr>`).join('')}</table>
<p>${escapeHtml(copy.before)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f766e;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(copy.action)}</a></p>
<p style="font-size:13px;color:#475569">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#475569">${escapeHtml(copy.footer)}</p>
<p>${escapeHtml(copy.signature)}</p></body></html>`;
  return { to, subject: copy.subject(doctorName), text, html };
}
