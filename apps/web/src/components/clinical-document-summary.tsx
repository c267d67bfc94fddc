import { useTranslation } from 'react-i18next';
import type {
  ClinicalDocument,
  ClinicalDocumentKind,
  ReferralUrgency,
} from '@vizita/shared/contracts/clinical-documents';
import { catalogueMedicine } from '@vizita/shared/domain/medicine-catalogue';
import type { SickNoteCertificate } from '@vizita/shared/domain/sick-notes';
import { formatCalendarDate, formatInstantDate } from '../lib/dates';
import { isLocale } from '@vizita/shared/constants';
import { useSpecialtyNames } from '../lib/specialty-name';

/** A document's kind as the reader's language names it (keys of `clinicalDocuments`). */
export const CLINICAL_DOCUMENT_KIND_KEYS = {
  prescription: 'kinds.prescription',
  'sick-note': 'kinds.sickNote',
  referral: 'kinds.referral',
} as const satisfies Record<ClinicalDocumentKind, string>;

export const SICK_NOTE_CERTIFICATE_KEYS = {
  first: 'sickNote.first',
  'follow-up': 'sickNote.followUp',
} as const satisfies Record<SickNoteCertificate, string>;

export const REFERRAL_URGENCY_KEYS = {
  routine: 'referral.urgencies.routine',
  soon: 'referral.urgencies.soon',
  urgent: 'referral.urgencies.urgent',
} as const satisfies Record<ReferralUrgency, string>;

/**
 * What an issued document is about, in a line: the medicines of a prescription, a sick note's
 * days, a referral's specialty and urgency. The patient and the consultation's doctor read it.
 */
function useContentLine() {
  const { t, i18n } = useTranslation('clinicalDocuments');
  const specialties = useSpecialtyNames();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (content: ClinicalDocument['content']): string => {
    if ('items' in content)
      return content.items
        .map((item) => {
          // A catalogue medicine is named in the reader's language, as the PDF names it.
          const name = (item.atc && catalogueMedicine(item.atc)?.name[locale]) || item.medicine;
          return `${name} ${item.strength}`;
        })
        .join(', ');
    if ('start' in content)
      return t('summary.sickNote', {
        start: formatCalendarDate(content.start) ?? content.start,
        end: formatCalendarDate(content.end) ?? content.end,
        certificate: t(SICK_NOTE_CERTIFICATE_KEYS[content.certificate]),
      });
    return t('summary.referral', {
      specialty: specialties([content.specialty]),
      urgency: t(REFERRAL_URGENCY_KEYS[content.urgency]),
    });
  };
}

/**
 * One issued document's facts: its kind (as a heading of the given level), when it was issued
 * and corrected, what it is about, its verification code, and — plainly — that it was revoked.
 */
export function ClinicalDocumentSummary({
  document,
  headingId,
  headingLevel = 3,
}: {
  document: ClinicalDocument;
  headingId: string;
  headingLevel?: 3 | 4;
}) {
  const { t } = useTranslation('clinicalDocuments');
  const contentLine = useContentLine();
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="min-w-0 space-y-1 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <Heading id={headingId} className="font-semibold text-slate-900">
          {t(CLINICAL_DOCUMENT_KIND_KEYS[document.kind])}
        </Heading>
        {document.revokedAt && (
          <span className="inline-flex rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-200">
            {t('list.revoked')}
          </span>
        )}
      </div>
      <p className="text-slate-700">
        {t('list.issuedOn', { date: formatInstantDate(document.issuedAt) ?? '' })}
        {document.version > 1 &&
          ` · ${t('list.corrected', {
            version: document.version,
            date: formatInstantDate(document.versionAt) ?? '',
          })}`}
      </p>
      <p className="break-words text-slate-700">{contentLine(document.content)}</p>
      <p className="text-slate-700">
        {t('list.code')}{' '}
        <span className="font-mono font-semibold tracking-wide text-slate-900">
          {document.verification.shortCode}
        </span>
      </p>
      {document.revokedAt && (
        <p className="text-red-800">
          {t('list.revokedOn', { date: formatInstantDate(document.revokedAt) ?? '' })}
        </p>
      )}
    </div>
  );
}
