import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { ConnectionStats } from '../call/connection-quality';

const QUALITY_KEYS = {
  good: 'meeting.connection.good',
  fair: 'meeting.connection.fair',
  poor: 'meeting.connection.poor',
} as const;

const TONES = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  fair: 'bg-amber-50 text-amber-900 ring-amber-200',
  poor: 'bg-red-50 text-red-800 ring-red-200',
} as const;

/** The connection's quality in words (not colour alone), with what it was measured from. */
export function ConnectionIndicator({ connection }: { connection: ConnectionStats }) {
  const { t, i18n } = useTranslation('appointments');
  const number = (value: number) => value.toLocaleString(i18n.language);
  const details = [
    connection.rttMs !== null && t('meeting.connection.rtt', { ms: number(connection.rttMs) }),
    connection.lossPercent !== null &&
      t('meeting.connection.loss', { percent: number(connection.lossPercent) }),
    connection.receiveKbps !== null &&
      t('meeting.connection.rate', { kbps: number(connection.receiveKbps) }),
  ].filter(Boolean);
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
      <span
        data-quality={connection.quality}
        className={cn('rounded-full px-2.5 py-0.5 font-semibold ring-1', TONES[connection.quality])}
      >
        {t('meeting.connection.label', { quality: t(QUALITY_KEYS[connection.quality]) })}
      </span>
      {details.join(' · ')}
    </p>
  );
}
