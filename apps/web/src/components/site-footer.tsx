import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LEGAL_PAGES } from '@vizita/shared/domain/legal';

const LINK_KEYS = {
  imprint: 'legalLinks.imprint',
  privacy: 'legalLinks.privacy',
  terms: 'legalLinks.terms',
} as const;

/** Every page's footer: the legal pages (imprint, privacy notice, terms) and the copyright. */
export function SiteFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-2 px-4 py-5 text-sm text-slate-600 sm:flex-row sm:justify-between sm:px-6">
        <p>{t('footer', { year: new Date().getFullYear() })}</p>
        <nav aria-label={t('legalLinks.label')}>
          <ul className="flex flex-wrap justify-center gap-x-1">
            {LEGAL_PAGES.map((page) => (
              <li key={page}>
                <Link
                  to={`/legal/${page}`}
                  className="inline-flex min-h-11 items-center rounded px-2 underline-offset-2 hover:text-slate-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
                >
                  {t(LINK_KEYS[page])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
