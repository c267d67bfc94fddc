import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePersonName } from '../../../lib/person-name';
import { Link } from 'react-router';
import type { ScheduleEntry } from '@vizita/shared/contracts/doctor-console';
import { addDays } from '@vizita/shared/domain/zoned-time';
import { AppointmentWhen } from '../../../components/appointment-when';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatShortCalendarDate } from '../../../lib/dates';
import { joinStateAt } from '../../../lib/join-state';
import { useNow } from '../../../lib/use-now';
import { useDoctorSchedule } from '../api/get-doctor-schedule';
import { mondayOf, todayIn, weekDays } from '../utils/week';
import { DependantNote } from './dependant-note';
import { GuestLabel } from './guest-label';
import { JoinControl } from './join-control';
import { OnCallPanel } from './on-call-panel';
import { PlanLabel } from './plan-label';
import { PrescriptionRequestsQueue } from './prescription-requests-queue';
import { RoomActivityNote } from './room-activity';
import { ScheduleStatus } from './schedule-status';
import { viewerTimeZone } from '../../../lib/viewer-zone';

/** Spec §4: the join state is recomputed every 60 seconds. */
const RECOMPUTE_MS = 60_000;
/** How far ahead "next consultation" looks. */
const NEXT_LOOKAHEAD_DAYS = 13;

function EntryLink({ entry, compact }: { entry: ScheduleEntry; compact?: boolean }) {
  const { t } = useTranslation('doctor');
  const personName = usePersonName();
  return (
    <Link
      to={`/doctor/appointments/${entry._id}`}
      className={cn(
        'block rounded-lg border border-slate-200 bg-white p-2 text-left text-sm hover:border-teal-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
        entry.status === 'cancelled' && 'opacity-75',
      )}
    >
      <span className="flex flex-wrap items-center justify-between gap-1">
        <time dateTime={entry.startsAt} className="font-semibold text-slate-900">
          {entry.slot}
        </time>
        <ScheduleStatus status={entry.status} />
      </span>
      <span className="mt-1 block font-medium break-words text-slate-900">
        {personName(entry.patient.name)}
      </span>
      <DependantNote dependant={entry.patient.dependant} className="text-xs" />
      {entry.patient.guest && <GuestLabel className="mt-1" />}
      <span className="block text-xs text-slate-700">
        <PlanLabel plan={entry.plan} />
      </span>
      <RoomActivityNote entry={entry} compact={compact} />
      {!compact && entry.reason && (
        <span className="mt-1 block text-xs break-words text-slate-700">
          {t('schedule.entry.reason')} {entry.reason}
        </span>
      )}
    </Link>
  );
}

function NextConsultation({ entry, now }: { entry: ScheduleEntry | undefined; now: Date }) {
  const { t } = useTranslation('doctor');
  const personName = usePersonName();
  return (
    <Card>
      <section aria-labelledby="next-consultation">
        <h2 id="next-consultation" className="text-lg font-semibold text-slate-900">
          {t('schedule.next.heading')}
        </h2>
        {entry ? (
          <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <AppointmentWhen date={entry.date} slot={entry.slot} />
              </p>
              <p className="text-sm text-slate-800">
                <span className="font-medium">{t('schedule.entry.patient')}</span>{' '}
                {personName(entry.patient.name)} · <PlanLabel plan={entry.plan} />
                {entry.patient.guest && <GuestLabel className="ml-2" />}
              </p>
              <DependantNote dependant={entry.patient.dependant} />
              <RoomActivityNote entry={entry} />
              {entry.reason && (
                <p className="text-sm break-words text-slate-700">
                  <span className="font-medium">{t('schedule.entry.reason')}</span> {entry.reason}
                </p>
              )}
              <Link
                to={`/doctor/appointments/${entry._id}`}
                className="mt-1 inline-block text-sm font-medium text-teal-800 underline"
              >
                {t('schedule.entry.details')}
              </Link>
            </div>
            <JoinControl entry={entry} now={now} />
          </div>
        ) : (
          <p className="mt-3 text-sm text-slate-700">{t('schedule.next.none')}</p>
        )}
      </section>
    </Card>
  );
}

/**
 * /doctor — the doctor's schedule: the next consultation first, "see a doctor now" (available
 * now, the patients waiting, taking the next one), the repeat prescription requests
 * waiting for an answer (they hold no time, so no day lists them), then a week (Monday to Sunday
 * in the doctor's zone) as seven columns on wide screens and a list of days on phones.
 */
export function DoctorHomePage() {
  const { t } = useTranslation('doctor');
  const now = useNow(RECOMPUTE_MS);
  const today = todayIn(viewerTimeZone(), now);
  // Weeks counted from this one, not a fixed Monday: "this week" is the doctor's, so it is read
  // in their zone once the server has named it (a laptop abroad keeps the clinic's calendar).
  const [weekOffset, setWeekOffset] = useState(0);
  // From the day before: the server reads the dates in the doctor's zone, and a browser whose
  // day is ahead of it (Sofia after midnight, the doctor in UTC) would miss tonight's consultations.
  const ahead = useDoctorSchedule(addDays(today, -1), addDays(today, NEXT_LOOKAHEAD_DAYS));
  const zone = ahead.data?.timeZone;
  const zoneToday = zone ? todayIn(zone, now) : today;
  const monday = addDays(mondayOf(zoneToday), 7 * weekOffset);
  const days = weekDays(monday);
  const week = useDoctorSchedule(monday, days[6]!);

  const next = ahead.data?.appointments.find(
    (a) => a.status === 'upcoming' && !joinStateAt(a, now).hasPassed,
  );

  let content;
  if (week.data) {
    const byDay = new Map(days.map((d) => [d, [] as ScheduleEntry[]]));
    for (const a of week.data.appointments) byDay.get(a.date)?.push(a);
    content = (
      <>
        <ol
          className="hidden grid-cols-7 gap-2 md:grid"
          aria-label={t('schedule.week.label', { date: formatShortCalendarDate(monday) ?? monday })}
        >
          {days.map((day) => (
            <li
              key={day}
              className={cn(
                'min-w-0 rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200',
                day === zoneToday && 'ring-2 ring-teal-600',
              )}
            >
              <h3 className="mb-2 text-xs font-semibold text-slate-700">
                <time dateTime={day}>{formatShortCalendarDate(day) ?? day}</time>
                {day === zoneToday && (
                  <span className="ml-1 text-teal-800">· {t('schedule.week.today')}</span>
                )}
              </h3>
              {byDay.get(day)!.length === 0 ? (
                <p className="text-xs text-slate-600">{t('schedule.week.empty')}</p>
              ) : (
                <ul className="space-y-2">
                  {byDay.get(day)!.map((a) => (
                    <li key={a._id}>
                      <EntryLink entry={a} compact />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
        <ol className="space-y-3 md:hidden">
          {days.map((day) => (
            <li key={day}>
              <h3 className="mb-1 text-sm font-semibold text-slate-800">
                <time dateTime={day}>{formatShortCalendarDate(day) ?? day}</time>
                {day === zoneToday && (
                  <span className="ml-1 text-teal-800">· {t('schedule.week.today')}</span>
                )}
              </h3>
              {byDay.get(day)!.length === 0 ? (
                <p className="text-sm text-slate-600">{t('schedule.week.empty')}</p>
              ) : (
                <ul className="space-y-2">
                  {byDay.get(day)!.map((a) => (
                    <li key={a._id}>
                      <EntryLink entry={a} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      </>
    );
  } else if (week.isError) {
    content = (
      <ErrorState
        message={t('schedule.error')}
        retrying={week.isFetching}
        onRetry={() => void week.refetch()}
      />
    );
  } else {
    content = <LoadingState label={t('schedule.loading')} />;
  }

  return (
    <div className="space-y-6">
      <PageTitle title={t('schedule.title')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('schedule.title')}</h1>
          <p className="mt-1 text-slate-700">
            {t('schedule.subtitle', { zone: zone ?? week.data?.timeZone ?? viewerTimeZone() })}
          </p>
        </div>
        <Link
          to="/doctor/guest-consultations/new"
          className={buttonClasses('secondary', 'shrink-0 self-start')}
        >
          {t('guest.new')}
        </Link>
      </div>
      {ahead.data && <NextConsultation entry={next} now={now} />}
      <OnCallPanel />
      <PrescriptionRequestsQueue now={now} />
      <section aria-labelledby="schedule-week" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="schedule-week" className="text-lg font-semibold text-slate-900">
            {t('schedule.week.label', { date: formatShortCalendarDate(monday) ?? monday })}
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => setWeekOffset((w) => w - 1)}>
              {t('schedule.week.previous')}
            </Button>
            <Button variant="secondary" onClick={() => setWeekOffset(0)}>
              {t('schedule.week.current')}
            </Button>
            <Button variant="secondary" onClick={() => setWeekOffset((w) => w + 1)}>
              {t('schedule.week.next')}
            </Button>
          </div>
        </div>
        {content}
      </section>
    </div>
  );
}
