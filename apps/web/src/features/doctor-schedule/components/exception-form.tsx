import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  SCHEDULE_NOTE_MAX,
  scheduleExceptionIssues,
  scheduleExceptionRequestSchema,
  type ScheduleExceptionRequest,
} from '@vizita/shared/contracts/schedule';
import { SCHEDULE_AHEAD_DAYS } from '@vizita/shared/domain/weekly-hours';
import { addDays } from '@vizita/shared/domain/zoned-time';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { useValidationMessage } from '../../../lib/i18n';
import { useAddScheduleException } from '../api/add-schedule-exception';
import type { ConflictRequest } from './availability-page';
import { conflictsOf } from './conflict-dialog';
import { issueProblems, serverProblems, type FieldProblem } from './field-errors';

type Field = 'date' | 'start' | 'end' | 'note';
const FIELDS: readonly Field[] = ['date', 'start', 'end', 'note'];

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
  const validationMessage = useValidationMessage();
  const kindName = useId();
  const [kind, setKind] = useState<'off' | 'extra'>('off');
  const [date, setDate] = useState('');
  const [wholeDay, setWholeDay] = useState(true);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const add = useAddScheduleException();

  /** Each problem under the field it names (its first one); the others above the button. */
  const show = (found: FieldProblem[]) => {
    const byField: Partial<Record<Field, string>> = {};
    let general: string | null = null;
    for (const { path, key } of found) {
      const field = FIELDS.find((f) => f === path);
      if (field) byField[field] ??= validationMessage(key);
      else general ??= validationMessage(key)!;
    }
    setProblems(byField);
    setFormProblem(general);
    return found.length > 0;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const timed = kind === 'extra' || !wholeDay;
    const candidate = {
      date,
      kind,
      // An empty time is a missing one: the schema then asks for both rather than for a format.
      ...(timed && start ? { start } : {}),
      ...(timed && end ? { end } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
    };
    const checked = scheduleExceptionRequestSchema.safeParse(candidate);
    if (!checked.success) return void show(issueProblems(checked.error.issues));
    if (show(issueProblems(scheduleExceptionIssues(checked.data, { today, slotMinutes })))) return;
    const body: ScheduleExceptionRequest = checked.data;
    add.mutate(body, {
      onSuccess: () => {
        setDate('');
        setNote('');
      },
      onError: (error) => {
        const conflicts = conflictsOf(error);
        if (conflicts)
          onConflict({
            conflicts,
            confirm: (cancelReason) =>
              add.mutateAsync({ ...body, cancelBooked: true, cancelReason }),
          });
        else show(serverProblems(error));
      },
    });
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="exception-heading" className="space-y-4">
        <h2 id="exception-heading" className="text-lg font-semibold text-slate-900">
          {t('exception.heading')}
        </h2>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 text-sm font-medium text-slate-800">{t('exception.kind')}</legend>
          {(['off', 'extra'] as const).map((value) => (
            <label key={value} className="inline-flex min-h-11 items-center gap-2 text-sm">
              <input
                type="radio"
                name={kindName}
                value={value}
                checked={kind === value}
                onChange={() => setKind(value)}
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
          value={date}
          onChange={(e) => setDate(e.target.value)}
          error={problems.date}
          required
        />
        {kind === 'off' && (
          <label className="inline-flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={wholeDay}
              onChange={(e) => setWholeDay(e.target.checked)}
              className="size-4 accent-teal-700"
            />
            {t('exception.wholeDay')}
          </label>
        )}
        {(kind === 'extra' || !wholeDay) && (
          <div className="flex flex-wrap gap-3">
            <TextField
              label={t('exception.from')}
              type="time"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              error={problems.start}
              required
            />
            <TextField
              label={t('exception.to')}
              type="time"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              error={problems.end}
              required
            />
          </div>
        )}
        <TextField
          label={t('exception.note')}
          value={note}
          maxLength={SCHEDULE_NOTE_MAX}
          onChange={(e) => setNote(e.target.value)}
          error={problems.note}
        />
        {formProblem && <Alert tone="error">{formProblem}</Alert>}
        {add.isError && !conflictsOf(add.error) && serverProblems(add.error).length === 0 && (
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
