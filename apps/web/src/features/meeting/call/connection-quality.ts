// How the call's connection is doing, from the peer connection's own statistics (getStats):
// round-trip time, the share of packets lost and the rate media arrives at, over the last sample.
// Framework-free and pure, so the thresholds are tested without a browser.

export type ConnectionQuality = 'good' | 'fair' | 'poor';

export interface ConnectionStats {
  quality: ConnectionQuality;
  rttMs: number | null;
  /** Packets lost of those expected since the previous sample, in percent. */
  lossPercent: number | null;
  /** Media received since the previous sample. */
  receiveKbps: number | null;
}

/** What the next sample is measured against. */
export interface StatsCounters {
  at: number;
  packetsLost: number;
  packetsReceived: number;
  bytesReceived: number;
}

// Thresholds for a video consultation: beyond 400 ms round trip a conversation stumbles, beyond
// 8 % loss the picture breaks up; 2,000 kbit/s is what German KV guidance asks of the line, and
// below a few hundred the video is a slideshow.
const POOR = { rttMs: 400, lossPercent: 8, kbps: 150 };
const FAIR = { rttMs: 200, lossPercent: 3, kbps: 500 };

export function qualityOf({
  rttMs,
  lossPercent,
  receiveKbps,
}: Omit<ConnectionStats, 'quality'>): ConnectionQuality | null {
  if (rttMs === null && lossPercent === null && receiveKbps === null) return null;
  const beyond = (limit: typeof POOR) =>
    (rttMs !== null && rttMs > limit.rttMs) ||
    (lossPercent !== null && lossPercent > limit.lossPercent) ||
    (receiveKbps !== null && receiveKbps < limit.kbps);
  return beyond(POOR) ? 'poor' : beyond(FAIR) ? 'fair' : 'good';
}

type Stat = Record<string, unknown> & { type: string };
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/**
 * Reads one getStats() report: the selected candidate pair's round trip, and the inbound media's
 * losses and bytes as a difference to `previous` (the first sample has no rate yet).
 */
export function readConnectionStats(
  report: { forEach(callback: (stat: Stat) => void): void },
  previous: StatsCounters | null,
  now: number,
): { stats: ConnectionStats | null; counters: StatsCounters } {
  let rttMs: number | null = null;
  const counters: StatsCounters = { at: now, packetsLost: 0, packetsReceived: 0, bytesReceived: 0 };
  let inbound = false;
  report.forEach((stat) => {
    if (
      stat.type === 'candidate-pair' &&
      (stat.nominated === true || stat.selected === true) &&
      stat.state === 'succeeded' &&
      typeof stat.currentRoundTripTime === 'number'
    )
      rttMs = Math.round(stat.currentRoundTripTime * 1000);
    if (stat.type === 'inbound-rtp') {
      inbound = true;
      counters.packetsLost += num(stat.packetsLost);
      counters.packetsReceived += num(stat.packetsReceived);
      counters.bytesReceived += num(stat.bytesReceived);
    }
  });
  let lossPercent: number | null = null;
  let receiveKbps: number | null = null;
  if (inbound && previous && now > previous.at) {
    const lost = Math.max(0, counters.packetsLost - previous.packetsLost);
    const received = Math.max(0, counters.packetsReceived - previous.packetsReceived);
    lossPercent = lost + received > 0 ? Math.round((lost / (lost + received)) * 1000) / 10 : 0;
    const bytes = Math.max(0, counters.bytesReceived - previous.bytesReceived);
    receiveKbps = Math.round((bytes * 8) / (now - previous.at));
  }
  const measured = { rttMs, lossPercent, receiveKbps };
  const quality = qualityOf(measured);
  return { stats: quality ? { quality, ...measured } : null, counters };
}
