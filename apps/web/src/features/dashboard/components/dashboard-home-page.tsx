import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/page-title';
import { formatLongDate, toIsoDate } from '../../../lib/dates';

/** /dashboard — greeting and today's date; statistics and quick actions come next. */
export function DashboardHomePage() {
  const { t } = useTranslation('dashboard');
  const [today] = useState(() => new Date());
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle title={t('home.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('home.heading')}</h1>
        <p className="mt-1 text-slate-700">
          <time dateTime={toIsoDate(today)}>{formatLongDate(today)}</time>
        </p>
      </div>
      <section
        aria-labelledby="overview-heading"
        className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="overview-heading" className="text-lg font-semibold text-slate-900">
          {t('home.overviewHeading')}
        </h2>
        <p className="mt-2 text-slate-700">{t('home.overviewText')}</p>
      </section>
    </div>
  );
}
