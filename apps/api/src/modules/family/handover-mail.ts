import type { Locale } from '@vizita/shared/constants';
import { layOutMail } from '../mail/layout.ts';
import type { MailMessage } from '../mail/mailer.ts';

type Copy = {
  subject: string;
  hello: (name: string) => string;
  intro: (holder: string) => string;
  how: string;
  action: string;
  footer: string;
  signature: string;
};

const COPY: Record<Locale, Copy> = {
  en: {
    subject: 'Your own Vizita account',
    hello: (n) => `Hello ${n},`,
    intro: (h) =>
      `${h} has kept your health record in their Vizita account until now and hands it over to you: your details and identifiers move into an account of your own, and ${h} no longer sees them or books for you.`,
    how: 'Open the link below, sign in or register with the address you want to use, and accept. The link works once and for 7 days.',
    action: 'Take over my record',
    footer: 'If you did not expect this e-mail, you can ignore it; nothing changes.',
    signature: 'The Vizita team',
  },
  bg: {
    subject: 'Ваш собствен профил във Vizita',
    hello: (n) => `Здравейте, ${n},`,
    intro: (h) =>
      `Досега ${h} пазеше здравните ви данни в своя профил във Vizita и ви ги предава: данните и идентификаторите ви се преместват в ваш собствен профил, а ${h} вече не ги вижда и не записва часове за вас.`,
    how: 'Отворете връзката по-долу, влезте или се регистрирайте с адреса, който искате да използвате, и потвърдете. Връзката работи веднъж и 7 дни.',
    action: 'Поемам данните си',
    footer: 'Ако не сте очаквали този имейл, можете да го пренебрегнете; нищо няма да се промени.',
    signature: 'Екипът на Vizita',
  },
  de: {
    subject: 'Ihr eigenes Vizita-Konto',
    hello: (n) => `Guten Tag ${n},`,
    intro: (h) =>
      `${h} hat Ihre Gesundheitsdaten bisher im eigenen Vizita-Konto geführt und übergibt sie Ihnen: Ihre Angaben und Nummern ziehen in ein eigenes Konto um, und ${h} sieht sie danach nicht mehr und bucht nicht mehr für Sie.`,
    how: 'Öffnen Sie den Link unten, melden Sie sich an oder registrieren Sie sich mit der Adresse, die Sie nutzen möchten, und bestätigen Sie. Der Link gilt einmal und 7 Tage lang.',
    action: 'Meine Daten übernehmen',
    footer:
      'Wenn Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren; es ändert sich nichts.',
    signature: 'Ihr Vizita-Team',
  },
};

/**
 * The invitation to take one's record over into an account of one's own (ADR 0043), in the
 * holder's language: who hands it over and the single-use link — nothing about health, since
 * mail crosses providers in clear (ADR 0009).
 */
export function renderHandoverInvitation({
  locale,
  to,
  name,
  holderName,
  link,
}: {
  locale: Locale;
  to: string;
  name: string;
  holderName: string;
  link: string;
}): MailMessage {
  const copy = COPY[locale];
  return layOutMail({
    locale,
    to,
    subject: copy.subject,
    paragraphs: [copy.hello(name), copy.intro(holderName), copy.how],
    action: { label: copy.action, url: link },
    showLink: true,
    footer: copy.footer,
    signature: copy.signature,
  });
}
