import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SCHEDULE_NOTE_MAX,
  scheduleExceptionIssues,
  scheduleExceptionRequestSchema,
} from '@vizita/shared/contracts/schedule';
import { SCHEDULE_AHEAD_DAYS } from '@vizita/shared/domain/weekly-hours';
import { addDays } from '@vizita/shared/domain/zoned-time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useAddScheduleException } from '../api/add-schedule-exception';
import type { ConflictRequest } from './availability-page';
import { conflictsOf } from './conflict-dialog';

type ExceptionValues = {
  kind: 'off' | 'extra';
  date: string;
  /** Time off only: the whole day, or from–to. */
  wholeDay: boolean;
  start: string;
  end: string;
  note: string;
};

const EMPTY: ExceptionValues = {
  kind: 'off',
  date: '',
  wholeDay: true,
  start: '',
  end: '',
  note: '',
};

/** The request the values stand for: times only when they count, a note only when written. */
function toRequest({ kind, date, wholeDay, start, end, note }: ExceptionValues) {
  const timed = kind === 'extra' || !wholeDay;
  return {
    date,
    kind,
    // An empty time is a missing one: the schema then asks for both rather than for a format.
    ...(timed && start ? { start } : {}),
    ...(timed && end ? { end } : {}),
    ...(note.trim() ? { note: note.trim() } : {}),
  };
}

/** Time off (a whole day, or from–to) or extra hours on one date. */
export function ExceptionForm({
  today,
  slotMinutes,
  onConflict,
}: {
  /** Today in the doctor's zone: the first date a change may be made for. */
  today: string;
  slotMinutes: number;
  onConflict: (request: ConflictRequest) => void;
}) {
  const { t } = useTranslation('schedule');
  const form = useSchemaForm({
    schema: formSchema({
      schema: scheduleExceptionRequestSchema,
      toInput: toRequest,
      check: (request) => scheduleExceptionIssues(request, { today, slotMinutes }),
    }),
    defaultValues: EMPTY,
  });
  // Whether the server's refusal named a field (then it is shown there, not below the form).
  const [fieldRejected, setFieldRejected] = useState(false);
  const add = useAddScheduleException();
  const { kind, wholeDay } = form.values;
  const { error: _error, errorId: _errorId, ...wholeDayBox } = form.field('wholeDay');

  const submit = form.handleSubmit((body) => {
    setFieldRejected(false);
    add.mutate(body, {
      onSuccess: () => form.setFieldValues({ date: '', note: '' }),
      onError: (error) => {
        const conflicts = conflictsOf(error);
        if (conflicts)
          onConflict({
            conflicts,
            confirm: (cancelReason) =>
              add.mutateAsync({ ...body, cancelBooked: true, cancelReason }),
          });
        else setFieldRejected(form.setServerErrors(error));
      },
    });
  });

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="exception-heading"
        className="space-y-4"
      >
        <h2 id="exception-heading" className="text-lg font-semibold text-slate-900">
          {t('exception.heading')}
        </h2>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('exception.kind')}</legend>
          {(['off', 'extra'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name="kind"
                value={value}
                checked={kind === value}
                onChange={() => form.setValue('kind', value)}
                className="size-4 accent-teal-700"
              />
              {value === 'off' ? t('exception.off') : t('exception.extra')}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('exception.date')}
          type="date"
          min={today}
          max={addDays(today, SCHEDULE_AHEAD_DAYS)}
          {...form.field('date')}
          required
        />
        {kind === 'off' && (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" {...wholeDayBox} className="size-4 accent-teal-700" />
            {t('exception.wholeDay')}
          </label>
        )}
        {(kind === 'extra' || !wholeDay) && (
          <div className="flex flex-wrap gap-3">
            <TextField label={t('exception.from')} type="time" {...form.field('start')} required />
            <TextField label={t('exception.to')} type="time" {...form.field('end')} required />
          </div>
        )}
        <TextField
          label={t('exception.note')}
          maxLength={SCHEDULE_NOTE_MAX}
          {...form.field('note')}
        />
        {add.isError && !conflictsOf(add.error) && !fieldRejected && (
          <Alert tone="error">{t('failed')}</Alert>
        )}
        {add.isSuccess && <Alert tone="success">{t('exception.saved')}</Alert>}
        <Button type="submit" busy={add.isPending}>
          {t('exception.add')}
        </Button>
      </form>
    </Card>
  );
}
