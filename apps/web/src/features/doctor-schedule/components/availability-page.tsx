import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleConflict, ScheduleExceptionEntry } from '@vizita/shared/contracts/schedule';
import { addDays } from '@vizita/shared/domain/zoned-time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { PageTitle } from '../../../components/ui/page-title';
import { LoadingState } from '../../../components/ui/spinner';
import { formatShortCalendarDate } from '../../../lib/dates';
import { useSchedule } from '../api/get-schedule';
import { useSchedulePreview } from '../api/get-schedule-preview';
import { useRemoveScheduleException } from '../api/remove-schedule-exception';
import { ConflictDialog, conflictsOf } from './conflict-dialog';
import { ExceptionForm } from './exception-form';
import { WeeklyHoursForm } from './weekly-hours-form';
import { dateTimeFormat } from '../../../lib/date-time-format';

/** A refused change waiting for the doctor's decision, and how to make it with cancellations. */
export type ConflictRequest = {
  conflicts: ScheduleConflict[];
  confirm: (cancelReason: string) => Promise<unknown>;
};

const PREVIEW_DAYS = 7;

function ExceptionsList({
  exceptions,
  onConflict,
}: {
  exceptions: ScheduleExceptionEntry[];
  onConflict: (request: ConflictRequest) => void;
}) {
  const { t } = useTranslation('schedule');
  const remove = useRemoveScheduleException();
  return (
    <Card>
      <section aria-labelledby="exceptions-heading">
        <h2 id="exceptions-heading" className="text-lg font-semibold text-slate-900">
          {t('exceptions.heading')}
        </h2>
        {exceptions.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">{t('exceptions.none')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100">
            {exceptions.map((e) => {
              const day = formatShortCalendarDate(e.date) ?? e.date;
              const what =
                e.kind === 'off'
                  ? e.start
                    ? t('exceptions.offRange', { start: e.start, end: e.end })
                    : t('exceptions.offDay')
                  : t('exceptions.extra', { start: e.start, end: e.end });
              return (
                <li key={e._id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="text-sm text-slate-900">
                    <span className="font-medium">{day}</span> · {what}
                    {e.note && <span className="text-slate-600"> · {e.note}</span>}
                  </span>
                  <Button
                    variant="ghost"
                    onClick={() =>
                      remove.mutate(
                        { id: e._id },
                        {
                          onError: (error) => {
                            const conflicts = conflictsOf(error);
                            if (conflicts)
                              onConflict({
                                conflicts,
                                confirm: (cancelReason) =>
                                  remove.mutateAsync({
                                    id: e._id,
                                    cancelBooked: true,
                                    cancelReason,
                                  }),
                              });
                          },
                        },
                      )
                    }
                  >
                    {t('exceptions.remove', { what: `${day} · ${what}` })}
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {remove.isError && !conflictsOf(remove.error) && <Alert tone="error">{t('failed')}</Alert>}
      </section>
    </Card>
  );
}

function Preview({ from }: { from: string }) {
  const { t } = useTranslation('schedule');
  const preview = useSchedulePreview(from, addDays(from, PREVIEW_DAYS - 1));
  return (
    <Card>
      <section aria-labelledby="preview-heading">
        <h2 id="preview-heading" className="text-lg font-semibold text-slate-900">
          {t('preview.heading')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('preview.intro')}</p>
        {preview.isError && <Alert tone="error">{t('preview.failed')}</Alert>}
        {preview.data && preview.data.length === 0 && (
          <p className="mt-2 text-sm text-slate-700">{t('preview.none')}</p>
        )}
        {preview.data && preview.data.length > 0 && (
          <dl className="mt-2 space-y-2 text-sm">
            {preview.data.map((day) => (
              <div key={day.date}>
                <dt className="font-medium text-slate-900">
                  {formatShortCalendarDate(day.date) ?? day.date}
                </dt>
                <dd className="text-slate-700">{day.slots.join(', ')}</dd>
              </div>
            ))}
          </dl>
        )}
      </section>
    </Card>
  );
}

/**
 * /doctor/availability — the doctor's own hours: the week, time off and extra hours, with a
 * preview of the free slots patients will see. The server decides again on every change.
 */
export function AvailabilityPage() {
  const { t } = useTranslation('schedule');
  const schedule = useSchedule();
  const [conflict, setConflict] = useState<ConflictRequest | null>(null);
  const today = dateTimeFormat('en-CA', {
    timeZone: schedule.data?.timeZone ?? undefined,
  }).format(new Date());

  let content;
  if (schedule.data)
    content = (
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        {/* Not keyed by the saved hours: a save must not remount the form and lose its answer. */}
        <WeeklyHoursForm
          weekly={schedule.data.weekly}
          slotMinutes={schedule.data.slotMinutes}
          onConflict={setConflict}
        />
        <div className="space-y-6">
          <ExceptionForm
            today={today}
            slotMinutes={schedule.data.slotMinutes}
            onConflict={setConflict}
          />
          <ExceptionsList exceptions={schedule.data.exceptions} onConflict={setConflict} />
          <Preview from={today} />
        </div>
      </div>
    );
  else if (schedule.isError)
    content = (
      <ErrorState
        message={t('loadFailed')}
        retrying={schedule.isFetching}
        onRetry={() => void schedule.refetch()}
      />
    );
  else content = <LoadingState label={t('loading')} />;

  return (
    <div className="space-y-6">
      <PageTitle title={t('title')} />
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
        {schedule.data && (
          <p className="mt-1 text-slate-700">
            {t('intro', { zone: schedule.data.timeZone, minutes: schedule.data.slotMinutes })}
          </p>
        )}
      </div>
      {content}
      {conflict && (
        <ConflictDialog
          conflicts={conflict.conflicts}
          onClose={() => setConflict(null)}
          onConfirm={async (reason) => {
            await conflict.confirm(reason);
            setConflict(null);
          }}
        />
      )}
    </div>
  );
}
