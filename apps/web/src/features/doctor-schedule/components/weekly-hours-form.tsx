import { useState, type FormEvent } from 'react';
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
import { useSetWeeklyHours } from '../api/set-weekly-hours';
import { conflictsOf } from './conflict-dialog';
import { issueProblems, serverProblems, type FieldProblem } from './field-errors';
import type { ConflictRequest } from './availability-page';
import { ISO_WEEKDAYS, weekdayName } from './weekday-names';

type Row = WeeklyRange & { key: number };
let nextKey = 1;
const withKeys = (ranges: WeeklyRange[]): Row[] => ranges.map((r) => ({ ...r, key: nextKey++ }));

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
  const [rows, setRows] = useState(() => withKeys(weekly));
  const [problems, setProblems] = useState<Map<number, string>>(new Map());
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const save = useSetWeeklyHours();

  /** Puts each problem on the row it names (`ranges.<index>…`); the rest on the whole form. */
  const show = (found: FieldProblem[], sent: Row[]) => {
    const byRow = new Map<number, string>();
    let general: string | null = null;
    for (const { path, key } of found) {
      const row = /^ranges\.(\d+)/.exec(path);
      const target = row ? sent[Number(row[1])] : undefined;
      if (target && !byRow.has(target.key)) byRow.set(target.key, validationMessage(key)!);
      else if (!target) general ??= validationMessage(key)!;
    }
    setProblems(byRow);
    setFormProblem(general);
    return found.length > 0;
  };

  const update = (key: number, change: Partial<WeeklyRange>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = rows;
    const ranges = sent.map(({ weekday, start, end }) => ({ weekday, start, end }));
    const checked = weeklyHoursRequestSchema.safeParse({ ranges });
    const found = checked.success
      ? issueProblems(weeklyHoursIssues(ranges, { slotMinutes }))
      : issueProblems(checked.error.issues);
    if (show(found, sent)) return;
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
          else show(serverProblems(error), sent);
        },
      },
    );
  };

  return (
    <Card>
      <form onSubmit={submit} noValidate aria-labelledby="weekly-hours" className="space-y-4">
        <h2 id="weekly-hours" className="text-lg font-semibold text-slate-900">
          {t('weekly.heading')}
        </h2>
        <p className="text-sm text-slate-700">{t('weekly.intro')}</p>
        {ISO_WEEKDAYS.map((weekday) => {
          const day = weekdayName(weekday, i18n.language);
          const ranges = rows.filter((r) => r.weekday === weekday);
          return (
            <fieldset key={weekday} className="rounded-lg border border-slate-200 p-3">
              <legend className="px-1 text-sm font-semibold text-slate-900">{day}</legend>
              {ranges.length === 0 && (
                <p className="text-sm text-slate-600">{t('weekly.closed')}</p>
              )}
              <ul className="space-y-2">
                {ranges.map((r) => (
                  <li key={r.key} className="flex flex-wrap items-end gap-2">
                    <label className="text-sm text-slate-800">
                      <span className="block">{t('weekly.from', { day })}</span>
                      <input
                        type="time"
                        value={r.start}
                        onChange={(e) => update(r.key, { start: e.target.value })}
                        className={controlClasses(problems.has(r.key), 'w-32')}
                      />
                    </label>
                    <label className="text-sm text-slate-800">
                      <span className="block">{t('weekly.to', { day })}</span>
                      <input
                        type="time"
                        value={r.end}
                        onChange={(e) => update(r.key, { end: e.target.value })}
                        aria-invalid={problems.has(r.key) || undefined}
                        aria-describedby={problems.has(r.key) ? `range-${r.key}-error` : undefined}
                        className={controlClasses(problems.has(r.key), 'w-32')}
                      />
                    </label>
                    <Button
                      variant="ghost"
                      onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
                    >
                      {t('weekly.remove', { day, start: r.start, end: r.end })}
                    </Button>
                    {problems.has(r.key) && (
                      <p id={`range-${r.key}-error`} className="w-full text-sm text-red-700">
                        {problems.get(r.key)}
                      </p>
                    )}
                  </li>
                ))}
              </ul>
              <Button
                variant="secondary"
                className="mt-2"
                onClick={() =>
                  setRows((all) => [
                    ...all,
                    { weekday, start: '09:00', end: '12:00', key: nextKey++ },
                  ])
                }
              >
                {t('weekly.add', { day })}
              </Button>
            </fieldset>
          );
        })}
        {formProblem && <Alert tone="error">{formProblem}</Alert>}
        {save.isError && !conflictsOf(save.error) && serverProblems(save.error).length === 0 && (
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
