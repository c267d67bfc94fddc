import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_LANGUAGES,
  type DocumentLanguage,
} from '@vizita/shared/contracts/clinical-documents';
import { LOCALE_ENDONYMS } from '@vizita/shared/constants';
import { isLocale } from '@vizita/shared/constants';
import { Button } from './ui/button';
import { controlClasses } from './ui/text-field';

// A document's language is named in that language, whatever the screen's: the reader looks for
// the one they (or the pharmacy, the employer) read, as on any language switch.
const LANGUAGE_NAMES = {
  ...LOCALE_ENDONYMS,
  'bg+de': `${LOCALE_ENDONYMS.bg} + ${LOCALE_ENDONYMS.de}`,
} as const satisfies Record<DocumentLanguage, string>;
const LANGUAGE_TAGS = { en: 'en', bg: 'bg', de: 'de', 'bg+de': undefined } as const;

/**
 * "Download PDF" of a document of the practice — an issued prescription, sick note or referral, or
 * a visit summary — with the language to render it in: the interface language first, or Bulgarian
 * and German side by side (issue #21) for people who live in both countries. Shown to the patient
 * and to the consultation's doctor alike.
 */
export function PdfDownload({
  download: fetchPdf,
  describedBy,
}: {
  /** Fetches and saves the PDF in a language; a throw says it failed. */
  download: (language: DocumentLanguage) => Promise<void>;
  /** The id of the text naming the document, so that "Download PDF" says which. */
  describedBy?: string | undefined;
}) {
  const { t, i18n } = useTranslation('clinicalDocuments');
  const selectId = useId();
  const [language, setLanguage] = useState<DocumentLanguage>(
    isLocale(i18n.language) ? i18n.language : 'en',
  );
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await fetchPdf(language);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 space-y-1">
          <label htmlFor={selectId} className="block text-xs font-medium text-slate-700">
            {t('pdf.language')}
          </label>
          <select
            id={selectId}
            value={language}
            onChange={(event) => setLanguage(event.target.value as DocumentLanguage)}
            className={controlClasses(false, 'w-auto pr-8 text-sm')}
          >
            {DOCUMENT_LANGUAGES.map((code) => (
              <option key={code} value={code} lang={LANGUAGE_TAGS[code]}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </div>
        <Button
          variant="secondary"
          busy={busy}
          aria-describedby={describedBy}
          onClick={() => void download()}
        >
          {t('pdf.download')}
        </Button>
      </div>
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {t('pdf.failed')}
        </p>
      )}
    </div>
  );
}
