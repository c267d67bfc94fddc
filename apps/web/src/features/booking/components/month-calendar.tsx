import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { formatLongDate, formatMonth, toIsoDate } from '../../../lib/dates';
import {
  addMonths,
  canShowPreviousMonth,
  isoDaysAfter,
  isSelectableDay,
  monthGrid,
  monthOf,
  type MonthView,
} from '../utils/calendar';

/** Days moved by the grid's keys (WAI-ARIA APG date picker grid); Home/End stay in the week. */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowRight: 1,
  ArrowUp: -7,
  ArrowDown: 7,
};

function parseIso(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number);
  return new Date(year!, month! - 1, day);
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const WEEKDAY_KEYS = {
  sun: 'booking.weekdays.sun',
  mon: 'booking.weekdays.mon',
  tue: 'booking.weekdays.tue',
  wed: 'booking.weekdays.wed',
  thu: 'booking.weekdays.thu',
  fri: 'booking.weekdays.fri',
  sat: 'booking.weekdays.sat',
} as const;

const navButton =
  'inline-flex size-11 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * Step 2: a month of 42 day buttons under Sun–Sat headers (spec §2), as an ARIA grid: one day is
 * in the tab order and the arrow keys move between days (into the next or previous month too).
 * Each day is named by its full date; days that cannot be chosen (spec §5) are aria-disabled, so
 * the keyboard can still pass over them. Month names and dates are US English (spec §9).
 */
export function MonthCalendar({
  view,
  today,
  freeDays,
  selectedDate,
  onSelect,
  onViewChange,
}: {
  view: MonthView;
  today: Date;
  freeDays: ReadonlySet<string>;
  selectedDate: string | null;
  onSelect: (isoDate: string) => void;
  onViewChange: (view: MonthView) => void;
}) {
  const { t } = useTranslation('appointments');
  const days = monthGrid(view);
  const weeks = Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const anyFree = days.some((day) => isSelectableDay(day, view, today, freeDays));
  const isos = days.map(toIsoDate);
  const inView = (iso: string | null) => {
    if (!iso) return false;
    const date = parseIso(iso);
    return date.getFullYear() === view.year && date.getMonth() === view.month;
  };
  // The day in the tab order: the one last moved to, else the chosen one, else the first free one.
  const [active, setActive] = useState<string | null>(null);
  const tabbable =
    [active, selectedDate].find(inView) ??
    isos.find((iso, i) => isSelectableDay(days[i]!, view, today, freeDays)) ??
    toIsoDate(new Date(view.year, view.month, 1));
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    buttons.current.get(tabbable)?.focus();
  });

  const onGridKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const from = parseIso(tabbable);
    let target: string;
    if (event.key in KEY_STEPS) target = isoDaysAfter(from, KEY_STEPS[event.key]!);
    else if (event.key === 'Home') target = isoDaysAfter(from, -from.getDay());
    else if (event.key === 'End') target = isoDaysAfter(from, 6 - from.getDay());
    else return;
    event.preventDefault();
    const targetView = monthOf(parseIso(target));
    const sameMonth = targetView.year === view.year && targetView.month === view.month;
    if (!sameMonth) {
      // Spec §2: never back past the current month.
      const backwards = target < toIsoDate(new Date(view.year, view.month, 1));
      if (backwards && !canShowPreviousMonth(view, today)) return;
      onViewChange(targetView);
    }
    moved.current = true;
    setActive(target);
  };
  const monthLabel = formatMonth(new Date(view.year, view.month, 1));
  return (
    <div>
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label={t('booking.date.previousMonth')}
          disabled={!canShowPreviousMonth(view, today)}
          onClick={() => onViewChange(addMonths(view, -1))}
        >
          <ChevronDownIcon className="rotate-90" />
        </button>
        <p aria-live="polite" className="font-semibold text-slate-900">
          {monthLabel}
        </p>
        <button
          type="button"
          className={navButton}
          aria-label={t('booking.date.nextMonth')}
          onClick={() => onViewChange(addMonths(view, 1))}
        >
          <ChevronDownIcon className="-rotate-90" />
        </button>
      </div>
      <table
        role="grid"
        aria-label={monthLabel}
        onKeyDown={onGridKeyDown}
        className="w-full table-fixed border-collapse text-center"
      >
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day} scope="col" className="pb-2 text-xs font-medium text-slate-600">
                {t(WEEKDAY_KEYS[day])}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={toIsoDate(week[0]!)}>
              {week.map((day) => {
                const iso = toIsoDate(day);
                const inMonth = day.getMonth() === view.month;
                const selectable = isSelectableDay(day, view, today, freeDays);
                const selected = iso === selectedDate;
                return (
                  <td key={iso} aria-selected={selected} className="p-0.5">
                    <button
                      ref={(element) => {
                        if (element) buttons.current.set(iso, element);
                        else buttons.current.delete(iso);
                      }}
                      type="button"
                      tabIndex={iso === tabbable ? 0 : -1}
                      aria-label={formatLongDate(day)}
                      aria-pressed={selected}
                      aria-disabled={!selectable}
                      onClick={() => {
                        setActive(iso);
                        if (selectable) onSelect(iso);
                      }}
                      className={cn(
                        'flex h-11 w-full items-center justify-center rounded-lg text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-1 aria-disabled:cursor-not-allowed',
                        !inMonth && 'text-slate-300',
                        inMonth && !selectable && 'text-slate-400',
                        selectable &&
                          !selected &&
                          'bg-teal-50 font-semibold text-teal-900 hover:bg-teal-100',
                        selected && 'bg-teal-700 font-semibold text-white',
                      )}
                    >
                      {day.getDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {!anyFree && <p className="mt-3 text-sm text-slate-600">{t('booking.date.noneThisMonth')}</p>}
    </div>
  );
}
