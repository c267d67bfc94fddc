import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const linkClass =
  'font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900 focus-visible:rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

type Page = 'terms' | 'privacy';
const isPage = (tag: string): tag is Page => tag === 'terms' || tag === 'privacy';

/**
 * A sentence whose `<terms>…</terms>` and `<privacy>…</privacy>` become links. By hand rather than
 * with react-i18next's Trans, which would add ~4 KB to the first page (ADR 0010).
 */
function withLinks(sentence: string, link: (page: Page, text: string) => ReactNode): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of sentence.matchAll(/<(\w+)>(.*?)<\/\1>/g)) {
    const [whole, tag = '', text = ''] = match;
    parts.push(sentence.slice(last, match.index));
    parts.push(isPage(tag) ? link(tag, text) : text);
    last = match.index + whole.length;
  }
  parts.push(sentence.slice(last));
  return parts;
}

/**
 * Beside a form's terms checkbox: links to the texts being accepted (opened in a new tab, so the
 * form keeps what was typed).
 */
export function TermsReadNote({ ns }: { ns: 'auth' | 'profile' }) {
  const { t } = useTranslation(ns);
  return (
    <p className="pl-8 text-sm text-slate-700">
      {withLinks(t('fields.termsRead'), (page, text) => (
        <Link key={page} to={`/legal/${page}`} target="_blank" rel="noopener" className={linkClass}>
          {text}
        </Link>
      ))}
    </p>
  );
}
