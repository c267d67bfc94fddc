import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WaitlistEntry } from '@vizita/shared/contracts/waitlist';
import { useWaitlist } from '../../../api/get-waitlist';
import { useStopWaitlistAlert } from '../../../api/stop-waitlist-alert';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { BellIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatDateTime, formatInstantDate } from '../../../lib/dates';
import { useSpecialtyNames } from '../../../lib/specialty-name';

const STATUS = {
  waiting: { key: 'list.status.waiting', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  fulfilled: { key: 'list.status.fulfilled', tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  cancelled: { key: 'list.status.cancelled', tone: 'bg-slate-100 text-slate-800 ring-slate-200' },
  expired: { key: 'list.status.expired', tone: 'bg-slate-100 text-slate-800 ring-slate-200' },
} as const satisfies Record<WaitlistEntry['status'], { key: string; tone: string }>;

function AlertItem({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation('waitlist');
  const specialties = useSpecialtyNames();
  const stop = useStopWaitlistAlert();
  const headingId = `waitlist-${entry._id}`;
  const status = STATUS[entry.status];
  const what = entry.appointmentId
    ? t('list.forAppointment', {
        doctor: entry.doctor?.name ?? '',
        date: formatDateTime(entry.expiresAt) ?? '',
      })
    : entry.doctor
      ? t('list.forDoctor', { doctor: entry.doctor.name })
      : t('list.forSpecialty', { specialty: specialties([entry.specialty ?? '']) });
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-base font-semibold break-words text-slate-900">
          {what}
        </h2>
        <span
          className={cn(
            'inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
            status.tone,
          )}
        >
          {t(status.key)}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-700">
        {entry.appointmentId
          ? t('list.untilAppointment')
          : t('list.until', { date: formatInstantDate(entry.expiresAt) ?? '' })}
      </p>
      {entry.status === 'waiting' && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            aria-describedby={headingId}
            busy={stop.isPending}
            onClick={() => stop.mutate(entry._id)}
          >
            {t('list.stop')}
          </Button>
          {stop.isError && (
            <span role="alert" className="text-sm text-red-700">
              {t('alert.errors.failed')}
            </span>
          )}
        </div>
      )}
    </article>
  );
}

/**
 * /dashboard/waitlist — the patient's earlier-time alerts: what each waits for, until when, and
 * "Stop" for those still waiting. Offers come by notification and e-mail, each with its link.
 */
export function AlertsPage() {
  const { t } = useTranslation('waitlist');
  const list = useWaitlist();

  let content;
  if (list.isPending) content = <LoadingState label={t('list.loading')} />;
  else if (list.isError)
    content = (
      <ErrorState
        message={t('list.loadFailed')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  else if (list.data.length === 0)
    content = (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <BellIcon width={24} height={24} aria-hidden="true" />
        </span>
        <p className="font-semibold text-slate-900">{t('list.empty')}</p>
        <p className="mt-1 text-sm text-slate-700">{t('list.emptyHint')}</p>
      </div>
    );
  else
    content = (
      <ul className="space-y-4">
        {list.data.map((entry) => (
          <li key={entry._id}>
            <AlertItem entry={entry} />
          </li>
        ))}
      </ul>
    );

  return (
    <div className="mx-auto w-full max-w-3xl space-y-6">
      <PageTitle title={t('list.title')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('list.title')}</h1>
          <p className="mt-1 text-slate-700">{t('list.subtitle')}</p>
        </div>
        <Link to="/dashboard/appointments" className={buttonClasses('secondary')}>
          {t('list.toAppointments')}
        </Link>
      </div>
      <Alert tone="info">{t('list.howItWorks')}</Alert>
      <section aria-label={t('list.title')} aria-busy={list.isFetching || undefined}>
        {content}
      </section>
    </div>
  );
}
