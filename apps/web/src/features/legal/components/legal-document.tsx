import { use, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@vizita/shared/constants';
import type { LegalOperator } from '@vizita/shared/contracts/legal';
import { LEGAL_VERSIONS, type LegalPage } from '@vizita/shared/domain/legal';
import { formatLongCalendarDate } from '../../../lib/dates';
import { fillParagraph, legalTexts, legalValues } from '../legal-texts';

const BULLET = '• ';

/** Paragraphs, with runs of "• " items as one list. */
function Paragraphs({ paragraphs }: { paragraphs: string[] }) {
  const blocks: ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length === 0) return;
    blocks.push(
      <ul key={`list-${blocks.length}`} className="list-disc space-y-1 pl-6">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>,
    );
    items = [];
  };
  for (const paragraph of paragraphs) {
    if (paragraph.startsWith(BULLET)) {
      items.push(paragraph.slice(BULLET.length));
      continue;
    }
    flush();
    blocks.push(<p key={`p-${blocks.length}`}>{paragraph}</p>);
  }
  flush();
  return <>{blocks}</>;
}

/**
 * One legal document in the reader's language, the operator's details filled in. Suspends while
 * the language's texts load (their own chunk).
 */
export function LegalDocument({
  page,
  locale,
  operator,
}: {
  page: LegalPage;
  locale: Locale;
  operator: LegalOperator;
}) {
  const { t } = useTranslation('legal');
  const text = use(legalTexts(locale))[page];
  const version = page === 'imprint' ? null : LEGAL_VERSIONS[page];
  const values = legalValues(operator, version ? (formatLongCalendarDate(version) ?? version) : '');
  const fill = (paragraphs: string[]) => paragraphs.flatMap((p) => fillParagraph(p, values) ?? []);
  return (
    <article className="space-y-6 text-slate-800">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
        {version && (
          <p className="text-sm text-slate-600">
            {t('versionOf', { date: formatLongCalendarDate(version) ?? version })}
          </p>
        )}
        <p>{fillParagraph(text.intro, values)}</p>
      </header>
      {text.sections.map((section) => (
        <section key={section.id} aria-labelledby={`legal-${section.id}`} className="space-y-3">
          <h2 id={`legal-${section.id}`} className="text-lg font-semibold text-slate-900">
            {section.heading}
          </h2>
          <Paragraphs paragraphs={fill(section.paragraphs)} />
        </section>
      ))}
    </article>
  );
}
