import { describe, expect, it } from 'vitest';
import { qualityOf, readConnectionStats } from './connection-quality';

const report = (...stats: Record<string, unknown>[]) => ({
  forEach: (callback: (stat: Record<string, unknown> & { type: string }) => void) =>
    stats.forEach((s) => callback(s as Record<string, unknown> & { type: string })),
});
const pair = (rtt: number) => ({
  type: 'candidate-pair',
  nominated: true,
  state: 'succeeded',
  currentRoundTripTime: rtt,
});
const inbound = (kind: string, lost: number, received: number, bytes: number) => ({
  type: 'inbound-rtp',
  kind,
  packetsLost: lost,
  packetsReceived: received,
  bytesReceived: bytes,
});

describe('the connection quality', () => {
  it.each([
    [{ rttMs: 40, lossPercent: 0, receiveKbps: 2500 }, 'good'],
    [{ rttMs: 250, lossPercent: 0, receiveKbps: 2500 }, 'fair'],
    [{ rttMs: 40, lossPercent: 5, receiveKbps: 2500 }, 'fair'],
    [{ rttMs: 40, lossPercent: 0, receiveKbps: 300 }, 'fair'],
    [{ rttMs: 600, lossPercent: 0, receiveKbps: 2500 }, 'poor'],
    [{ rttMs: 40, lossPercent: 12, receiveKbps: 2500 }, 'poor'],
    [{ rttMs: 40, lossPercent: 0, receiveKbps: 80 }, 'poor'],
    [{ rttMs: 40, lossPercent: null, receiveKbps: null }, 'good'],
    [{ rttMs: null, lossPercent: null, receiveKbps: null }, null],
  ] as const)('%o is %s', (stats, quality) => {
    expect(qualityOf(stats)).toBe(quality);
  });

  it('reads the round trip at once, and loss and rate against the previous sample', () => {
    const first = readConnectionStats(
      report(pair(0.05), inbound('video', 10, 1000, 1_000_000), inbound('audio', 0, 500, 50_000)),
      null,
      10_000,
    );
    expect(first.stats).toEqual({
      quality: 'good',
      rttMs: 50,
      lossPercent: null,
      receiveKbps: null,
    });
    const second = readConnectionStats(
      report(
        pair(0.05),
        inbound('video', 110, 1900, 1_250_000),
        inbound('audio', 0, 1000, 100_000),
      ),
      first.counters,
      12_000,
    );
    // 100 lost of 1,500 expected; 300,000 bytes in 2 s.
    expect(second.stats).toEqual({
      quality: 'fair',
      rttMs: 50,
      lossPercent: 6.7,
      receiveKbps: 1200,
    });
  });

  it('knows nothing from a report without a selected pair or media', () => {
    const { stats } = readConnectionStats(
      report({
        type: 'candidate-pair',
        nominated: false,
        state: 'in-progress',
        currentRoundTripTime: 0.01,
      }),
      null,
      1,
    );
    expect(stats).toBeNull();
  });
});
