import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { CalendarIcon } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { CancelAppointmentResult } from '../api/cancel-appointment';
import {
  APPOINTMENTS_PAGE_SIZE,
  useAppointments,
  type AppointmentFilter,
} from '../api/get-appointments';
import { useNow } from '../../../lib/use-now';
import { AppointmentCard, appointmentHeadingId } from './appointment-card';
import { CancelAppointmentDialog } from './cancel-appointment-dialog';
import { RescheduleAppointmentDialog } from './reschedule-appointment-dialog';
import { Toast } from './toast';
import { CompleteProfileFirstDialog } from '../../../components/complete-profile-first-dialog';
import { usePrescriptionRequestOptions } from '../../../api/get-prescription-request-options';

/** Spec §4, §9: the join state is recomputed every 60 seconds. */
const JOIN_STATE_REFRESH_MS = 60_000;

const FILTERS = [
  { value: 'all', key: 'list.filters.all' },
  { value: 'upcoming', key: 'list.filters.upcoming' },
  { value: 'completed', key: 'list.filters.completed' },
  { value: 'cancelled', key: 'list.filters.cancelled' },
] as const satisfies readonly { value: AppointmentFilter; key: string }[];

/** What a filter that matches nothing says (when there are appointments in other lists). */
const FILTERED_EMPTY_KEYS = {
  upcoming: 'list.empty.upcoming',
  completed: 'list.empty.completed',
  no_show: 'list.empty.noShow',
  cancelled: 'list.empty.cancelled',
} as const;

/** Spec §2 toast after a cancellation: what happened to the payment. */
const CANCELLED_TOAST_KEYS = {
  refunded: 'toast.cancelledRefunded',
  processing: 'toast.cancelledRefundProcessing',
  none: 'toast.cancelled',
} as const satisfies Record<CancelAppointmentResult['refund'], string>;

/** The same for a prescription request withdrawn (issue #21). */
const REQUEST_CANCELLED_TOAST_KEYS = {
  refunded: 'toast.requestCancelledRefunded',
  processing: 'toast.requestCancelledRefundProcessing',
  none: 'toast.requestCancelled',
} as const satisfies Record<CancelAppointmentResult['refund'], string>;

type ToastKey =
  | (typeof CANCELLED_TOAST_KEYS)[keyof typeof CANCELLED_TOAST_KEYS]
  | (typeof REQUEST_CANCELLED_TOAST_KEYS)[keyof typeof REQUEST_CANCELLED_TOAST_KEYS]
  | 'toast.rescheduled';

type OpenDialog = { kind: 'cancel' | 'reschedule'; appointment: Appointment } | null;

const focusRing =
  'rounded focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

function StatCard({
  label,
  value,
  state,
}: {
  label: string;
  value: number | undefined;
  state: 'loading' | 'error' | 'ready';
}) {
  const { t } = useTranslation(['appointments', 'common']);
  let shown: ReactNode = value;
  if (value === undefined && state === 'loading') {
    shown = (
      <>
        <Spinner size="sm" className="text-teal-700" />
        <span className="sr-only">{t('common:loading')}</span>
      </>
    );
  } else if (value === undefined) {
    shown = (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{t('list.stats.notAvailable')}</span>
      </>
    );
  }
  // A direct child of the <dl>: a group of one term and its value.
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <dt className="text-sm font-medium text-slate-700">{label}</dt>
      <dd className="mt-1 flex min-h-9 items-center text-2xl font-bold text-slate-900">{shown}</dd>
    </div>
  );
}

export interface AppointmentsPageProps {
  /** The session's flag: booking needs a complete profile (spec §2, §6). */
  isProfileComplete: boolean;
}

/**
 * /dashboard/appointments (spec §2 Appointments): the counts by status, the list by filter (10 at
 * a time, "Show more"), and each appointment's actions — join, reschedule, cancel — with a toast
 * after a change. The app passes what comes from elsewhere (src/app/pages/appointments-page.tsx).
 */
export function AppointmentsPage({ isProfileComplete }: AppointmentsPageProps) {
  const { t } = useTranslation(['appointments', 'navigation']);
  const navigate = useNavigate();
  const [filter, setFilter] = useState<AppointmentFilter>('all');
  const [askingToComplete, setAskingToComplete] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [toast, setToast] = useState<{ id: number; key: ToastKey } | null>(null);
  const toastCount = useRef(0);
  const pressedFilterRef = useRef<HTMLButtonElement>(null);
  // The card whose dialog just succeeded: focus goes back to it (or near it) once it closed.
  const focusAfterChange = useRef<string | null>(null);
  const now = useNow(JOIN_STATE_REFRESH_MS);
  const list = useAppointments(filter);
  // The doctors she may ask for a repeat prescription now (issue #21): the offer shows only then.
  const requestOptions = usePrescriptionRequestOptions();
  const requestableDoctorIds = new Set(requestOptions.data?.map((o) => o.doctor._id));

  const pages = list.data?.pages ?? [];
  const counts = pages.at(-1)?.counts;
  const filterTotal = pages.at(-1)?.pagination.total ?? 0;
  // A change between two pages can list one appointment twice; show it once.
  const appointments = [
    ...new Map(pages.flatMap((page) => page.data).map((a) => [a._id, a])).values(),
  ];
  const allTotal = counts ? counts.upcoming + counts.completed + counts.cancelled : undefined;
  const statState = list.isPending ? 'loading' : list.isError && !list.data ? 'error' : 'ready';

  // After a dialog's success: the dialog gave the focus back to its opener if that is still
  // there (a rescheduled card's button); if not (a cancelled card has no Cancel button, or left
  // the filtered list), the card's heading takes it, else the filter in use.
  useEffect(() => {
    const id = focusAfterChange.current;
    if (id === null) return;
    focusAfterChange.current = null;
    if (document.activeElement && document.activeElement !== document.body) return;
    (document.getElementById(appointmentHeadingId(id)) ?? pressedFilterRef.current)?.focus();
  });

  const book = () => {
    if (isProfileComplete) void navigate('/calendar');
    else setAskingToComplete(true);
  };

  const showToast = (key: ToastKey) => {
    toastCount.current += 1;
    setToast({ id: toastCount.current, key });
  };

  const changed = (appointmentId: string, key: ToastKey) => {
    focusAfterChange.current = appointmentId;
    setDialog(null);
    showToast(key);
  };

  let content: ReactNode;
  if (list.isPending || list.isPlaceholderData) {
    content = <LoadingState label={t('list.loading')} />;
  } else if (list.isError && !list.data) {
    content = (
      <ErrorState
        message={t('list.error')}
        retrying={list.isFetching}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (allTotal === 0) {
    content = (
      <div className="rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-full bg-teal-50 text-teal-700">
          <CalendarIcon width={24} height={24} />
        </span>
        <p className="font-semibold text-slate-900">{t('list.empty.title')}</p>
        <p className="mt-1 text-sm text-slate-700">{t('list.empty.text')}</p>
        <Link
          to="/calendar"
          onClick={(event) => {
            if (isProfileComplete) return;
            event.preventDefault();
            setAskingToComplete(true);
          }}
          className={buttonClasses('primary', 'mt-4')}
        >
          {t('list.empty.bookFirst')}
        </Link>
      </div>
    );
  } else if (appointments.length === 0) {
    content = (
      <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-700 shadow-sm">
        {filter === 'all' ? t('list.empty.title') : t(FILTERED_EMPTY_KEYS[filter])}
      </p>
    );
  } else {
    content = (
      <>
        <ul className="space-y-4">
          {appointments.map((appointment) => (
            <li key={appointment._id}>
              <AppointmentCard
                appointment={appointment}
                now={now}
                requestableDoctorIds={requestableDoctorIds}
                onReschedule={(a) => setDialog({ kind: 'reschedule', appointment: a })}
                onCancel={(a) => setDialog({ kind: 'cancel', appointment: a })}
              />
            </li>
          ))}
        </ul>
        <div className="mt-4 flex flex-col items-center gap-3">
          {filterTotal > APPOINTMENTS_PAGE_SIZE && (
            <p className="text-sm text-slate-700">
              {t('list.showing', { shown: appointments.length, total: filterTotal })}
            </p>
          )}
          {list.isFetchNextPageError && <Alert tone="error">{t('list.error')}</Alert>}
          {list.hasNextPage && (
            <Button
              variant="secondary"
              busy={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('list.showMore')}
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6">
      <PageTitle title={t('list.title')} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('list.title')}</h1>
          <p className="mt-1 text-slate-700">{t('list.subtitle')}</p>
        </div>
        <div className="flex flex-wrap gap-3">
          {requestableDoctorIds.size > 0 && (
            <Link to="/dashboard/prescriptions/new" className={buttonClasses('secondary')}>
              {t('list.requestPrescription')}
            </Link>
          )}
          {/* The billing history is in the side navigation, which phones do not show. */}
          <Link to="/dashboard/billing" className={buttonClasses('secondary')}>
            {t('navigation:billing')}
          </Link>
          <Button onClick={book}>
            <CalendarIcon />
            {t('list.bookNew')}
          </Button>
        </div>
      </div>

      <section aria-labelledby="appointment-stats-heading">
        <h2 id="appointment-stats-heading" className="sr-only">
          {t('list.stats.heading')}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          <StatCard label={t('list.stats.upcoming')} value={counts?.upcoming} state={statState} />
          <StatCard label={t('list.stats.completed')} value={counts?.completed} state={statState} />
          <StatCard label={t('list.stats.total')} value={allTotal} state={statState} />
          <StatCard label={t('list.stats.cancelled')} value={counts?.cancelled} state={statState} />
        </dl>
      </section>

      <section aria-labelledby="appointment-list-heading" className="space-y-4">
        <h2 id="appointment-list-heading" className="sr-only">
          {t('list.listHeading')}
        </h2>
        <div role="group" aria-label={t('list.filters.label')} className="flex flex-wrap gap-2">
          {FILTERS.map(({ value, key }) => (
            <button
              key={value}
              type="button"
              ref={value === filter ? pressedFilterRef : undefined}
              aria-pressed={value === filter}
              onClick={() => setFilter(value)}
              className={cn(
                'min-h-11 rounded-full border px-4 text-sm font-semibold',
                focusRing,
                value === filter
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:border-teal-400 hover:bg-teal-50',
              )}
            >
              {t(key)}
            </button>
          ))}
        </div>
        <div aria-busy={list.isFetching || undefined}>{content}</div>
      </section>

      <Toast
        message={toast && { id: toast.id, text: t(toast.key) }}
        onDismiss={() => setToast(null)}
      />

      {dialog?.kind === 'cancel' && (
        <CancelAppointmentDialog
          appointment={dialog.appointment}
          onClose={() => setDialog(null)}
          onCancelled={({ refund }) =>
            changed(
              dialog.appointment._id,
              dialog.appointment.plan === 'prescription'
                ? REQUEST_CANCELLED_TOAST_KEYS[refund]
                : CANCELLED_TOAST_KEYS[refund],
            )
          }
        />
      )}
      {dialog?.kind === 'reschedule' && (
        <RescheduleAppointmentDialog
          appointment={dialog.appointment}
          onClose={() => setDialog(null)}
          onRescheduled={() => changed(dialog.appointment._id, 'toast.rescheduled')}
        />
      )}
      {askingToComplete && (
        <CompleteProfileFirstDialog onClose={() => setAskingToComplete(false)} />
      )}
    </div>
  );
}
