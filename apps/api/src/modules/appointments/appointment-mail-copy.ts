import type { Locale } from '@vizita/shared/constants';

// Every text of the mails about an appointment, in the three interface languages. A mail is
// written in the patient's language (users.locale), whoever caused it.

/** The mails an appointment's life sends its patient. */
export const APPOINTMENT_MAIL_KINDS = [
  'confirmed',
  'rescheduled',
  'reassigned',
  'cancelled',
  'refunded',
  'reminder24h',
  'reminder15m',
  'completed',
  'no_show',
  'doctor_summary',
] as const;
export type AppointmentMailKind = (typeof APPOINTMENT_MAIL_KINDS)[number];

type KindCopy = { subject: string; intro: string };

type Copy = Record<AppointmentMailKind, KindCopy> & {
  hello: (name: string) => string;
  doctor: string;
  /** Who a "see a doctor now" visit is with before a doctor took it (ADR 0042). */
  firstFreeDoctor: string;
  date: string;
  time: string;
  paid: string;
  cancelReason: string;
  /** SLOT_LOST_CANCEL_REASON in the patient's language. */
  slotLost: string;
  join: string;
  calendar: string;
  summary: (doctor: string) => string;
  cancelledByDoctor: string;
  refundDue: (amount: string) => string;
  noRefund: string;
  actions: { appointments: string; join: string; book: string; billing: string };
  signature: string;
  noShowHelp: string;
  summaryHeading: string;
  summaryVerification: (code: string, url: string) => string;
  /**
   * A prescription request's mails (issue #21): it has no call and no time, only the day it was
   * made and the deadline of the answer. Neither says what was asked for.
   */
  request: {
    confirmed: KindCopy;
    declined: KindCopy;
    lapsed: KindCopy;
    withdrawn: KindCopy;
    requestedOn: string;
    answerBy: string;
    answerNote: string;
    /** REQUEST_LAPSED_CANCEL_REASON in the patient's language. */
    lapsedReason: string;
  };
};

export const APPOINTMENT_MAIL_COPY = {
  en: {
    hello: (n: string) => `Hello ${n},`,
    doctor: 'Doctor',
    firstFreeDoctor: 'The first free doctor',
    date: 'Date',
    time: 'Time',
    paid: 'Paid',
    cancelReason: 'Reason for cancellation',
    slotLost:
      'The time was booked by someone else after your checkout expired, so the payment is refunded.',
    join: 'You can join the video call from 15 minutes before the start. We recommend joining 5 minutes early with a stable internet connection.',
    calendar: 'The attached invite.ics adds the appointment to your calendar.',
    summary: (doctor: string) => `Video consultation with ${doctor}`,
    cancelledByDoctor:
      'Your doctor had to cancel this consultation. We are sorry for the inconvenience.',
    refundDue: (amount: string) =>
      `You will receive a full refund of ${amount}. We will confirm by e-mail once it has been issued.`,
    noRefund:
      'As the appointment was cancelled less than 24 hours before its start, the payment is not refunded (our cancellation policy).',
    actions: {
      appointments: 'View my appointments',
      join: 'Join the consultation',
      book: 'Book a new appointment',
      billing: 'View billing history',
    },
    signature: 'The Vizita team',
    noShowHelp:
      'If this is a mistake, please reply to this e-mail. You can book a new appointment at any time.',
    summaryHeading: 'Summary from your doctor:',
    summaryVerification: (code: string, url: string) =>
      `Verification code of this summary: ${code} (check it at ${url}).`,
    request: {
      confirmed: {
        subject: 'Your Vizita request has been sent',
        intro: 'Your payment was received and your request has been sent to your doctor.',
      },
      declined: {
        subject: 'Your Vizita request was declined',
        intro: 'Your doctor has answered your request and could not grant it.',
      },
      lapsed: {
        subject: 'Your Vizita request could not be answered',
        intro: 'Your doctor could not answer your request in time.',
      },
      withdrawn: {
        subject: 'Your Vizita request is withdrawn',
        intro: 'You have withdrawn your request.',
      },
      requestedOn: 'Requested on',
      answerBy: 'Answer by',
      answerNote:
        'You will find the answer in Vizita with this request. If the doctor declines it or does not answer in time, you receive a full refund.',
      lapsedReason: 'The doctor could not answer this request in time; the payment is refunded.',
    },
    confirmed: {
      subject: 'Your Vizita appointment is confirmed',
      intro: 'Your payment was received and your video consultation is booked.',
    },
    rescheduled: {
      subject: 'Your Vizita appointment has a new time',
      intro: 'Your video consultation has been moved. These are the new details.',
    },
    reassigned: {
      subject: 'Your Vizita appointment is now with another doctor',
      intro:
        'The clinic has given your video consultation to another doctor, at the same time. These are the details.',
    },
    cancelled: {
      subject: 'Your Vizita appointment is cancelled',
      intro: 'Your video consultation has been cancelled.',
    },
    refunded: {
      subject: 'Your Vizita refund has been issued',
      intro:
        'We have refunded the payment for your cancelled consultation to your card. Depending on your bank, it shows on your statement within 5 to 10 business days.',
    },
    reminder24h: {
      subject: 'Reminder: your video consultation is tomorrow',
      intro: 'This is a reminder of your video consultation in 24 hours.',
    },
    reminder15m: {
      subject: 'Your video consultation starts in 15 minutes',
      intro: 'Your video consultation starts in 15 minutes. You can join now.',
    },
    completed: {
      subject: 'Thank you for your Vizita consultation',
      intro:
        'Your doctor has marked your video consultation as completed. Thank you for using Vizita.',
    },
    no_show: {
      subject: 'You missed your Vizita appointment',
      intro: 'Your doctor has noted that you did not attend your video consultation.',
    },
    doctor_summary: {
      subject: 'Your doctor wrote a summary of your consultation',
      intro:
        'Your doctor has written a summary of your video consultation. You can also read it in your appointments.',
    },
  },
  bg: {
    hello: (n: string) => `Здравейте, ${n},`,
    doctor: 'Лекар',
    firstFreeDoctor: 'Първият свободен лекар',
    date: 'Дата',
    time: 'Час',
    paid: 'Платено',
    cancelReason: 'Причина за отмяната',
    slotLost:
      'Часът беше запазен от друг пациент, след като времето за плащане изтече, затова плащането се възстановява.',
    join: 'Можете да се включите във видеоразговора до 15 минути преди началото. Препоръчваме да влезете 5 минути по-рано със стабилна интернет връзка.',
    calendar: 'Приложеният файл invite.ics добавя часа към календара ви.',
    summary: (doctor: string) => `Видеоконсултация с ${doctor}`,
    cancelledByDoctor:
      'Вашият лекар трябваше да отмени тази консултация. Извиняваме се за неудобството.',
    refundDue: (amount: string) =>
      `Ще получите пълно възстановяване на ${amount}. Ще ви потвърдим по имейл, когато сумата бъде върната.`,
    noRefund:
      'Тъй като часът е отменен по-малко от 24 часа преди началото, плащането не се възстановява (съгласно правилата ни за отмяна).',
    actions: {
      appointments: 'Към моите часове',
      join: 'Включете се в консултацията',
      book: 'Запазете нов час',
      billing: 'Към историята на плащанията',
    },
    signature: 'Екипът на Vizita',
    noShowHelp:
      'Ако това е грешка, моля, отговорете на този имейл. Можете да запишете нов час по всяко време.',
    summaryHeading: 'Обобщение от вашия лекар:',
    summaryVerification: (code: string, url: string) =>
      `Код за проверка на това резюме: ${code} (проверка на ${url}).`,
    request: {
      confirmed: {
        subject: 'Заявката ви във Vizita е изпратена',
        intro: 'Плащането ви е получено и заявката ви е изпратена на вашия лекар.',
      },
      declined: {
        subject: 'Заявката ви във Vizita е отказана',
        intro: 'Вашият лекар отговори на заявката ви и не можа да я удовлетвори.',
      },
      lapsed: {
        subject: 'Заявката ви във Vizita не получи отговор',
        intro: 'Вашият лекар не успя да отговори на заявката ви навреме.',
      },
      withdrawn: {
        subject: 'Заявката ви във Vizita е оттеглена',
        intro: 'Оттеглихте заявката си.',
      },
      requestedOn: 'Заявена на',
      answerBy: 'Отговор до',
      answerNote:
        'Ще намерите отговора във Vizita при тази заявка. Ако лекарят я откаже или не отговори навреме, получавате пълно възстановяване на сумата.',
      lapsedReason: 'Лекарят не успя да отговори на заявката навреме; плащането се възстановява.',
    },
    confirmed: {
      subject: 'Часът ви във Vizita е потвърден',
      intro: 'Плащането ви е получено и видеоконсултацията ви е запазена.',
    },
    rescheduled: {
      subject: 'Часът ви във Vizita е преместен',
      intro: 'Видеоконсултацията ви е преместена. Ето новите подробности.',
    },
    reassigned: {
      subject: 'Часът ви във Vizita е при друг лекар',
      intro:
        'Клиниката прехвърли видеоконсултацията ви на друг лекар в същия час. Ето подробностите.',
    },
    cancelled: {
      subject: 'Часът ви във Vizita е отменен',
      intro: 'Видеоконсултацията ви е отменена.',
    },
    refunded: {
      subject: 'Сумата ви във Vizita е възстановена',
      intro:
        'Върнахме плащането за отменената ви консултация по картата ви. В зависимост от банката ви сумата се появява в извлечението до 5–10 работни дни.',
    },
    reminder24h: {
      subject: 'Напомняне: видеоконсултацията ви е утре',
      intro: 'Напомняме ви за видеоконсултацията ви след 24 часа.',
    },
    reminder15m: {
      subject: 'Видеоконсултацията ви започва след 15 минути',
      intro: 'Видеоконсултацията ви започва след 15 минути. Вече можете да се включите.',
    },
    completed: {
      subject: 'Благодарим ви за консултацията във Vizita',
      intro:
        'Вашият лекар отбеляза видеоконсултацията като проведена. Благодарим ви, че използвате Vizita.',
    },
    no_show: {
      subject: 'Пропуснахте своя час във Vizita',
      intro: 'Вашият лекар отбеляза, че не сте се явили на видеоконсултацията.',
    },
    doctor_summary: {
      subject: 'Вашият лекар написа обобщение на консултацията',
      intro:
        'Вашият лекар написа обобщение на видеоконсултацията. Можете да го прочетете и в своите часове.',
    },
  },
  de: {
    hello: (n: string) => `Hallo ${n},`,
    doctor: 'Ärztin/Arzt',
    firstFreeDoctor: 'Die erste freie Ärztin / der erste freie Arzt',
    date: 'Datum',
    time: 'Uhrzeit',
    paid: 'Bezahlt',
    cancelReason: 'Grund der Absage',
    slotLost:
      'Der Termin wurde nach Ablauf Ihrer Zahlungsfrist von jemand anderem gebucht, daher wird die Zahlung erstattet.',
    join: 'Sie können dem Videogespräch ab 15 Minuten vor Beginn beitreten. Wir empfehlen, 5 Minuten früher mit einer stabilen Internetverbindung beizutreten.',
    calendar:
      'Mit der angehängten Datei invite.ics können Sie den Termin in Ihren Kalender übernehmen.',
    summary: (doctor: string) => `Videosprechstunde mit ${doctor}`,
    cancelledByDoctor:
      'Ihre Ärztin bzw. Ihr Arzt musste diese Sprechstunde absagen. Wir bitten um Entschuldigung.',
    refundDue: (amount: string) =>
      `Sie erhalten ${amount} vollständig zurück. Wir bestätigen Ihnen per E-Mail, sobald die Erstattung veranlasst ist.`,
    noRefund:
      'Da der Termin weniger als 24 Stunden vor Beginn abgesagt wurde, wird die Zahlung nicht erstattet (unsere Stornobedingungen).',
    actions: {
      appointments: 'Meine Termine ansehen',
      join: 'Der Sprechstunde beitreten',
      book: 'Neuen Termin buchen',
      billing: 'Zahlungsverlauf ansehen',
    },
    signature: 'Ihr Vizita-Team',
    noShowHelp:
      'Falls das ein Irrtum ist, antworten Sie bitte auf diese E-Mail. Sie können jederzeit einen neuen Termin buchen.',
    summaryHeading: 'Zusammenfassung Ihrer Ärztin oder Ihres Arztes:',
    summaryVerification: (code: string, url: string) =>
      `Prüfcode dieser Zusammenfassung: ${code} (prüfbar unter ${url}).`,
    request: {
      confirmed: {
        subject: 'Ihre Vizita-Anfrage wurde gesendet',
        intro:
          'Ihre Zahlung ist eingegangen und Ihre Anfrage wurde an Ihre Ärztin oder Ihren Arzt gesendet.',
      },
      declined: {
        subject: 'Ihre Vizita-Anfrage wurde abgelehnt',
        intro:
          'Ihre Ärztin oder Ihr Arzt hat Ihre Anfrage beantwortet und konnte ihr nicht entsprechen.',
      },
      lapsed: {
        subject: 'Ihre Vizita-Anfrage konnte nicht beantwortet werden',
        intro: 'Ihre Ärztin oder Ihr Arzt konnte Ihre Anfrage nicht rechtzeitig beantworten.',
      },
      withdrawn: {
        subject: 'Ihre Vizita-Anfrage ist zurückgezogen',
        intro: 'Sie haben Ihre Anfrage zurückgezogen.',
      },
      requestedOn: 'Angefragt am',
      answerBy: 'Antwort bis',
      answerNote:
        'Die Antwort finden Sie in Vizita bei dieser Anfrage. Lehnt die Ärztin oder der Arzt sie ab oder antwortet nicht rechtzeitig, erhalten Sie den vollen Betrag zurück.',
      lapsedReason:
        'Die Ärztin oder der Arzt konnte diese Anfrage nicht rechtzeitig beantworten; die Zahlung wird erstattet.',
    },
    confirmed: {
      subject: 'Ihr Vizita-Termin ist bestätigt',
      intro: 'Ihre Zahlung ist eingegangen und Ihre Videosprechstunde ist gebucht.',
    },
    rescheduled: {
      subject: 'Ihr Vizita-Termin wurde verschoben',
      intro: 'Ihre Videosprechstunde wurde verschoben. Hier sind die neuen Angaben.',
    },
    reassigned: {
      subject: 'Ihr Vizita-Termin findet bei einer anderen Ärztin oder einem anderen Arzt statt',
      intro:
        'Die Praxis hat Ihre Videosprechstunde zur selben Zeit an eine andere Ärztin oder einen anderen Arzt übergeben. Hier sind die Angaben.',
    },
    cancelled: {
      subject: 'Ihr Vizita-Termin ist abgesagt',
      intro: 'Ihre Videosprechstunde wurde abgesagt.',
    },
    refunded: {
      subject: 'Ihre Vizita-Erstattung ist veranlasst',
      intro:
        'Wir haben die Zahlung für Ihre abgesagte Sprechstunde auf Ihre Karte erstattet. Je nach Bank erscheint sie innerhalb von 5 bis 10 Werktagen auf Ihrem Kontoauszug.',
    },
    reminder24h: {
      subject: 'Erinnerung: Ihre Videosprechstunde ist morgen',
      intro: 'Wir erinnern Sie an Ihre Videosprechstunde in 24 Stunden.',
    },
    reminder15m: {
      subject: 'Ihre Videosprechstunde beginnt in 15 Minuten',
      intro: 'Ihre Videosprechstunde beginnt in 15 Minuten. Sie können jetzt beitreten.',
    },
    completed: {
      subject: 'Vielen Dank für Ihre Vizita-Sprechstunde',
      intro:
        'Ihre Videosprechstunde wurde als abgeschlossen vermerkt. Vielen Dank, dass Sie Vizita nutzen.',
    },
    no_show: {
      subject: 'Sie haben Ihren Vizita-Termin versäumt',
      intro: 'In Ihrer Videosprechstunde wurde vermerkt, dass Sie nicht teilgenommen haben.',
    },
    doctor_summary: {
      subject: 'Zusammenfassung Ihrer Sprechstunde',
      intro:
        'Zu Ihrer Videosprechstunde wurde eine Zusammenfassung für Sie geschrieben. Sie finden sie auch bei Ihren Terminen.',
    },
  },
} satisfies Record<Locale, Copy>;
