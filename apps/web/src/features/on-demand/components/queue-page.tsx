import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { QueueEntry, QueueState } from '@vizita/shared/contracts/on-demand';
import { bookingLinkPath, normalizeInstant } from '@vizita/shared/domain/booking-link';
import { specialtyName } from '@vizita/shared/domain/specialties';
import { useReleaseHoldOnMount } from '../../../api/release-hold';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState, Spinner } from '../../../components/ui/spinner';
import { formatClock, formatShortDateTime } from '../../../lib/dates';
import { isLocale } from '@vizita/shared/constants';
import { formatAmount } from '../../../lib/money';
import { useLanguageNames } from '../../../lib/specialty-name';
import { viewerTimeZone } from '../../../lib/viewer-zone';
import { useQueueEntry } from '../api/get-queue-entry';
import { entryErrorKey } from '../utils/error-keys';
import { LeaveQueueDialog } from './leave-queue-dialog';

/** The patient's call, where the meeting page does the device check and the waiting room. */
const meetingPath = (appointmentId: string) =>
  `/dashboard/meeting/${encodeURIComponent(appointmentId)}`;

/** The state's words in the tab's title too: she may wait in another tab. */
const TITLE_KEYS = {
  paying: 'queue.titles.paying',
  waiting: 'queue.titles.waiting',
  taken: 'queue.titles.taken',
  timedOut: 'queue.titles.timedOut',
  left: 'queue.titles.left',
  unpaid: 'queue.titles.unpaid',
} as const satisfies Record<QueueState, string>;

/** The fee as the patient paid it: "35.00 EUR". */
const priceOf = (entry: Pick<QueueEntry, 'price' | 'currency'>) =>
  `${formatAmount(entry.price)} ${entry.currency}`;

/** "HH:MM" of an instant on this reader's clock. */
const clockOf = (instant: string) => formatClock(instant, viewerTimeZone());

/** "Cardiology · English": what she queues for. */
function useQueueFor() {
  const { t, i18n } = useTranslation('onDemand');
  const languageNames = useLanguageNames();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  return (entry: Pick<QueueEntry, 'specialty' | 'language'>) =>
    t('queue.queueFor', {
      specialty: specialtyName(entry.specialty, locale),
      language: languageNames([entry.language]),
    });
}

/** What she reads first, in the page's one live region, so that every change is announced. */
function Summary({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation('onDemand');
  switch (entry.state) {
    case 'paying':
      return (
        <p className="flex items-center gap-3 font-medium text-slate-900">
          <Spinner size="sm" className="text-teal-700" />
          {t('queue.paying')}
        </p>
      );
    case 'waiting':
      return (
        <>
          {entry.position !== null && (
            <p className="text-xl font-semibold text-slate-900">
              {t('queue.position', { position: entry.position })}
            </p>
          )}
          {entry.doctorsAvailable === 0 || entry.estimatedWaitMinutes === null ? (
            <p className="text-slate-800">
              {t('queue.noDoctor', {
                time: entry.givesUpAt ? clockOf(entry.givesUpAt) : '',
              })}
            </p>
          ) : entry.estimatedWaitMinutes < 1 ? (
            <p className="text-slate-800">{t('queue.waitSoon')}</p>
          ) : (
            <p className="text-slate-800">
              {t('queue.wait', { count: Math.round(entry.estimatedWaitMinutes) })}
            </p>
          )}
        </>
      );
    case 'taken':
      return (
        <p className="text-xl font-semibold text-slate-900">
          {entry.doctor?.name ? t('queue.takenBy', { name: entry.doctor.name }) : t('queue.taken')}
        </p>
      );
    case 'timedOut':
    case 'left':
      return (
        <>
          <p className="text-xl font-semibold text-slate-900">
            {entry.state === 'timedOut' ? t('queue.timedOut') : t('queue.left')}
          </p>
          <p className="text-slate-800">{t('queue.refunded', { price: priceOf(entry) })}</p>
        </>
      );
    case 'unpaid':
      return <p className="text-xl font-semibold text-slate-900">{t('queue.unpaid')}</p>;
  }
}

/** The next free times of doctors of her specialty and language, each a booking link. */
function NextFreeSlots({ entry }: { entry: QueueEntry }) {
  const { t } = useTranslation('onDemand');
  return (
    <section aria-labelledby="next-free-slots" className="space-y-3">
      <h2 id="next-free-slots" className="text-lg font-semibold text-slate-900">
        {t('queue.nextSlots')}
      </h2>
      {entry.nextFreeSlots.length === 0 ? (
        <p className="text-sm text-slate-700">{t('queue.noSlots')}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {entry.nextFreeSlots.map((slot) => (
            <li key={`${slot.doctor.slug}-${slot.startsAt}`}>
              <Link
                to={bookingLinkPath({
                  slug: slot.doctor.slug,
                  at: normalizeInstant(slot.startsAt) ?? slot.startsAt,
                })}
                className="block rounded-lg border border-slate-300 bg-white p-3 text-sm hover:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                <span className="block font-semibold break-words text-slate-900">
                  {slot.doctor.name}
                </span>
                <time dateTime={slot.startsAt} className="block text-slate-700">
                  {formatShortDateTime(slot.startsAt) ?? slot.startsAt}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What she can do in each state, under the summary. */
function Details({ entry, onLeave }: { entry: QueueEntry; onLeave: () => void }) {
  const { t } = useTranslation(['onDemand', 'common']);
  const queueFor = useQueueFor();
  switch (entry.state) {
    case 'paying':
      return <p className="text-sm text-slate-700">{t('queue.payingHint')}</p>;
    case 'waiting':
      return (
        <div className="space-y-4">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div>
              <dt className="font-medium text-slate-700">{t('queue.for')}</dt>
              <dd className="text-slate-900">{queueFor(entry)}</dd>
            </div>
            {entry.givesUpAt && (
              <div>
                <dt className="font-medium text-slate-700">{t('queue.refundBy')}</dt>
                <dd className="text-slate-900">
                  <time dateTime={entry.givesUpAt}>{clockOf(entry.givesUpAt)}</time>
                </dd>
              </div>
            )}
          </dl>
          <p className="text-sm text-slate-700">{t('queue.keepOpen')}</p>
          <Button variant="secondary" onClick={onLeave}>
            {t('queue.leave')}
          </Button>
        </div>
      );
    case 'taken':
      return (
        <Link to={meetingPath(entry.appointmentId)} className={buttonClasses('primary')}>
          {t('queue.join')}
        </Link>
      );
    case 'timedOut':
    case 'left':
      return (
        <div className="space-y-6">
          <NextFreeSlots entry={entry} />
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/calendar" className={buttonClasses('secondary')}>
              {t('queue.book')}
            </Link>
            <Link to="/dashboard/see-a-doctor-now" className={buttonClasses('secondary')}>
              {t('queue.again')}
            </Link>
          </div>
        </div>
      );
    case 'unpaid':
      return (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Link to="/dashboard/see-a-doctor-now" className={buttonClasses('primary')}>
            {t('queue.tryAgain')}
          </Link>
          <Link to="/dashboard" className={buttonClasses('secondary')}>
            {t('common:backToDashboard')}
          </Link>
        </div>
      );
  }
}

/**
 * /dashboard/see-a-doctor-now/:id — her place in the queue (issue #22), where the checkout brings
 * her back: asked again every few seconds while the payment is confirmed and while she waits; a
 * doctor who takes her sends her to the call (the meeting page's device check and waiting room).
 * Nobody in time, or she left: refunded in full, with the next free times to book instead.
 * `?cancelled=1` (she left the checkout): the hold is given back once, then it is not paid.
 */
export function QueuePage() {
  const { t } = useTranslation('onDemand');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const cancelled = params.get('cancelled') === '1';
  const release = useReleaseHoldOnMount(cancelled ? id : null);
  // Asked after the hold is given back, so that the answer is the entry as it is then.
  const released = !cancelled || release.isSuccess || release.isError;
  const query = useQueueEntry(id, { poll: !cancelled, enabled: released });
  const [leaving, setLeaving] = useState(false);

  // A checkout she left is not being paid, whatever the provider has not yet said.
  const entry: QueueEntry | undefined =
    query.data && cancelled && query.data.state === 'paying'
      ? { ...query.data, state: 'unpaid' }
      : query.data;
  const takenId = entry?.state === 'taken' ? entry.appointmentId : null;

  useEffect(() => {
    // Replaced, so that Back from the call does not land here and go to the call again.
    if (takenId) void navigate(meetingPath(takenId), { replace: true });
  }, [takenId, navigate]);

  // Her wait ended (she left, or nobody came): the Leave button is gone, so the keyboard's place
  // moves to what happened instead of falling back to the top of the page.
  const summaryRef = useRef<HTMLDivElement>(null);
  const wasWaiting = useRef(false);
  const state = entry?.state;
  useEffect(() => {
    if (wasWaiting.current && state !== 'waiting') summaryRef.current?.focus();
    wasWaiting.current = state === 'waiting';
  }, [state]);

  let content: ReactNode;
  if (entry)
    content = (
      <Card className="space-y-6">
        <div ref={summaryRef} tabIndex={-1} role="status" className="space-y-2 outline-none">
          <Summary entry={entry} />
        </div>
        <Details entry={entry} onLeave={() => setLeaving(true)} />
      </Card>
    );
  else if (query.isError)
    content = (
      <ErrorState
        message={t(entryErrorKey(query.error))}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  else content = <LoadingState label={t('queue.loading')} />;

  return (
    <div className="mx-auto w-full max-w-3xl space-y-4">
      <PageTitle title={entry ? t(TITLE_KEYS[entry.state]) : t('title')} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
      {content}
      {leaving && entry?.state === 'waiting' && (
        <LeaveQueueDialog entry={entry} onClose={() => setLeaving(false)} />
      )}
    </div>
  );
}
