import type { Locale } from '@vizita/shared/constants';
import type {
  DocumentLanguage,
  IssueClinicalDocument,
} from '@vizita/shared/contracts/clinical-documents';
import { daysBetween } from '@vizita/shared/domain/calendar-date';
import { specialtyName } from '@vizita/shared/domain/specialties';
import { DOCUMENT_COPY, type DocumentCopy, type PrintedKind } from './document-copy.ts';

/** What a rendered document says, besides its content: who, when, and how to check it. */
export type DocumentFacts = {
  kind: PrintedKind;
  /** An issued document's content, or a visit summary's text (the doctor's words, as written). */
  content: IssueClinicalDocument['content'] | { summary: string };
  version: number;
  issuedAt: Date;
  /** The consultation's day in the doctor's zone (YYYY-MM-DD). */
  consultationDate: string;
  revoked: boolean;
  verification: { shortCode: string; url: string; pageUrl: string };
  clinic: { name: string; lines: string[] };
  doctor: { name: string; specialties: string[] };
  patient: { name: string; birthDate: string | null; insurance: string | null };
};

type Row = [label: string, value: string];
export type DocumentSection = { heading?: string; rows?: Row[]; paragraphs?: string[] };

const LANGUAGES: Record<DocumentLanguage, Locale[]> = {
  en: ['en'],
  bg: ['bg'],
  de: ['de'],
  // For people who live in both countries: every label in both, Bulgarian first.
  'bg+de': ['bg', 'de'],
};

const intlLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : locale);

/**
 * A document laid out for the PDF in one language or in Bulgarian and German: labels joined with
 * " / ", sentences one per language. The content is the doctor's own words and is printed as is.
 */
export function documentView(facts: DocumentFacts, language: DocumentLanguage) {
  const locales = LANGUAGES[language];
  const copies = locales.map((l) => DOCUMENT_COPY[l] as DocumentCopy);
  const label = (pick: (c: DocumentCopy) => string) => copies.map(pick).join(' / ');
  const sentences = (pick: (c: DocumentCopy) => string) => copies.map(pick);
  const day = (isoDate: string) =>
    new Intl.DateTimeFormat(intlLocale(locales[0]!), {
      dateStyle: 'medium',
      timeZone: 'UTC',
    }).format(new Date(`${isoDate}T00:00:00Z`));
  const issued = day(facts.issuedAt.toISOString().slice(0, 10));
  const kind = facts.kind;

  const sections: DocumentSection[] = [];
  const { content } = facts;
  if (kind === 'prescription' && 'items' in content) {
    content.items.forEach((item, i) => {
      const form = label((c) => c.forms[item.form]);
      sections.push({
        heading: `${i + 1}. ${item.medicine} ${item.strength} — ${form}`,
        rows: [
          [label((c) => c.dosage), item.dosage],
          [label((c) => c.quantity), item.quantity],
          ...(item.instructions ? [[label((c) => c.instructions), item.instructions] as Row] : []),
          ...(item.atc ? [['ATC', item.atc] as Row] : []),
        ],
      });
    });
  } else if (kind === 'sick-note' && 'certificate' in content) {
    const days = daysBetween(content.start, content.end) + 1;
    sections.push({
      heading: label((c) => c.certificate[content.certificate]),
      paragraphs: [
        ...sentences((c) => c.incapable(day(content.start), day(content.end), days)),
        ...sentences((c) => c.establishedByVideo(day(facts.consultationDate))),
      ],
    });
  } else if (kind === 'referral' && 'question' in content) {
    sections.push({
      rows: [
        [
          label((c) => c.referTo),
          locales.map((l) => specialtyName(content.specialty, l)).join(' / '),
        ],
        [label((c) => c.urgency), label((c) => c.urgencies[content.urgency])],
      ],
    });
    sections.push({ heading: label((c) => c.question), paragraphs: [content.question] });
  } else if (kind === 'visit-summary' && 'summary' in content) {
    sections.push({ heading: label((c) => c.summary), paragraphs: [content.summary] });
  }

  return {
    lang: locales[0]!,
    title: label((c) => c.title[kind]),
    meta: [
      [label((c) => c.issuedOn), issued],
      [label((c) => c.code), facts.verification.shortCode],
    ] as Row[],
    correction: facts.version > 1 ? label((c) => c.version(facts.version)) : null,
    parties: [
      {
        heading: label((c) => c.patient),
        lines: [
          facts.patient.name,
          ...(facts.patient.birthDate
            ? [`${label((c) => c.born)}: ${day(facts.patient.birthDate)}`]
            : []),
          ...(facts.patient.insurance
            ? [`${label((c) => c.insurance)}: ${facts.patient.insurance}`]
            : []),
        ],
      },
      {
        heading: label((c) => c.doctor),
        lines: [
          facts.doctor.name,
          ...(facts.doctor.specialties.length > 0
            ? [
                locales
                  .map((l) => facts.doctor.specialties.map((s) => specialtyName(s, l)).join(', '))
                  .join(' / '),
              ]
            : []),
          facts.clinic.name,
          ...facts.clinic.lines,
        ],
      },
    ],
    sections,
    notice: sentences((c) => c.notNational[kind]),
    revoked: facts.revoked ? label((c) => c.revoked) : null,
    verify: {
      text: sentences((c) => c.verify(facts.verification.pageUrl, facts.verification.shortCode)),
      url: facts.verification.url,
    },
  };
}
export type DocumentView = ReturnType<typeof documentView>;
