import type { Locale } from '@vizita/shared/constants';

// The mails a doctor gets about their own appointments, in the doctor's language (users.locale),
// with the time in the doctor's zone. They say who and when, never the patient's health data: the
// reason for the visit is read in the console.

/** The events of an appointment that its doctor is told about. */
export const DOCTOR_NOTICE_KINDS = [
  'confirmed',
  'cancelled',
  'rescheduled',
  // The clinic gave the appointment to another doctor: the new one is assigned it, the old one
  // sees it leave their calendar.
  'assigned',
  'reassigned',
] as const;
export type DoctorNoticeKind = (typeof DOCTOR_NOTICE_KINDS)[number];
export const isDoctorNoticeKind = (kind: string): kind is DoctorNoticeKind =>
  (DOCTOR_NOTICE_KINDS as readonly string[]).includes(kind);

type Copy = Record<DoctorNoticeKind, { subject: (patient: string) => string; intro: string }> & {
  hello: (name: string) => string;
  patient: string;
  date: string;
  time: string;
  cancelledBy: { doctor: string; patient: string; clinic: string };
  cancelReason: string;
  calendar: string;
  summary: (patient: string) => string;
  open: string;
  signature: string;
  /** A prescription request's notices (issue #21): no call, no time — a deadline. */
  request: {
    confirmed: { subject: (patient: string) => string; intro: string };
    cancelled: { subject: (patient: string) => string; intro: string };
    requestedOn: string;
    answerBy: string;
  };
};

export const DOCTOR_NOTICE_COPY: Record<Locale, Copy> = {
  en: {
    hello: (n) => `Hello ${n},`,
    patient: 'Patient',
    date: 'Date',
    time: 'Time',
    cancelledBy: {
      doctor: 'You cancelled this consultation; the patient is refunded in full.',
      patient: 'The patient cancelled this consultation.',
      clinic: 'The clinic cancelled this consultation; the patient is refunded in full.',
    },
    cancelReason: 'Reason for cancellation',
    calendar: 'The attached invite.ics updates your calendar.',
    summary: (p) => `Vizita video consultation with ${p}`,
    open: 'Open in the doctor console',
    signature: 'The Vizita team',
    request: {
      confirmed: {
        subject: (p) => `New prescription request: ${p}`,
        intro:
          'A patient you have seen asks for a repeat prescription and has paid for it. Please issue it or decline it with a reason before the deadline.',
      },
      cancelled: {
        subject: (p) => `Closed: prescription request from ${p}`,
        intro: 'A prescription request to you is closed without a prescription.',
      },
      requestedOn: 'Requested on',
      answerBy: 'Answer by',
    },
    confirmed: {
      subject: (p) => `New booking: ${p}`,
      intro: 'A patient has booked and paid a video consultation with you.',
    },
    cancelled: {
      subject: (p) => `Cancelled: consultation with ${p}`,
      intro: 'A video consultation with you has been cancelled.',
    },
    rescheduled: {
      subject: (p) => `New time: consultation with ${p}`,
      intro: 'A video consultation with you has been moved. These are the new details.',
    },
    assigned: {
      subject: (p) => `Assigned to you: consultation with ${p}`,
      intro: 'The clinic has given you a video consultation that was booked with a colleague.',
    },
    reassigned: {
      subject: (p) => `Given to a colleague: consultation with ${p}`,
      intro:
        'The clinic has given this video consultation to another doctor. It is no longer in your schedule.',
    },
  },
  bg: {
    hello: (n) => `Здравейте, ${n},`,
    patient: 'Пациент',
    date: 'Дата',
    time: 'Час',
    cancelledBy: {
      doctor: 'Вие отменихте тази консултация; сумата се възстановява изцяло на пациента.',
      patient: 'Пациентът отмени тази консултация.',
      clinic: 'Клиниката отмени тази консултация; сумата се възстановява изцяло на пациента.',
    },
    cancelReason: 'Причина за отмяната',
    calendar: 'Прикаченият файл invite.ics обновява вашия календар.',
    summary: (p) => `Видеоконсултация във Vizita с ${p}`,
    open: 'Отвори в лекарския панел',
    signature: 'Екипът на Vizita',
    request: {
      confirmed: {
        subject: (p) => `Нова заявка за рецепта: ${p}`,
        intro:
          'Пациент, когото сте преглеждали, иска повторна рецепта и я е платил. Моля, издайте я или я откажете с причина преди крайния срок.',
      },
      cancelled: {
        subject: (p) => `Закрита: заявка за рецепта от ${p}`,
        intro: 'Заявка за рецепта към вас е закрита без рецепта.',
      },
      requestedOn: 'Заявена на',
      answerBy: 'Отговор до',
    },
    confirmed: {
      subject: (p) => `Нов записан час: ${p}`,
      intro: 'Пациент записа и плати видеоконсултация с вас.',
    },
    cancelled: {
      subject: (p) => `Отменен: консултация с ${p}`,
      intro: 'Видеоконсултация с вас беше отменена.',
    },
    rescheduled: {
      subject: (p) => `Нов час: консултация с ${p}`,
      intro: 'Видеоконсултация с вас беше преместена. Това са новите данни.',
    },
    assigned: {
      subject: (p) => `Възложена ви е консултация с ${p}`,
      intro: 'Клиниката ви възложи видеоконсултация, записана първоначално при колега.',
    },
    reassigned: {
      subject: (p) => `Прехвърлена на колега: консултация с ${p}`,
      intro:
        'Клиниката прехвърли тази видеоконсултация на друг лекар. Тя вече не е във вашия график.',
    },
  },
  de: {
    hello: (n) => `Guten Tag ${n},`,
    patient: 'Patient/in',
    date: 'Datum',
    time: 'Uhrzeit',
    cancelledBy: {
      doctor: 'Sie haben diese Sprechstunde abgesagt; der Betrag wird vollständig erstattet.',
      patient: 'Die Patientin oder der Patient hat diese Sprechstunde abgesagt.',
      clinic: 'Die Praxis hat diese Sprechstunde abgesagt; der Betrag wird vollständig erstattet.',
    },
    cancelReason: 'Grund der Absage',
    calendar: 'Die angehängte invite.ics aktualisiert Ihren Kalender.',
    summary: (p) => `Vizita-Videosprechstunde mit ${p}`,
    open: 'In der Arztkonsole öffnen',
    signature: 'Ihr Vizita-Team',
    request: {
      confirmed: {
        subject: (p) => `Neue Rezeptanfrage: ${p}`,
        intro:
          'Eine Patientin oder ein Patient aus Ihrer Sprechstunde bittet um ein Folgerezept und hat es bezahlt. Bitte stellen Sie es aus oder lehnen Sie es mit Begründung vor Fristende ab.',
      },
      cancelled: {
        subject: (p) => `Geschlossen: Rezeptanfrage von ${p}`,
        intro: 'Eine Rezeptanfrage an Sie wurde ohne Rezept geschlossen.',
      },
      requestedOn: 'Angefragt am',
      answerBy: 'Antwort bis',
    },
    confirmed: {
      subject: (p) => `Neue Buchung: ${p}`,
      intro:
        'Eine Patientin oder ein Patient hat eine Videosprechstunde bei Ihnen gebucht und bezahlt.',
    },
    cancelled: {
      subject: (p) => `Abgesagt: Sprechstunde mit ${p}`,
      intro: 'Eine Videosprechstunde bei Ihnen wurde abgesagt.',
    },
    rescheduled: {
      subject: (p) => `Neuer Termin: Sprechstunde mit ${p}`,
      intro: 'Eine Videosprechstunde bei Ihnen wurde verschoben. Das sind die neuen Angaben.',
    },
    assigned: {
      subject: (p) => `Ihnen übertragen: Sprechstunde mit ${p}`,
      intro:
        'Die Praxis hat Ihnen eine Videosprechstunde übertragen, die bei einer Kollegin oder einem Kollegen gebucht war.',
    },
    reassigned: {
      subject: (p) => `An eine Kollegin oder einen Kollegen übergeben: Sprechstunde mit ${p}`,
      intro:
        'Die Praxis hat diese Videosprechstunde an eine andere Ärztin oder einen anderen Arzt übergeben. Sie steht nicht mehr in Ihrem Kalender.',
    },
  },
};
