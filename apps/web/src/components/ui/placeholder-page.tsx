import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClipboardIcon } from './icons';
import { PageTitle } from './page-title';

/** A page that a later issue fills: its real heading and an honest "coming soon". */
export function PlaceholderPage({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="placeholder-heading" className="mx-auto w-full max-w-3xl">
      <PageTitle title={title} />
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <ClipboardIcon width={24} height={24} />
        </span>
        <h1 id="placeholder-heading" className="text-2xl font-bold text-slate-900">
          {title}
        </h1>
        <p className="mt-2 text-slate-700">{t('comingSoon')}</p>
        {children && <div className="mt-6 flex justify-center">{children}</div>}
      </div>
    </section>
  );
}
