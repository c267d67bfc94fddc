import { layOutMail } from './layout.ts';
import type { Locale } from '@vizita/shared/constants';
import type { MailMessage } from './mailer.ts';

// Every mail exists in the three interface languages, with a plain-text and an HTML part.

type Copy = {
  subject: string;
  /**
   * A greeting by name, or without one for a mail to an address nobody has proven: there the
   * name is whatever a stranger typed, and it would speak to someone else (issue #18).
   */
  greeting: string | ((name: string) => string);
  body: string;
  action?: string;
  footer: string;
};

const SIGNATURE: Record<Locale, string> = {
  en: 'The Vizita team',
  bg: 'Екипът на Vizita',
  de: 'Ihr Vizita-Team',
};

const COPY = {
  emailValidation: {
    en: {
      subject: 'Confirm your e-mail address for Vizita',
      greeting: 'Hello,',
      body: 'Thank you for registering with Vizita. Please confirm your e-mail address to activate your account. The link is valid for 24 hours.',
      action: 'Confirm e-mail address',
      footer: 'If you did not create an account, you can ignore this e-mail.',
    },
    bg: {
      subject: 'Потвърдете имейл адреса си за Vizita',
      greeting: 'Здравейте,',
      body: 'Благодарим ви, че се регистрирахте във Vizita. Моля, потвърдете имейл адреса си, за да активирате профила си. Връзката е валидна 24 часа.',
      action: 'Потвърждаване на имейл адреса',
      footer: 'Ако не сте създавали профил, можете да пренебрегнете този имейл.',
    },
    de: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für Vizita',
      greeting: 'Guten Tag,',
      body: 'Vielen Dank für Ihre Registrierung bei Vizita. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren. Der Link ist 24 Stunden gültig.',
      action: 'E-Mail-Adresse bestätigen',
      footer: 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
    },
  },
  staffInvite: {
    en: {
      subject: 'Your Vizita account is ready: choose your password',
      greeting: (n: string) => `Hello ${n},`,
      body: 'Your clinic has created a Vizita account for you. Use the link below to choose your password and to connect an authenticator app on your phone, which signing in asks for as well; have the phone at hand. The link is valid for 7 days and can be used once. Nobody else, not even the clinic, knows your password.',
      action: 'Set up my account',
      footer:
        'If you did not expect this invitation, please tell your clinic and ignore this e-mail.',
    },
    bg: {
      subject: 'Профилът ви във Vizita е готов: изберете парола',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Вашата клиника създаде профил във Vizita за вас. Използвайте връзката по-долу, за да изберете парола и да свържете приложение за удостоверяване на телефона си, което също ще се изисква при вход; дръжте телефона под ръка. Връзката е валидна 7 дни и може да се използва еднократно. Никой друг, дори клиниката, не знае паролата ви.',
      action: 'Настройка на профила',
      footer: 'Ако не сте очаквали тази покана, уведомете клиниката си и пренебрегнете имейла.',
    },
    de: {
      subject: 'Ihr Vizita-Konto ist bereit: Passwort festlegen',
      greeting: (n: string) => `Guten Tag ${n},`,
      body: 'Ihre Praxis hat ein Vizita-Konto für Sie angelegt. Über den Link unten legen Sie Ihr Passwort fest und verbinden eine Authenticator-App auf Ihrem Telefon, nach deren Code die Anmeldung ebenfalls fragt; halten Sie das Telefon bereit. Der Link ist 7 Tage gültig und einmal verwendbar. Niemand sonst, auch nicht die Praxis, kennt Ihr Passwort.',
      action: 'Konto einrichten',
      footer:
        'Falls Sie diese Einladung nicht erwartet haben, informieren Sie bitte Ihre Praxis und ignorieren Sie diese E-Mail.',
    },
  },
  passwordReset: {
    en: {
      subject: 'Reset your Vizita password',
      greeting: (n: string) => `Hello ${n},`,
      body: 'We received a request to reset your password. Use the link below to choose a new one. The link is valid for 1 hour and can be used once.',
      action: 'Reset password',
      footer:
        'If you did not ask for this, you can ignore this e-mail; your password stays unchanged.',
    },
    bg: {
      subject: 'Възстановяване на паролата ви за Vizita',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Получихме заявка за възстановяване на паролата ви. Използвайте връзката по-долу, за да изберете нова. Връзката е валидна 1 час и може да се използва еднократно.',
      action: 'Възстановяване на паролата',
      footer:
        'Ако не сте поискали това, можете да пренебрегнете имейла; паролата ви остава непроменена.',
    },
    de: {
      subject: 'Setzen Sie Ihr Vizita-Passwort zurück',
      greeting: (n: string) => `Hallo ${n},`,
      body: 'Wir haben eine Anfrage zum Zurücksetzen Ihres Passworts erhalten. Über den folgenden Link können Sie ein neues wählen. Der Link ist 1 Stunde gültig und nur einmal verwendbar.',
      action: 'Passwort zurücksetzen',
      footer:
        'Wenn Sie dies nicht angefordert haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
  },
  accountExists: {
    en: {
      subject: 'You already have a Vizita account',
      greeting: 'Hello,',
      body: 'Someone tried to register a new Vizita account with this e-mail address, but you already have one. You can sign in, or reset your password if you have forgotten it.',
      action: 'Reset password',
      footer: 'If this was not you, no action is needed; your account is unchanged.',
    },
    bg: {
      subject: 'Вече имате профил във Vizita',
      greeting: 'Здравейте,',
      body: 'Някой се опита да регистрира нов профил във Vizita с този имейл адрес, но вие вече имате профил. Можете да влезете или да възстановите паролата си, ако сте я забравили.',
      action: 'Възстановяване на паролата',
      footer: 'Ако не сте били вие, не е нужно да правите нищо; профилът ви е непроменен.',
    },
    de: {
      subject: 'Sie haben bereits ein Vizita-Konto',
      greeting: 'Guten Tag,',
      body: 'Jemand hat versucht, mit dieser E-Mail-Adresse ein neues Vizita-Konto zu registrieren, aber Sie haben bereits eines. Sie können sich anmelden oder Ihr Passwort zurücksetzen, falls Sie es vergessen haben.',
      action: 'Passwort zurücksetzen',
      footer: 'Falls Sie das nicht waren, müssen Sie nichts tun; Ihr Konto ist unverändert.',
    },
  },
  passwordChanged: {
    en: {
      subject: 'Your Vizita password was changed',
      greeting: (n: string) => `Hello ${n},`,
      body: 'The password of your Vizita account was just changed, and other devices were signed out. If you made this change, no action is needed.',
      action: 'I did not do this — reset my password',
      footer: 'If you did not change your password, reset it now and contact our support.',
    },
    bg: {
      subject: 'Паролата ви за Vizita беше променена',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Паролата на профила ви във Vizita току-що беше променена, а другите устройства бяха отписани. Ако вие сте направили промяната, не е нужно да правите нищо.',
      action: 'Не съм аз — възстановяване на паролата',
      footer:
        'Ако не сте променяли паролата си, възстановете я веднага и се свържете с поддръжката.',
    },
    de: {
      subject: 'Ihr Vizita-Passwort wurde geändert',
      greeting: (n: string) => `Hallo ${n},`,
      body: 'Das Passwort Ihres Vizita-Kontos wurde soeben geändert, andere Geräte wurden abgemeldet. Wenn Sie diese Änderung vorgenommen haben, müssen Sie nichts tun.',
      action: 'Das war ich nicht – Passwort zurücksetzen',
      footer:
        'Wenn Sie Ihr Passwort nicht geändert haben, setzen Sie es jetzt zurück und kontaktieren Sie unseren Support.',
    },
  },
  // "Something is waiting for you" (issue #20): the notifications module's mails for what has
  // no mail of its own. Never the content — a message's text, a doctor's note, a document's title
  // or a freed time: mail crosses providers in clear, and the reader sees it all once signed in.
  notificationMessage: {
    en: {
      subject: 'You have a new message at Vizita',
      greeting: (n: string) => `Hello ${n},`,
      body: 'A new message is waiting for you in Vizita. To protect your privacy, we do not put its content in e-mails: please sign in to read it.',
      action: 'Read the message',
      footer:
        'You can choose which of these e-mails you receive in your Vizita account, under “E-mail notifications”.',
    },
    bg: {
      subject: 'Имате ново съобщение във Vizita',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Във Vizita ви очаква ново съобщение. За да защитим поверителността ви, не изпращаме съдържанието му по имейл: моля, влезте, за да го прочетете.',
      action: 'Прочитане на съобщението',
      footer:
        'Можете да изберете кои от тези имейли получавате в профила си във Vizita, в раздел „Известия по имейл“.',
    },
    de: {
      subject: 'Sie haben eine neue Nachricht bei Vizita',
      greeting: (n: string) => `Guten Tag ${n},`,
      body: 'In Vizita wartet eine neue Nachricht auf Sie. Zum Schutz Ihrer Privatsphäre senden wir ihren Inhalt nicht per E-Mail: Bitte melden Sie sich an, um sie zu lesen.',
      action: 'Nachricht lesen',
      footer:
        'Welche dieser E-Mails Sie erhalten, wählen Sie in Ihrem Vizita-Konto unter „E-Mail-Benachrichtigungen“.',
    },
  },
  notificationFollowUp: {
    en: {
      subject: 'Your doctor proposes a follow-up visit',
      greeting: (n: string) => `Hello ${n},`,
      body: 'Your doctor has proposed a follow-up visit. Please sign in to Vizita to see the proposal and choose a time.',
      action: 'See the proposal',
      footer:
        'You can choose which of these e-mails you receive in your Vizita account, under “E-mail notifications”.',
    },
    bg: {
      subject: 'Вашият лекар предлага контролен преглед',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Вашият лекар предложи контролен преглед. Моля, влезте във Vizita, за да видите предложението и да изберете час.',
      action: 'Към предложението',
      footer:
        'Можете да изберете кои от тези имейли получавате в профила си във Vizita, в раздел „Известия по имейл“.',
    },
    de: {
      subject: 'Ihre Ärztin oder Ihr Arzt schlägt einen Folgetermin vor',
      greeting: (n: string) => `Guten Tag ${n},`,
      body: 'Ihre Ärztin oder Ihr Arzt hat einen Folgetermin vorgeschlagen. Bitte melden Sie sich bei Vizita an, um den Vorschlag zu sehen und eine Zeit zu wählen.',
      action: 'Vorschlag ansehen',
      footer:
        'Welche dieser E-Mails Sie erhalten, wählen Sie in Ihrem Vizita-Konto unter „E-Mail-Benachrichtigungen“.',
    },
  },
  notificationEarlierSlot: {
    en: {
      subject: 'An earlier appointment time is free',
      greeting: (n: string) => `Hello ${n},`,
      body: 'You asked us to tell you when an earlier time frees up: one just did. It goes to whoever takes it first, so please sign in to Vizita soon if you want it.',
      action: 'See the earlier time',
      footer:
        'You can choose which of these e-mails you receive in your Vizita account, under “E-mail notifications”.',
    },
    bg: {
      subject: 'Освободи се по-ранен час',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Помолихте да ви уведомим, когато се освободи по-ранен час: току-що се освободи. Той е за този, който го вземе пръв, затова, ако го искате, влезте скоро във Vizita.',
      action: 'Към по-ранния час',
      footer:
        'Можете да изберете кои от тези имейли получавате в профила си във Vizita, в раздел „Известия по имейл“.',
    },
    de: {
      subject: 'Ein früherer Termin ist frei geworden',
      greeting: (n: string) => `Guten Tag ${n},`,
      body: 'Sie wollten erfahren, wenn ein früherer Termin frei wird: Gerade ist einer frei geworden. Er geht an die Person, die ihn zuerst nimmt – melden Sie sich also bald bei Vizita an, wenn Sie ihn möchten.',
      action: 'Früheren Termin ansehen',
      footer:
        'Welche dieser E-Mails Sie erhalten, wählen Sie in Ihrem Vizita-Konto unter „E-Mail-Benachrichtigungen“.',
    },
  },
  notificationDocument: {
    en: {
      subject: 'Your doctor shared a document with you',
      greeting: (n: string) => `Hello ${n},`,
      body: 'Your doctor has shared a document with you in Vizita. To protect your privacy, documents are not sent by e-mail: please sign in to open it.',
      action: 'Open my appointments',
      footer:
        'You can choose which of these e-mails you receive in your Vizita account, under “E-mail notifications”.',
    },
    bg: {
      subject: 'Вашият лекар сподели документ с вас',
      greeting: (n: string) => `Здравейте, ${n},`,
      body: 'Вашият лекар сподели документ с вас във Vizita. За да защитим поверителността ви, документите не се изпращат по имейл: моля, влезте, за да го отворите.',
      action: 'Към часовете ми',
      footer:
        'Можете да изберете кои от тези имейли получавате в профила си във Vizita, в раздел „Известия по имейл“.',
    },
    de: {
      subject: 'Ihre Ärztin oder Ihr Arzt hat ein Dokument für Sie freigegeben',
      greeting: (n: string) => `Guten Tag ${n},`,
      body: 'Ihre Ärztin oder Ihr Arzt hat in Vizita ein Dokument für Sie freigegeben. Zum Schutz Ihrer Privatsphäre versenden wir Dokumente nicht per E-Mail: Bitte melden Sie sich an, um es zu öffnen.',
      action: 'Meine Termine öffnen',
      footer:
        'Welche dieser E-Mails Sie erhalten, wählen Sie in Ihrem Vizita-Konto unter „E-Mail-Benachrichtigungen“.',
    },
  },
} satisfies Record<string, Record<Locale, Copy>>;

export type MailKind = keyof typeof COPY;

/** Builds one localized mail; `link` is the call to action (absolute URL built from APP_URL). */
export function renderMail(
  kind: MailKind,
  locale: Locale,
  to: { email: string; firstName: string },
  link: string,
): MailMessage {
  const copy: Copy = COPY[kind][locale];
  const greeting = typeof copy.greeting === 'string' ? copy.greeting : copy.greeting(to.firstName);
  return layOutMail({
    locale,
    to: to.email,
    subject: copy.subject,
    paragraphs: [greeting, copy.body],
    action: { label: copy.action ?? link, url: link },
    showLink: true,
    footer: copy.footer,
    signature: SIGNATURE[locale],
  });
}
