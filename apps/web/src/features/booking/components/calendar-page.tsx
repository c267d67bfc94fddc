import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BOOKING_WINDOW_DAYS, type Doctor } from '@vizita/shared/contracts/doctors';
import { DOCTOR_SLUG_PATTERN, normalizeInstant } from '@vizita/shared/domain/booking-link';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import { useAvailability } from '../../../api/get-availability';
import { useFreeSlots } from '../../../api/get-free-slots';
import { availabilityKeys } from '../../../api/query-keys';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { clearBookingIntent } from '../../../lib/booking-intent';
import { cn } from '../../../lib/cn';
import { toIsoDate } from '../../../lib/dates';
import { useDoctors } from '../api/get-doctors';
import { isoDaysAfter, monthOf, type MonthView } from '../utils/calendar';
import { nearestSlots, type DatedSlot } from '../utils/nearest-slots';
import { EarlierTimeAlert } from '../../../components/earlier-time-alert';
import { ConfirmAppointmentDialog } from './confirm-appointment-dialog';
import { DoctorList } from './doctor-list';
import { LinkedSlotTaken } from './linked-slot-taken';
import { MonthCalendar } from './month-calendar';
import { SlotList } from './slot-list';

type Step = 1 | 2 | 3;

const STEP_KEYS = {
  1: 'booking.steps.doctor',
  2: 'booking.steps.date',
  3: 'booking.steps.time',
} as const;

/** Spec §2: every panel on desktop (md and up); only the current step's below md. */
function panelClasses(shownOnMobile: boolean) {
  return cn(shownOnMobile ? 'block' : 'hidden', 'md:block');
}

/**
 * What the page does with `?doctor=<slug>&at=<instant>` (issue #22: a time chosen on a public
 * doctor page, remembered through sign-in): find the doctor, then check the time on its day.
 */
type Linked =
  | { step: 'none' }
  | { step: 'findDoctor'; slug: string; at: string | null }
  | { step: 'checkTime'; at: string }
  | { step: 'taken'; at: string }
  | { step: 'unknownDoctor' };

function linkedOf(query: URLSearchParams): Linked {
  const slug = query.get('doctor');
  if (slug === null) return { step: 'none' };
  // A slug out of shape names no doctor; a time that is no instant is left out.
  if (!DOCTOR_SLUG_PATTERN.test(slug)) return { step: 'unknownDoctor' };
  return { step: 'findDoctor', slug, at: normalizeInstant(query.get('at') ?? '') };
}

/** The month a calendar day (YYYY-MM-DD) is in. */
const monthOfIso = (date: string): MonthView => ({
  year: Number(date.slice(0, 4)),
  month: Number(date.slice(5, 7)) - 1,
});

/** /calendar — Book Appointment (spec §2, §4 Booking flow): doctor, date, time, confirm, pay. */
export function CalendarPage() {
  const { t } = useTranslation('appointments');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // "Today" as the page opened; the server clips availability to its own today anyway.
  const [today] = useState(() => new Date());
  const [doctor, setDoctor] = useState<Doctor | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<string | null>(null);
  const [startsAt, setStartsAt] = useState<string | undefined>(undefined);
  const [confirming, setConfirming] = useState(false);
  const [view, setView] = useState<MonthView>(() => monthOf(today));
  const [linked, setLinked] = useState<Linked>(() => linkedOf(searchParams));

  const doctors = useDoctors();
  const range = useMemo(
    () =>
      doctor && {
        doctorId: doctor._id,
        startDate: toIsoDate(today),
        endDate: isoDaysAfter(today, BOOKING_WINDOW_DAYS),
      },
    [doctor, today],
  );
  const availability = useAvailability(range);
  const day = useMemo(
    () => (doctor && date ? { doctorId: doctor._id, date } : null),
    [doctor, date],
  );
  const daySlots = useFreeSlots(day);
  const freeDays = useMemo(
    () => new Set((availability.data ?? []).filter((e) => e.slots.length > 0).map((e) => e.date)),
    [availability.data],
  );
  const takenAt = linked.step === 'taken' ? linked.at : null;
  const nearest = useMemo(
    () => (takenAt && availability.data ? nearestSlots(availability.data, takenAt, today) : null),
    [takenAt, availability.data, today],
  );

  // The linked time, step by step as the data arrives (adjusting state while rendering, as React
  // recommends over an effect): its doctor and day preselected, then its confirmation opened if
  // the time is still free.
  if (linked.step === 'findDoctor' && doctors.data) {
    const found = doctors.data.find((d) => d.slug === linked.slug);
    if (!found) setLinked({ step: 'unknownDoctor' });
    else {
      setDoctor(found);
      if (!linked.at) setLinked({ step: 'none' });
      else if (Date.parse(linked.at) <= today.getTime())
        setLinked({ step: 'taken', at: linked.at });
      else {
        const day = zonedDateAndSlot(new Date(linked.at), found.timeZone).date;
        setDate(day);
        setView(monthOfIso(day));
        setLinked({ step: 'checkTime', at: linked.at });
      }
    }
  }
  if (linked.step === 'checkTime' && daySlots.isSuccess) {
    const free = daySlots.data.find((s) => Date.parse(s.startsAt) === Date.parse(linked.at));
    if (free) {
      setSlot(free.slot);
      setStartsAt(free.startsAt);
      setConfirming(true);
      setLinked({ step: 'none' });
    } else setLinked({ step: 'taken', at: linked.at });
  }

  // The remembered time has done its work once its confirmation opens, its doctor is unknown or
  // the patient chooses for herself.
  const linkSettled = linked.step === 'none' || linked.step === 'unknownDoctor';
  useEffect(() => {
    if (linkSettled && searchParams.has('doctor')) clearBookingIntent();
  }, [linkSettled, searchParams]);

  // Spec §2: availability refreshes when the tab becomes visible again.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') {
        void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
      }
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [queryClient]);

  const step: Step = !doctor ? 1 : !date ? 2 : 3;

  /** The patient chooses for herself now: the linked time is done with (and forgotten). */
  const settleLink = () => setLinked({ step: 'none' });
  const chooseDoctor = (next: Doctor) => {
    settleLink();
    setDoctor(next);
    setDate(null);
    setSlot(null);
  };
  const chooseDate = (next: string) => {
    // Another day than the linked time's: its check is off; a taken time's offer stays.
    if (linked.step === 'checkTime') settleLink();
    setDate(next);
    setSlot(null);
  };
  const chooseSlot = (next: string) => {
    settleLink();
    setSlot(next);
    setStartsAt(daySlots.data?.find((s) => s.slot === next)?.startsAt);
    setConfirming(true);
  };
  /** Another time instead of the taken linked one: its day shown, its confirmation opened. */
  const chooseNearest = (next: DatedSlot) => {
    settleLink();
    setDate(next.date);
    setView(monthOfIso(next.date));
    setSlot(next.slot);
    setStartsAt(next.startsAt);
    setConfirming(true);
  };
  const refresh = () => {
    if (doctor)
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(doctor._id) });
  };
  // Back where the patient came from; opened directly (no earlier entry of ours), the dashboard.
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/dashboard'));
  };
  const refreshing = availability.isFetching || daySlots.isFetching;

  return (
    <div className="space-y-6">
      <PageTitle title={t('booking.title')} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="ghost" onClick={goBack}>
          <ChevronDownIcon className="rotate-90" />
          {t('booking.back')}
        </Button>
        <h1 className="text-2xl font-bold text-slate-900">{t('booking.title')}</h1>
        {doctor && date && (
          <Button variant="secondary" className="ml-auto" busy={refreshing} onClick={refresh}>
            {t('booking.refresh')}
          </Button>
        )}
      </div>

      {linked.step === 'unknownDoctor' && (
        <Alert tone="error">{t('bookingLink.unknownDoctorHere')}</Alert>
      )}
      {linked.step === 'taken' && doctor && (
        <LinkedSlotTaken
          doctor={doctor}
          at={linked.at}
          nearest={availability.isError ? [] : nearest}
          onChoose={chooseNearest}
          onDismiss={settleLink}
        />
      )}

      {/* Narrower on small phones: at 320 px three full-size steps were wider than the page. */}
      <ol aria-label={t('booking.stepsLabel')} className="flex gap-1.5 text-sm sm:gap-2">
        {([1, 2, 3] as const).map((n) => (
          <li
            key={n}
            aria-current={n === step ? 'step' : undefined}
            className={cn(
              'flex min-w-0 flex-1 items-center gap-1.5 rounded-lg border px-2 py-2 font-medium sm:gap-2 sm:px-3',
              n === step
                ? 'border-teal-700 bg-teal-50 text-teal-900'
                : n < step
                  ? 'border-teal-200 text-teal-800'
                  : 'border-slate-200 text-slate-600',
            )}
          >
            <span
              aria-hidden="true"
              className="flex size-5 shrink-0 items-center justify-center rounded-full bg-white sm:size-6"
            >
              {n}
            </span>
            <span className="truncate">{t(STEP_KEYS[n])}</span>
          </li>
        ))}
      </ol>

      <div className="grid gap-6 md:grid-cols-3">
        <Card className={cn('sm:p-6', panelClasses(step === 1))}>
          <section aria-labelledby="booking-doctor-heading">
            <h2 id="booking-doctor-heading" className="mb-4 text-lg font-semibold text-slate-900">
              {t('booking.doctor.heading')}
            </h2>
            {doctors.isPending ? (
              <LoadingState label={t('booking.doctor.loading')} />
            ) : doctors.isError ? (
              <ErrorState
                message={t('booking.errors.doctors')}
                retrying={doctors.isFetching}
                onRetry={() => void doctors.refetch()}
              />
            ) : (
              <DoctorList
                doctors={doctors.data}
                selectedId={doctor?._id ?? null}
                onSelect={chooseDoctor}
              />
            )}
          </section>
        </Card>

        <Card className={cn('sm:p-6', panelClasses(step === 2))}>
          <section aria-labelledby="booking-date-heading">
            <h2 id="booking-date-heading" className="mb-4 text-lg font-semibold text-slate-900">
              {t('booking.date.heading')}
            </h2>
            {doctor && (
              <Button variant="ghost" className="mb-3 md:hidden" onClick={() => setDoctor(null)}>
                {t('booking.date.backToDoctors')}
              </Button>
            )}
            {!doctor ? (
              <p className="text-sm text-slate-600">{t('booking.date.chooseDoctorFirst')}</p>
            ) : availability.isError ? (
              <ErrorState
                message={t('booking.errors.dates')}
                retrying={availability.isFetching}
                onRetry={() => void availability.refetch()}
              />
            ) : availability.isPending ? (
              <LoadingState label={t('booking.date.loading')} />
            ) : (
              <MonthCalendar
                view={view}
                today={today}
                freeDays={freeDays}
                selectedDate={date}
                onSelect={chooseDate}
                onViewChange={setView}
              />
            )}
            {doctor && availability.isSuccess && freeDays.size === 0 && (
              <EarlierTimeAlert
                target={{ doctorId: doctor._id, doctorName: doctor.name }}
                canAsk
                className="mt-4 border-t border-slate-100 pt-4"
              />
            )}
          </section>
        </Card>

        <Card className={cn('sm:p-6', panelClasses(step === 3))}>
          <section aria-labelledby="booking-time-heading">
            <h2 id="booking-time-heading" className="mb-4 text-lg font-semibold text-slate-900">
              {t('booking.time.heading')}
            </h2>
            {date && (
              <Button variant="ghost" className="mb-3 md:hidden" onClick={() => setDate(null)}>
                {t('booking.time.backToDates')}
              </Button>
            )}
            {!date ? (
              <p className="text-sm text-slate-600">{t('booking.time.chooseDateFirst')}</p>
            ) : daySlots.isError ? (
              <ErrorState
                message={t('booking.errors.slots')}
                retrying={daySlots.isFetching}
                onRetry={() => void daySlots.refetch()}
              />
            ) : daySlots.isPending ? (
              <LoadingState label={t('booking.time.loading')} />
            ) : daySlots.data.length === 0 ? (
              <p className="text-sm text-slate-600">{t('booking.time.empty')}</p>
            ) : (
              <SlotList
                slots={daySlots.data}
                doctorZone={doctor?.timeZone ?? 'UTC'}
                selectedSlot={slot}
                onSelect={chooseSlot}
              />
            )}
            {/* No time that suits: be told when one frees up (issue #20). */}
            {doctor && date && daySlots.isSuccess && (
              <EarlierTimeAlert
                target={{ doctorId: doctor._id, doctorName: doctor.name }}
                canAsk
                className="mt-4 border-t border-slate-100 pt-4"
              />
            )}
          </section>
        </Card>
      </div>

      {confirming && (
        <ConfirmAppointmentDialog
          doctor={doctor}
          date={date}
          slot={slot}
          startsAt={startsAt}
          onClose={() => {
            setConfirming(false);
            setSlot(null);
          }}
        />
      )}
    </div>
  );
}
