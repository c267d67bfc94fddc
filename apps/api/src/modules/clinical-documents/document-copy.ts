import type { Locale } from '@vizita/shared/constants';
import type {
  ClinicalDocumentKind,
  ReferralUrgency,
} from '@vizita/shared/contracts/clinical-documents';
import type { MedicineForm } from '@vizita/shared/domain/medicine-catalogue';

/** What Vizita prints as a document of the practice: the three the doctor issues, and a summary. */
export type PrintedKind = ClinicalDocumentKind | 'visit-summary';

// Every text of a prescription, a sick note and a referral as Vizita renders them (issue #21), in
// the three interface languages. The statement of what the document is — a private document of
// the practice, not one of the national e-health systems — is printed on every page: a pharmacy
// or an employer must not take it for an E-Rezept, an eAU or an НЗИС e-prescription.

export const DOCUMENT_COPY = {
  en: {
    title: {
      prescription: 'Private prescription',
      'sick-note': 'Certificate of incapacity for work',
      referral: 'Referral',
      'visit-summary': 'Visit summary',
    } satisfies Record<PrintedKind, string>,
    issuedOn: 'Date of issue',
    code: 'Document code',
    version: (n: number) => `Corrected version ${n}`,
    patient: 'Patient',
    born: 'Date of birth',
    insurance: 'Insurance',
    doctor: 'Issued by',
    clinic: 'Practice',
    medicine: 'Medicine',
    dosage: 'Dosage',
    quantity: 'Quantity',
    instructions: 'Instructions',
    certificate: { first: 'First certificate', 'follow-up': 'Follow-up certificate' },
    incapable: (from: string, to: string, days: number) =>
      `Incapable of work from ${from} to ${to} inclusive (${days} calendar ${days === 1 ? 'day' : 'days'}).`,
    establishedByVideo: (date: string) => `Established in a video consultation on ${date}.`,
    referTo: 'Referred to',
    urgency: 'Urgency',
    urgencies: {
      routine: 'Routine',
      soon: 'Within a few days',
      urgent: 'Urgent',
    } satisfies Record<ReferralUrgency, string>,
    question: 'Question for the colleague',
    summary: 'Summary for the patient',
    forms: {
      tablet: 'tablets',
      'film-coated-tablet': 'film-coated tablets',
      capsule: 'capsules',
      granules: 'granules',
      inhaler: 'inhaler',
      'nasal-spray': 'nasal spray',
      gel: 'gel',
    } satisfies Record<MedicineForm, string>,
    notNational: {
      prescription:
        'A private prescription issued by the practice. It is not an E-Rezept (Germany) or an NHIS e-prescription (Bulgaria).',
      'sick-note':
        'A certificate issued by the practice. It is not an electronic certificate (eAU) sent to a German health insurer, nor a Bulgarian sick leave (болничен лист).',
      referral:
        'A referral letter of the practice. It is not a referral of the statutory health insurance in Germany or Bulgaria.',
      'visit-summary':
        'The summary the doctor wrote for the patient after the consultation. It is not a medical certificate.',
    } satisfies Record<PrintedKind, string>,
    verify: (url: string, code: string) =>
      `Check that this document is authentic: scan the code or open ${url} and enter ${code}.`,
    revoked: 'This document was revoked by the doctor.',
  },
  bg: {
    title: {
      prescription: 'Частна рецепта',
      'sick-note': 'Удостоверение за временна неработоспособност',
      referral: 'Направление',
      'visit-summary': 'Резюме от преглед',
    },
    issuedOn: 'Дата на издаване',
    code: 'Код на документа',
    version: (n: number) => `Поправена версия ${n}`,
    patient: 'Пациент',
    born: 'Дата на раждане',
    insurance: 'Осигуряване',
    doctor: 'Издаден от',
    clinic: 'Практика',
    medicine: 'Лекарство',
    dosage: 'Дозировка',
    quantity: 'Количество',
    instructions: 'Указания',
    certificate: { first: 'Първично удостоверение', 'follow-up': 'Продължение' },
    incapable: (from: string, to: string, days: number) =>
      `Временно неработоспособен от ${from} до ${to} включително (${days} календарни ${days === 1 ? 'ден' : 'дни'}).`,
    establishedByVideo: (date: string) => `Установено при видеоконсултация на ${date}.`,
    referTo: 'Насочен към',
    urgency: 'Спешност',
    urgencies: { routine: 'Планово', soon: 'До няколко дни', urgent: 'Спешно' },
    question: 'Въпрос към колегата',
    summary: 'Резюме за пациента',
    forms: {
      tablet: 'таблетки',
      'film-coated-tablet': 'филмирани таблетки',
      capsule: 'капсули',
      granules: 'гранули',
      inhaler: 'инхалатор',
      'nasal-spray': 'спрей за нос',
      gel: 'гел',
    },
    notNational: {
      prescription:
        'Частна рецепта, издадена от практиката. Тя не е електронна рецепта в НЗИС (България), нито E-Rezept (Германия).',
      'sick-note':
        'Удостоверение, издадено от практиката. То не е болничен лист по българското законодателство, нито електронно удостоверение (eAU) към германска здравна каса.',
      referral:
        'Писмо-направление на практиката. То не е направление по задължителното здравно осигуряване в България или Германия.',
      'visit-summary':
        'Резюмето, което лекарят е написал за пациента след прегледа. То не е медицинско удостоверение.',
    },
    verify: (url: string, code: string) =>
      `Проверете дали документът е истински: сканирайте кода или отворете ${url} и въведете ${code}.`,
    revoked: 'Този документ е оттеглен от лекаря.',
  },
  de: {
    title: {
      prescription: 'Privatrezept',
      'sick-note': 'Ärztliche Bescheinigung über Arbeitsunfähigkeit',
      referral: 'Überweisung',
      'visit-summary': 'Behandlungsbericht',
    },
    issuedOn: 'Ausstellungsdatum',
    code: 'Dokumentcode',
    version: (n: number) => `Korrigierte Fassung ${n}`,
    patient: 'Patient/in',
    born: 'Geburtsdatum',
    insurance: 'Versicherung',
    doctor: 'Ausgestellt von',
    clinic: 'Praxis',
    medicine: 'Arzneimittel',
    dosage: 'Dosierung',
    quantity: 'Menge',
    instructions: 'Hinweise',
    certificate: { first: 'Erstbescheinigung', 'follow-up': 'Folgebescheinigung' },
    incapable: (from: string, to: string, days: number) =>
      `Arbeitsunfähig vom ${from} bis einschließlich ${to} (${days} ${days === 1 ? 'Kalendertag' : 'Kalendertage'}).`,
    establishedByVideo: (date: string) => `Festgestellt in einer Videosprechstunde am ${date}.`,
    referTo: 'Überweisung an',
    urgency: 'Dringlichkeit',
    urgencies: { routine: 'Regulär', soon: 'In den nächsten Tagen', urgent: 'Dringend' },
    question: 'Fragestellung',
    summary: 'Zusammenfassung für die Patientin/den Patienten',
    forms: {
      tablet: 'Tabletten',
      'film-coated-tablet': 'Filmtabletten',
      capsule: 'Kapseln',
      granules: 'Granulat',
      inhaler: 'Dosieraerosol',
      'nasal-spray': 'Nasenspray',
      gel: 'Gel',
    },
    notNational: {
      prescription:
        'Ein Privatrezept der Praxis. Es ist kein E-Rezept (Deutschland) und kein НЗИС-E-Rezept (Bulgarien).',
      'sick-note':
        'Eine Bescheinigung der Praxis. Sie ist keine elektronische Arbeitsunfähigkeitsbescheinigung (eAU) an eine deutsche Krankenkasse und kein bulgarischer Krankenschein (болничен лист).',
      referral:
        'Ein Überweisungsschreiben der Praxis. Es ist keine Überweisung der gesetzlichen Krankenversicherung in Deutschland oder Bulgarien.',
      'visit-summary':
        'Die Zusammenfassung, die die Ärztin/der Arzt nach der Sprechstunde für die Patientin/den Patienten geschrieben hat. Sie ist kein ärztliches Attest.',
    },
    verify: (url: string, code: string) =>
      `Echtheit prüfen: Code scannen oder ${url} öffnen und ${code} eingeben.`,
    revoked: 'Dieses Dokument wurde von der Ärztin/dem Arzt widerrufen.',
  },
} as const satisfies Record<Locale, unknown>;

export type DocumentCopy = (typeof DOCUMENT_COPY)['en'];
