import type { Locale } from '@vizita/shared/constants';
import { mailDateTime } from '../appointments/appointment-mails.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { layOutMail } from '../mail/layout.ts';

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
  return layOutMail({
    locale,
    to,
    subject: copy.subject(doctorName),
    paragraphs: [copy.hello(name), copy.intro(doctorName)],
    rows,
    notes: [copy.before],
    action: { label: copy.action, url: link },
    showLink: true,
    footer: copy.footer,
    signature: copy.signature,
  });
}
