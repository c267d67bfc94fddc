import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { JOIN_OPENS_BEFORE_MS } from '@vizita/shared/domain/join-window';
import { buttonClasses, Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { joinStateAt } from '../../../lib/join-state';
import { useNow } from '../../../lib/use-now';
import { useDoctorAppointments } from '../api/get-doctor-appointments';
import { AppointmentWhen } from '../../../components/appointment-when';

/** Spec §4: the join state is recomputed every 60 seconds. */
const RECOMPUTE_MS = 60_000;

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);

/** The wall-clock time of an instant in a time zone, as HH:MM. */
const timeIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(
    instant,
  );

function AppointmentRow({ appointment, now }: { appointment: Appointment; now: Date }) {
  const { t } = useTranslation('dashboard');
  const startsAt = new Date(appointment.startsAt);
  const { isJoinable, hasPassed } = joinStateAt(appointment, now);
  const headingId = `doctor-appointment-${appointment._id}`;
  let action;
  if (appointment.plan !== 'consultation') action = null;
  else if (isJoinable)
    action = (
      <Link
        to={`/doctor/meeting/${appointment._id}`}
        aria-describedby={headingId}
        className={buttonClasses('primary')}
      >
        {t('doctorArea.join')}
      </Link>
    );
  else
    action = (
      <div className="flex flex-col items-start gap-1 sm:items-end">
        <Button disabled aria-describedby={`${headingId}-hint`}>
          {t('doctorArea.join')}
        </Button>
        <p id={`${headingId}-hint`} className="text-xs text-slate-600">
          {hasPassed
            ? t('doctorArea.ended')
            : t('doctorArea.opensAt', {
                time: timeIn(
                  new Date(startsAt.getTime() - JOIN_OPENS_BEFORE_MS),
                  appointment.timeZone,
                ),
              })}
        </p>
      </div>
    );
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <h3 id={headingId} className="font-semibold text-slate-900">
          <AppointmentWhen date={appointment.date} slot={appointment.slot} />
        </h3>
        <p className="mt-1 text-sm text-slate-800">
          <span className="font-medium">{t('doctorArea.patient')}</span>{' '}
          {appointment.patient?.name ?? t('doctorArea.patientFallback')}
        </p>
        {appointment.reason && (
          <p className="text-sm break-words text-slate-700">
            <span className="font-medium">{t('doctorArea.reason')}</span> {appointment.reason}
          </p>
        )}
      </div>
      {action}
    </li>
  );
}

function Section({
  id,
  title,
  empty,
  appointments,
  now,
}: {
  id: string;
  title: string;
  empty: string;
  appointments: Appointment[];
  now: Date;
}) {
  return (
    <Card>
      <section aria-labelledby={id}>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {appointments.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {appointments.map((a) => (
              <AppointmentRow key={a._id} appointment={a} now={now} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

/**
 * /doctor — what a doctor needs to meet their patients: today's and the coming consultations
 * with the patient's name and reason, and Join under the same window rule as the patient's.
 */
export function DoctorHomePage() {
  const { t } = useTranslation('dashboard');
  const now = useNow(RECOMPUTE_MS);
  const appointments = useDoctorAppointments();

  let content;
  if (appointments.data) {
    const isToday = (a: Appointment) => a.date === dayIn(now, a.timeZone);
    // A consultation whose window has closed is done, even before the server marks it so.
    const open = appointments.data.filter((a) => !joinStateAt(a, now).hasPassed);
    content = (
      <>
        <Section
          id="doctor-today"
          title={t('doctorArea.today')}
          empty={t('doctorArea.noneToday')}
          appointments={open.filter(isToday)}
          now={now}
        />
        <Section
          id="doctor-upcoming"
          title={t('doctorArea.upcoming')}
          empty={t('doctorArea.noneUpcoming')}
          appointments={open.filter((a) => !isToday(a))}
          now={now}
        />
      </>
    );
  } else if (appointments.isError) {
    content = (
      <ErrorState
        message={t('doctorArea.error')}
        retrying={appointments.isFetching}
        onRetry={() => void appointments.refetch()}
      />
    );
  } else {
    content = <LoadingState label={t('doctorArea.loading')} />;
  }

  return (
    <div className="space-y-6">
      <PageTitle title={t('doctorArea.title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('doctorArea.title')}</h1>
        <p className="mt-1 text-slate-700">{t('doctorArea.subtitle')}</p>
      </div>
      {content}
    </div>
  );
}
