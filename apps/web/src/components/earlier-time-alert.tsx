import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { useWaitlist } from '../api/get-waitlist';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useStopWaitlistAlert } from '../api/stop-waitlist-alert';
import { errorKey } from '../lib/api-client';
import { cn } from '../lib/cn';
import { formatInstantDate } from '../lib/dates';
import { Button } from './ui/button';
import { BellIcon } from './ui/icons';

/** What the patient waits for: an earlier time for an appointment, or any time with a doctor. */
export type EarlierTimeTarget =
  { appointmentId: string } | { doctorId: string; doctorName: string };

const JOIN_ERROR_KEYS = {
  waitlistTooSoon: 'alert.errors.tooSoon',
  waitlistAlreadyWaiting: 'alert.errors.alreadyWaiting',
  waitlistTooManyEntries: 'alert.errors.tooMany',
  appointmentNotUpcoming: 'alert.errors.notUpcoming',
  appointmentNotFound: 'alert.errors.notUpcoming',
  doctorNotFound: 'alert.errors.doctorGone',
  tooManyRequests: 'alert.errors.tooManyRequests',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

/**
 * "Tell me if something earlier frees up" (issue #20), on an appointment's card and on the booking
 * page: the button, or — once asked — that we are looking and until when, with "Stop". Offers
 * then come by notification and e-mail. The appointments and booking features show it alike.
 * `canAsk` is false where asking is not possible (an appointment less than two days away): then
 * only a waiting alert is shown, so it can still be stopped.
 */
export function EarlierTimeAlert({
  target,
  canAsk,
  describedBy,
  className,
}: {
  target: EarlierTimeTarget;
  canAsk: boolean;
  /** The id of what the alert is about (a card's heading), for the buttons' description. */
  describedBy?: string;
  className?: string;
}) {
  const { t } = useTranslation('waitlist');
  const list = useWaitlist();
  const join = useJoinWaitlist();
  const stop = useStopWaitlistAlert();
  const [notice, setNotice] = useState<'started' | 'stopped' | null>(null);
  // After a change the button pressed is gone: the focus goes to the one that replaced it.
  const focusNext = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const waiting = list.data?.find(
    (e) =>
      e.status === 'waiting' &&
      ('appointmentId' in target
        ? e.appointmentId === target.appointmentId
        : e.appointmentId === null && e.doctor?._id === target.doctorId),
  );
  const shown = waiting ? 'waiting' : canAsk ? 'ask' : null;

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    buttonRef.current?.focus();
  }, [shown]);

  // Whether the patient already waits is unknown until the alerts are read: no control before.
  if (!list.data || shown === null) return null;

  const error = join.isError
    ? errorKey(join.error, JOIN_ERROR_KEYS, 'alert.errors.failed')
    : stop.isError
      ? 'alert.errors.failed'
      : null;
  const body =
    'appointmentId' in target
      ? { appointmentId: target.appointmentId }
      : { doctorId: target.doctorId };

  return (
    <div className={cn('space-y-2 text-sm', className)}>
      {waiting ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <p className="flex items-center gap-2 text-slate-700">
            <BellIcon aria-hidden="true" className="shrink-0 text-teal-700" />
            {'appointmentId' in target
              ? t('alert.waiting')
              : t('alert.waitingDoctor', {
                  doctor: target.doctorName,
                  date: formatInstantDate(waiting.expiresAt) ?? '',
                })}
          </p>
          <Button
            ref={buttonRef}
            variant="ghost"
            aria-label={t('alert.stopLabel')}
            aria-describedby={describedBy}
            busy={stop.isPending}
            onClick={() => {
              join.reset();
              stop.mutate(waiting._id, {
                onSuccess: () => {
                  focusNext.current = true;
                  setNotice('stopped');
                },
              });
            }}
          >
            {t('alert.stop')}
          </Button>
        </div>
      ) : (
        <>
          {!('appointmentId' in target) && (
            <p className="text-slate-700">
              {t('alert.noConvenientTime', { doctor: target.doctorName })}
            </p>
          )}
          <Button
            ref={buttonRef}
            variant="secondary"
            aria-describedby={describedBy}
            busy={join.isPending}
            onClick={() => {
              stop.reset();
              join.mutate(body, {
                onSuccess: () => {
                  focusNext.current = true;
                  setNotice('started');
                },
              });
            }}
          >
            <BellIcon aria-hidden="true" />
            {'appointmentId' in target ? t('alert.ask') : t('alert.askDoctor')}
          </Button>
        </>
      )}
      <p aria-live="polite" className="text-slate-700">
        {notice === 'started' && t('alert.started')}
        {notice === 'stopped' && t('alert.stopped')}{' '}
        {notice && (
          <Link
            to="/dashboard/waitlist"
            className="font-medium text-teal-800 underline underline-offset-2 focus-visible:rounded focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            {t('alert.manage')}
          </Link>
        )}
      </p>
      {error && (
        <p role="alert" className="text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}
