import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCALE } from '@vizita/shared/constants';
import type { LegalOperator } from '@vizita/shared/contracts/legal';
import { LEGAL_PAGES, type LegalPage as Page } from '@vizita/shared/domain/legal';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { isLocale } from '@vizita/shared/constants';
import { getLegalOperator } from '../api/operator';
import { PAGE_NAME_KEYS } from '../legal-texts';
import { LegalDocument } from './legal-document';

const isLegalPage = (value: unknown): value is Page =>
  (LEGAL_PAGES as readonly unknown[]).includes(value);

type LegalPageData = { page: Page; operator: LegalOperator };

/** /legal/:page — an unknown page goes to the welcome page; the operator's details come first. */
export async function legalPageLoader({
  params,
}: LoaderFunctionArgs): Promise<LegalPageData | Response> {
  if (!isLegalPage(params.page)) return redirect('/');
  const [operator] = await Promise.all([getLegalOperator(), loadSignedInTranslations()]);
  return { page: params.page, operator };
}

/** The imprint, the privacy notice and the terms, for everyone signed in or not (issue #11). */
export function LegalPage() {
  const { page, operator } = useLoaderData<LegalPageData>();
  const { t, i18n } = useTranslation('legal');
  const locale = isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <PageTitle title={t(PAGE_NAME_KEYS[page])} />
      <nav aria-label={t('navigation')}>
        <ul className="flex flex-wrap gap-2">
          {LEGAL_PAGES.map((other) => (
            <li key={other}>
              <NavLink
                to={`/legal/${other}`}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600',
                    isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                {t(PAGE_NAME_KEYS[other])}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<LoadingState />}>
        <LegalDocument page={page} locale={locale} operator={operator} />
      </Suspense>
    </div>
  );
}
