import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import {
  MIN_DOWNLOAD_KBITS,
  type CheckItem,
  type ConnectionReport,
  type IceOutcome,
  type IceReport,
} from './connection-check';

type Tone = 'good' | 'warn' | 'neutral' | 'pending';

const TONES: Record<Tone, string> = {
  good: 'bg-emerald-600',
  warn: 'bg-amber-500',
  neutral: 'bg-slate-400',
  pending: 'bg-slate-300 animate-pulse',
};

const STUN_KEYS = {
  answered: 'meeting.deviceCheck.connection.stun.answered',
  noAnswer: 'meeting.deviceCheck.connection.stun.noAnswer',
  notConfigured: 'meeting.deviceCheck.connection.stun.notConfigured',
  unsupported: 'meeting.deviceCheck.connection.unsupported',
} as const satisfies Record<IceOutcome, string>;

const TURN_KEYS = {
  answered: 'meeting.deviceCheck.connection.turn.answered',
  noAnswer: 'meeting.deviceCheck.connection.turn.noAnswer',
  notConfigured: 'meeting.deviceCheck.connection.turn.notConfigured',
  notYet: 'meeting.deviceCheck.connection.turn.notYet',
  unsupported: 'meeting.deviceCheck.connection.unsupported',
} as const satisfies Record<IceReport['turn'], string>;

const ICE_TONES: Record<IceReport['turn'], Tone> = {
  answered: 'good',
  noAnswer: 'warn',
  notConfigured: 'neutral',
  notYet: 'neutral',
  unsupported: 'warn',
};

function Row({ label, tone, children }: { label: string; tone: Tone; children: ReactNode }) {
  return (
    <li className="flex gap-3 py-2">
      <span
        aria-hidden="true"
        className={cn('mt-1.5 size-2.5 shrink-0 rounded-full', TONES[tone])}
      />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{label}</p>
        <p className="text-sm text-slate-700">{children}</p>
      </div>
    </li>
  );
}

/**
 * The connection check's four results — round trip to our server, download rate against the
 * 2,000 kbit/s a consultation needs, STUN and TURN — each in words, with what to do about it.
 */
export function ConnectionResults({ report }: { report: ConnectionReport }) {
  const { t, i18n } = useTranslation('appointments');
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  const minimum = number(MIN_DOWNLOAD_KBITS);
  const measuring = t('meeting.deviceCheck.connection.measuring');
  const failed = t('meeting.deviceCheck.connection.notChecked');
  const tone = <T,>(item: CheckItem<T>, ok: (result: T) => Tone): Tone =>
    item.status === 'pending' ? 'pending' : item.status === 'failed' ? 'warn' : ok(item.result);

  const { roundTrip, download, ice } = report;
  return (
    <ul className="divide-y divide-slate-100">
      <Row
        label={t('meeting.deviceCheck.connection.roundTripLabel')}
        tone={tone(roundTrip, (r) => (r.slow ? 'warn' : 'good'))}
      >
        {roundTrip.status === 'pending'
          ? measuring
          : roundTrip.status === 'failed'
            ? t('meeting.deviceCheck.connection.unreachable')
            : t(
                roundTrip.result.slow
                  ? 'meeting.deviceCheck.connection.roundTripSlow'
                  : 'meeting.deviceCheck.connection.roundTripGood',
                { ms: number(roundTrip.result.ms) },
              )}
      </Row>
      <Row
        label={t('meeting.deviceCheck.connection.downloadLabel')}
        tone={tone(download, (r) => (r.enough ? 'good' : 'warn'))}
      >
        {download.status === 'pending'
          ? measuring
          : download.status === 'failed'
            ? failed
            : t(
                download.result.enough
                  ? 'meeting.deviceCheck.connection.downloadEnough'
                  : download.result.timedOut
                    ? 'meeting.deviceCheck.connection.downloadTooSlow'
                    : 'meeting.deviceCheck.connection.downloadLow',
                { kbits: number(download.result.kbits), minimum },
              )}
      </Row>
      <Row
        label={t('meeting.deviceCheck.connection.stunLabel')}
        tone={tone(ice, (r) => ICE_TONES[r.stun])}
      >
        {ice.status === 'pending'
          ? measuring
          : ice.status === 'failed'
            ? failed
            : t(STUN_KEYS[ice.result.stun])}
      </Row>
      <Row
        label={t('meeting.deviceCheck.connection.turnLabel')}
        tone={tone(ice, (r) => ICE_TONES[r.turn])}
      >
        {ice.status === 'pending'
          ? measuring
          : ice.status === 'failed'
            ? failed
            : t(TURN_KEYS[ice.result.turn])}
      </Row>
    </ul>
  );
}
