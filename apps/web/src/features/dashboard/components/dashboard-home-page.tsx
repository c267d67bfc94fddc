import {
  useState,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
  type SVGProps,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { ProfileCompletionBanner } from '../../../components/profile-completion-banner';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import {
  CalendarIcon,
  CheckCircleIcon,
  ClipboardIcon,
  MailIcon,
  UserIcon,
  VideoIcon,
} from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatInstantDate, formatLongDate, toIsoDate } from '../../../lib/dates';
import { AppointmentWhen } from '../../../components/appointment-when';
import { useAppointments, type AppointmentSummaryItem } from '../api/get-appointments';
import { summarizeAppointments } from '../utils/appointment-summary';
import { CompleteProfileFirstDialog } from '../../../components/complete-profile-first-dialog';

/** Spec §2, §9: the Profile Complete card shows only these two values. */
const PROFILE_COMPLETE_PERCENT = { complete: 100, incomplete: 50 } as const;

const STATUS = {
  upcoming: { key: 'status.upcoming', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  completed: { key: 'status.completed', tone: 'bg-sky-50 text-sky-800 ring-sky-200' },
  no_show: { key: 'status.noShow', tone: 'bg-amber-50 text-amber-900 ring-amber-200' },
  cancelled: { key: 'status.cancelled', tone: 'bg-red-50 text-red-800 ring-red-200' },
} as const satisfies Record<Appointment['status'], { key: string; tone: string }>;

const focusRing =
  'rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

function StatCard({
  label,
  icon: IconComponent,
  children,
}: {
  label: string;
  icon: Icon;
  children: ReactNode;
}) {
  // A direct child of the <dl>: a group of one term and its value.
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="flex items-center gap-3 text-sm font-medium text-slate-700">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <IconComponent />
        </span>
        {label}
      </dt>
      <dd className="mt-2 flex min-h-9 items-center text-2xl font-bold text-slate-900">
        {children}
      </dd>
    </div>
  );
}

/** A count from the appointments call, or what stands for it while it loads or failed. */
function Count({ value, loading }: { value: number | undefined; loading: boolean }) {
  const { t } = useTranslation(['dashboard', 'common']);
  if (value !== undefined) return value;
  if (loading) {
    return (
      <>
        <Spinner size="sm" className="text-teal-700" />
        <span className="sr-only">{t('common:loading')}</span>
      </>
    );
  }
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{t('home.stats.notAvailable')}</span>
    </>
  );
}

function AppointmentItem({ appointment }: { appointment: AppointmentSummaryItem }) {
  const { t } = useTranslation(['dashboard', 'appointments']);
  const status = STATUS[appointment.status];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">
          {appointment.doctorId.name || t('home.recent.doctorFallback')}
        </p>
        <p className="text-sm text-slate-700">
          {/* A prescription request holds no time with the doctor: when it was asked. */}
          {appointment.plan === 'prescription' ? (
            t('card.request.requestedOn', {
              ns: 'appointments',
              date: formatInstantDate(appointment.startsAt) ?? appointment.startsAt,
            })
          ) : (
            <AppointmentWhen {...appointment} />
          )}
        </p>
      </div>
      <span
        className={cn(
          'inline-flex w-fit shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
          status.tone,
        )}
      >
        {t(status.key, { ns: 'appointments' })}
      </span>
    </li>
  );
}

/**
 * /dashboard (spec §2 Dashboard home): greeting and date, the completion banner, statistics from
 * the patient's appointments, the three most recent, and quick actions. Booking needs a complete
 * profile: `isProfileComplete` is the session's flag (the app passes it).
 */
export function DashboardHomePage({ isProfileComplete }: { isProfileComplete: boolean }) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [today] = useState(() => new Date());
  const [askingToComplete, setAskingToComplete] = useState(false);
  const appointments = useAppointments();
  const summary = appointments.data ? summarizeAppointments(appointments.data) : undefined;

  const book = () => {
    if (isProfileComplete) void navigate('/calendar');
    else setAskingToComplete(true);
  };
  /** A link that books or pays asks an incomplete profile to be completed first, as `book`. */
  const guardProfile = (event: MouseEvent) => {
    if (isProfileComplete) return;
    event.preventDefault();
    setAskingToComplete(true);
  };

  let recent: ReactNode;
  if (summary && summary.recent.length > 0) {
    recent = (
      <ul className="divide-y divide-slate-100">
        {summary.recent.map((appointment) => (
          <AppointmentItem key={appointment._id} appointment={appointment} />
        ))}
      </ul>
    );
  } else if (summary) {
    recent = (
      <div className="py-6 text-center">
        <p className="font-medium text-slate-900">{t('home.recent.empty')}</p>
        <p className="mt-1 text-sm text-slate-700">{t('home.recent.emptyText')}</p>
        <Link
          to="/calendar"
          onClick={guardProfile}
          className={cn('mt-3 inline-block font-semibold text-teal-800 underline', focusRing)}
        >
          {t('home.recent.bookFirst')}
        </Link>
      </div>
    );
  } else if (appointments.isError) {
    recent = (
      <ErrorState
        message={t('home.recent.error')}
        retrying={appointments.isFetching}
        onRetry={() => void appointments.refetch()}
      />
    );
  } else {
    recent = <LoadingState label={t('home.recent.loading')} />;
  }

  const percent = isProfileComplete
    ? PROFILE_COMPLETE_PERCENT.complete
    : PROFILE_COMPLETE_PERCENT.incomplete;

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle title={t('home.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('home.heading')}</h1>
        <p className="mt-1 text-slate-700">
          <time dateTime={toIsoDate(today)}>{formatLongDate(today)}</time>
        </p>
      </div>

      {!isProfileComplete && <ProfileCompletionBanner />}

      <section aria-labelledby="overview-heading">
        <h2 id="overview-heading" className="sr-only">
          {t('home.overviewHeading')}
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          <StatCard label={t('home.stats.upcoming')} icon={CalendarIcon}>
            <Count value={summary?.upcoming} loading={appointments.isPending} />
          </StatCard>
          <StatCard label={t('home.stats.profileComplete')} icon={CheckCircleIcon}>
            {percent}%
          </StatCard>
          <StatCard label={t('home.stats.total')} icon={ClipboardIcon}>
            <Count value={summary?.total} loading={appointments.isPending} />
          </StatCard>
        </dl>
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <section aria-labelledby="recent-heading">
            <div className="flex items-center justify-between gap-4">
              <h2 id="recent-heading" className="text-lg font-semibold text-slate-900">
                {t('home.recent.heading')}
              </h2>
              <Link
                to="/dashboard/appointments"
                className={cn('text-sm font-semibold text-teal-800 underline', focusRing)}
              >
                {t('home.recent.viewAll')}
              </Link>
            </div>
            <div className="mt-3">{recent}</div>
          </section>
        </Card>

        <Card>
          <section aria-labelledby="quick-actions-heading">
            <h2 id="quick-actions-heading" className="text-lg font-semibold text-slate-900">
              {t('home.quickActions.heading')}
            </h2>
            <ul className="mt-4 space-y-3">
              <li>
                <Button className="w-full" onClick={book}>
                  <CalendarIcon />
                  {t('home.quickActions.book')}
                </Button>
              </li>
              <li>
                <Link to="/dashboard/edit-profile" className={buttonClasses('secondary', 'w-full')}>
                  <UserIcon />
                  {t('home.quickActions.updateProfile')}
                </Link>
              </li>
              {/* Spec §2's "Contact Support": the conversations with the practice (issue #20). */}
              <li>
                <Link to="/dashboard/messages" className={buttonClasses('secondary', 'w-full')}>
                  <MailIcon />
                  {t('home.quickActions.messages')}
                </Link>
              </li>
              {/* Spec §2's "Start Video Call": a doctor now (issue #22), paid like a booking. */}
              <li>
                <Link
                  to="/dashboard/see-a-doctor-now"
                  onClick={guardProfile}
                  className={buttonClasses('secondary', 'w-full')}
                >
                  <VideoIcon />
                  {t('home.quickActions.startVideoCall')}
                </Link>
              </li>
            </ul>
          </section>
        </Card>
      </div>

      {askingToComplete && (
        <CompleteProfileFirstDialog onClose={() => setAskingToComplete(false)} />
      )}
    </div>
  );
}
