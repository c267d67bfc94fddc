import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  weeklyHoursIssues,
  weeklyHoursRequestSchema,
  type WeeklyRange,
} from '@vizita/shared/contracts/schedule';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { controlClasses } from '../../../components/ui/text-field';
import { useValidationMessage } from '../../../lib/i18n';
import { formSchema } from '../../../lib/form-schema';
import { useSchemaForm, type FieldProps } from '../../../lib/use-schema-form';
import { useSetWeeklyHours } from '../api/set-weekly-hours';
import { conflictsOf } from './conflict-dialog';
import type { ConflictRequest } from './availability-page';
import { ISO_WEEKDAYS, weekdayName } from './weekday-names';

type Row = WeeklyRange & { key: number };
let nextKey = 1;
const withKeys = (ranges: WeeklyRange[]): Row[] => ranges.map((r) => ({ ...r, key: nextKey++ }));

/** A time input's attributes from its field; the row shows the message once, below both. */
function timeInput(
  { error: _error, errorId: _errorId, ...field }: FieldProps<string>,
  messageId: string,
) {
  return { ...field, 'aria-describedby': field['aria-invalid'] ? messageId : undefined };
}

/** The week's working hours, day by day; several ranges a day leave breaks between them. */
export function WeeklyHoursForm({
  weekly,
  slotMinutes,
  onConflict,
}: {
  weekly: WeeklyRange[];
  /** The doctor's slot length: a range shorter than one slot would offer nothing. */
  slotMinutes: number;
  onConflict: (request: ConflictRequest) => void;
}) {
  const { t, i18n } = useTranslation('schedule');
  const validationMessage = useValidationMessage();
  const [defaultValues] = useState(() => ({ ranges: withKeys(weekly) }));
  const form = useSchemaForm({
    schema: formSchema({
      schema: weeklyHoursRequestSchema,
      toInput: ({ ranges }: { ranges: Row[] }) => ({
        ranges: ranges.map(({ weekday, start, end }) => ({ weekday, start, end })),
      }),
      check: ({ ranges }) => weeklyHoursIssues(ranges, { slotMinutes }),
    }),
    defaultValues,
  });
  // Whether the server's refusal named a range (then it is shown there, not below the form).
  const [fieldRejected, setFieldRejected] = useState(false);
  const save = useSetWeeklyHours();

  const submit = form.handleSubmit(({ ranges }) => {
    setFieldRejected(false);
    save.mutate(
      { ranges },
      {
        onError: (error) => {
          const conflicts = conflictsOf(error);
          if (conflicts)
            onConflict({
              conflicts,
              confirm: (cancelReason) =>
                save.mutateAsync({ ranges, cancelBooked: true, cancelReason }),
            });
          else setFieldRejected(form.setServerErrors(error));
        },
      },
    );
  });
  // A rule of the whole week (at most 28 ranges) belongs to no range.
  const weekProblem = validationMessage(form.errors.ranges);

  return (
    <Card>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="weekly-hours"
        className="space-y-4"
      >
        <h2 id="weekly-hours" className="text-lg font-semibold text-slate-900">
          {t('weekly.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('weekly.intro')}</p>
        {ISO_WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday, i18n.language);
          // Each row keeps its place in the whole week's list: its fields are named by it.
          const ranges = form.values.ranges.flatMap((r, index) =>
            r.weekday === weekday ? [{ r, index }] : [],
          );
          return (
            <fieldset key={weekday} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{day}</legend>
              {ranges.length === 0 && (
                <p className="text-sm text-slate-600">{t('weekly.closed')}</p>
              )}
              <ul className="space-y-2">
                {ranges.map(({ r, index }) => {
                  const start = form.field(`ranges.${index}.start`);
                  const end = form.field(`ranges.${index}.end`);
                  const message = start.error ?? end.error;
                  const messageId = start.error ? start.errorId : end.errorId;
                  return (
                    <li key={r.key} className="flex flex-wrap items-end gap-2">
                      <label className="text-sm text-slate-800">
                        <span className="block">{t('weekly.from', { day })}</span>
                        <input
                          type="time"
                          {...timeInput(start, messageId)}
                          className={controlClasses(Boolean(message), 'w-32')}
                        />
                      </label>
                      <label className="text-sm text-slate-800">
                        <span className="block">{t('weekly.to', { day })}</span>
                        <input
                          type="time"
                          {...timeInput(end, messageId)}
                          className={controlClasses(Boolean(message), 'w-32')}
                        />
                      </label>
                      <Button variant="ghost" onClick={() => form.remove('ranges', index)}>
                        {t('weekly.remove', { day, start: r.start, end: r.end })}
                      </Button>
                      {message && (
                        <p id={messageId} className="w-full text-sm text-red-700">
                          {message}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
              <Button
                variant="secondary"
                className="mt-2"
                onClick={() =>
                  form.append('ranges', { weekday, start: '09:00', end: '12:00', key: nextKey++ })
                }
              >
                {t('weekly.add', { day })}
              </Button>
            </fieldset>
          );
        })}
        {weekProblem && <Alert tone="error">{weekProblem}</Alert>}
        {save.isError && !conflictsOf(save.error) && !fieldRejected && (
          <Alert tone="error">{t('failed')}</Alert>
        )}
        {save.isSuccess && <Alert tone="success">{t('weekly.saved')}</Alert>}
        <Button type="submit" busy={save.isPending}>
          {t('weekly.save')}
        </Button>
      </form>
    </Card>
  );
}
