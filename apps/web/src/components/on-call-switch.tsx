import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ON_CALL_PERIODS } from '@vizita/shared/contracts/on-demand';
import { cn } from '../lib/cn';
import { formatClock } from '../lib/dates';
import { viewerTimeZone } from '../lib/viewer-zone';
import { Button } from './ui/button';
import { FieldLabel } from './ui/field-label';
import { controlClasses } from './ui/text-field';

/** The period offered first: an hour, a common stretch between two booked consultations. */
const DEFAULT_MINUTES: number = ON_CALL_PERIODS.includes(60) ? 60 : ON_CALL_PERIODS[0];

/** "30 minutes", "1 hour", "4 hours": a period of ON_CALL_PERIODS in words. */
export function usePeriodName() {
  const { t } = useTranslation('onDemand');
  return (minutes: number) =>
    minutes % 60 === 0
      ? t('onCall.hours', { count: minutes / 60 })
      : t('onCall.minutes', { count: minutes });
}

/**
 * "Available now" of one doctor (issue #22): off, a period and the button that switches it on;
 * on, until when and the button that stops it. The doctor's console and the clinic's list of
 * doctors both show it; `doctorName`, given by the list, goes into every control's name, so that
 * the rows' controls differ for a screen reader.
 */
export function OnCallSwitch({
  until,
  busy,
  onSet,
  doctorName,
  className,
}: {
  /** Until when the doctor is available now (an instant), or null. */
  until: string | null;
  busy: boolean;
  /** 0 switches it off. */
  onSet: (minutes: number) => void;
  doctorName?: string;
  className?: string;
}) {
  const { t } = useTranslation('onDemand');
  const periodName = usePeriodName();
  const selectId = useId();
  const [minutes, setMinutes] = useState(DEFAULT_MINUTES);
  const named = (text: string) =>
    doctorName === undefined ? (
      text
    ) : (
      <>
        {text}
        <span className="sr-only"> {t('onCall.forDoctor', { name: doctorName })}</span>
      </>
    );

  if (until !== null)
    return (
      <div className={cn('flex flex-wrap items-center gap-3', className)}>
        <p className="flex items-center gap-2 text-sm font-medium text-emerald-900">
          <span aria-hidden="true" className="size-2.5 shrink-0 rounded-full bg-emerald-600" />
          <span>
            {t('onCall.until', { time: formatClock(until, viewerTimeZone()) })}
            {doctorName !== undefined && (
              <span className="sr-only"> {t('onCall.forDoctor', { name: doctorName })}</span>
            )}
          </span>
        </p>
        <Button variant="secondary" busy={busy} onClick={() => onSet(0)}>
          {named(t('onCall.stop'))}
        </Button>
      </div>
    );

  return (
    <div className={cn('flex flex-wrap items-end gap-3', className)}>
      <div className="w-full space-y-1.5 sm:w-48">
        <FieldLabel htmlFor={selectId}>{named(t('onCall.period'))}</FieldLabel>
        <select
          id={selectId}
          value={minutes}
          onChange={(event) => setMinutes(Number(event.target.value))}
          disabled={busy}
          className={controlClasses(false, 'pr-8')}
        >
          {ON_CALL_PERIODS.map((period) => (
            <option key={period} value={period}>
              {periodName(period)}
            </option>
          ))}
        </select>
      </div>
      <Button busy={busy} onClick={() => onSet(minutes)}>
        {/* The doctor is available; the clinic makes her available. */}
        {doctorName === undefined ? t('onCall.start') : named(t('onCall.startFor'))}
      </Button>
    </div>
  );
}
