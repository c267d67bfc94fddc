import { useTranslation } from 'react-i18next';
import type { AdminDoctor } from '@vizita/shared/contracts/admin';
import {
  scheduleConflictErrorSchema,
  scheduleExceptionRequestSchema,
  type DoctorWeekSchedule,
  type ScheduleConflict,
} from '@vizita/shared/contracts/schedule';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddDoctorTimeOff } from '../api/add-doctor-time-off';
import { useDoctorSchedule } from '../api/get-doctor-schedule';
import { useRemoveDoctorException } from '../api/remove-doctor-exception';
import { useSetDoctorWeeklyHours } from '../api/set-doctor-weekly-hours';
import { WEEKDAYS, dayText, weekTextSchema } from './weekly-hours-text';

/** The booked appointments a refused change names (409 scheduleConflict). */
function conflictsOf(error: unknown): ScheduleConflict[] {
  if (!isApiError(error) || error.code !== 'scheduleConflict') return [];
  const body = scheduleConflictErrorSchema.safeParse(error.data);
  return body.success ? (body.data.conflicts ?? []) : [];
}

function Conflicts({ error }: { error: unknown }) {
  const { t } = useTranslation('admin');
  const conflicts = conflictsOf(error);
  if (conflicts.length === 0) return <Alert tone="error">{t('failed')}</Alert>;
  return (
    <Alert tone="error">
      <p>{t('hours.conflicts')}</p>
      <ul className="mt-1 list-disc pl-5">
        {conflicts.map((c) => (
          <li key={c._id}>
            {t('hours.conflict', { date: c.date, slot: c.slot, name: c.patientName })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

function WeeklyHoursForm({
  doctorId,
  schedule,
}: {
  doctorId: string;
  schedule: DoctorWeekSchedule;
}) {
  const { t, i18n } = useTranslation('admin');
  const weekdayName = (weekday: number) =>
    // 2024-01-01 was a Monday: weekday 1.
    new Date(Date.UTC(2024, 0, weekday)).toLocaleDateString(i18n.language, {
      weekday: 'long',
      timeZone: 'UTC',
    });
  const form = useSchemaForm({
    schema: weekTextSchema,
    defaultValues: { days: WEEKDAYS.map((d) => dayText(schedule.weekly, d)) },
  });
  const save = useSetDoctorWeeklyHours(doctorId);

  const submit = form.handleSubmit((body) => save.mutate({ id: doctorId, body }));

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby="weekly-heading"
      className="space-y-3"
    >
      <h3 id="weekly-heading" className="font-semibold text-slate-900">
        {t('hours.weeklyHeading', { zone: schedule.timeZone })}
      </h3>
      <p className="text-sm text-slate-700">{t('hours.weeklyHint')}</p>
      {WEEKDAYS.map((weekday, i) => (
        <TextField
          key={weekday}
          label={weekdayName(weekday)}
          placeholder="09:00-12:00, 13:00-17:00"
          {...form.field(`days.${i}`)}
        />
      ))}
      {save.isError && <Conflicts error={save.error} />}
      {save.isSuccess && <Alert tone="success">{t('hours.saved')}</Alert>}
      <Button type="submit" busy={save.isPending}>
        {t('hours.saveWeekly')}
      </Button>
    </form>
  );
}

/** Time off set by the clinic: a whole day, or from–to when both times are given. */
const timeOffSchema = formSchema({
  schema: scheduleExceptionRequestSchema,
  toInput: ({ date, start, end }: { date: string; start: string; end: string }) => ({
    date,
    kind: 'off',
    ...(start ? { start } : {}),
    ...(end ? { end } : {}),
  }),
});

function TimeOff({ doctorId, schedule }: { doctorId: string; schedule: DoctorWeekSchedule }) {
  const { t } = useTranslation('admin');
  const form = useSchemaForm({
    schema: timeOffSchema,
    defaultValues: { date: '', start: '', end: '' },
  });
  const add = useAddDoctorTimeOff(doctorId);
  const remove = useRemoveDoctorException(doctorId);

  const submit = form.handleSubmit((body) =>
    add.mutate({ id: doctorId, body }, { onSuccess: () => form.reset() }),
  );

  return (
    <div className="space-y-3">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="time-off-heading"
        className="space-y-3"
      >
        <h3 id="time-off-heading" className="font-semibold text-slate-900">
          {t('hours.timeOffHeading')}
        </h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label={t('hours.date')} type="date" {...form.field('date')} required />
          <TextField label={t('hours.start')} type="time" {...form.field('start')} />
          <TextField label={t('hours.end')} type="time" {...form.field('end')} />
        </div>
        <p className="text-sm text-slate-700">{t('hours.timeOffHint')}</p>
        {add.isError && <Conflicts error={add.error} />}
        <Button type="submit" busy={add.isPending}>
          {t('hours.addTimeOff')}
        </Button>
      </form>
      {schedule.exceptions.length > 0 && (
        <ul className="divide-y divide-slate-100 text-sm">
          {schedule.exceptions.map((e) => {
            const text = t(e.kind === 'off' ? 'hours.offLine' : 'hours.extraLine', {
              date: e.date,
              range: e.start && e.end ? `${e.start}-${e.end}` : t('hours.wholeDay'),
            });
            return (
              <li key={e._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span>{text}</span>
                <Button
                  variant="secondary"
                  busy={remove.isPending && remove.variables?.exceptionId === e._id}
                  onClick={() => remove.mutate({ id: doctorId, exceptionId: e._id })}
                >
                  {t('hours.remove', { what: text })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError && <Conflicts error={remove.error} />}
    </div>
  );
}

/**
 * A doctor's hours set by the clinic, with the rules of the doctor's own console. A change that
 * would leave booked appointments out is refused and names them: the admin cancels those first.
 */
export function DoctorHoursDialog({
  doctor,
  onClose,
}: {
  doctor: AdminDoctor;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const schedule = useDoctorSchedule(doctor._id);
  return (
    <Dialog title={t('hours.heading', { name: doctor.name })} onClose={onClose}>
      <div className="space-y-6">
        {schedule.data ? (
          <>
            <WeeklyHoursForm doctorId={doctor._id} schedule={schedule.data} />
            <TimeOff doctorId={doctor._id} schedule={schedule.data} />
          </>
        ) : schedule.isError ? (
          <ErrorState message={t('loadFailed')} onRetry={() => void schedule.refetch()} />
        ) : (
          <LoadingState />
        )}
        <Button variant="secondary" onClick={onClose}>
          {t('doctors.close')}
        </Button>
      </div>
    </Dialog>
  );
}
