import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_SAMPLE_MAX_BYTES } from '@vizita/shared/contracts/meeting-preflight';
import type { IceServer } from '@vizita/shared/contracts/meetings';
import {
  DOWNLOAD_TIME_LIMIT_MS,
  FIRST_SAMPLE_BYTES,
  ICE_TIMEOUT_MS,
  MIN_DOWNLOAD_KBITS,
  candidateType,
  checkIceServers,
  configuredIce,
  kbitsPerSecond,
  measureDownload,
  measureRoundTrip,
  median,
  runConnectionCheck,
  transferMs,
  type ConnectionReport,
  type DownloadSample,
} from './connection-check';
import { fakeIce } from './fake-ice';

const STUN = { urls: 'stun:stun.vizita.test:3478' };
const TURN = { urls: ['turn:turn.vizita.test:3478'], username: 'u', credential: 'c' };

/** The connection check's answer: these servers, the TURN credential not held back. */
const servers = (iceServers: IceServer[], turnNotYet = false) => ({ iceServers, turnNotYet });

/**
 * A server on a clock the test owns: each request takes `latencyMs` plus the bytes at `kbits`.
 * `now` reads the same clock.
 */
function fakeServer({ latencyMs = 20, kbits = 8000 }: { latencyMs?: number; kbits?: number }) {
  let time = 0;
  const requests: number[] = [];
  const download = vi.fn<DownloadSample>((bytes) => {
    requests.push(bytes);
    time += latencyMs + (bytes * 8) / kbits;
    return Promise.resolve(bytes);
  });
  return { download, requests, now: () => time };
}

describe('pure parts', () => {
  it('median', () => {
    expect(median([])).toBe(0);
    expect(median([5])).toBe(5);
    expect(median([30, 10, 900, 20, 25])).toBe(25);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('kbit/s from bytes and milliseconds', () => {
    // 250,000 bytes in 1 s = 2,000,000 bit/s.
    expect(kbitsPerSecond(250_000, 1000)).toBe(MIN_DOWNLOAD_KBITS);
    expect(kbitsPerSecond(1000, 0)).toBe(8000);
  });

  it('takes one round trip off the transfer time, never more than half of it', () => {
    expect(transferMs(1000, 100)).toBe(900);
    expect(transferMs(100, 90)).toBe(50);
  });

  it('tells STUN from TURN servers', () => {
    expect(configuredIce([])).toEqual({ stun: false, turn: false });
    expect(configuredIce([STUN])).toEqual({ stun: true, turn: false });
    expect(configuredIce([TURN])).toEqual({ stun: false, turn: true });
    expect(configuredIce([{ urls: ['stuns:a', 'turns:b:5349?transport=tcp'] }])).toEqual({
      stun: true,
      turn: true,
    });
  });

  it('reads a candidate’s type, from its line where the field is missing', () => {
    expect(candidateType({ type: 'relay', candidate: '' })).toBe('relay');
    expect(
      candidateType({ candidate: 'candidate:1 1 udp 1 203.0.113.7 5000 typ srflx raddr' }),
    ).toBe('srflx');
    expect(candidateType({ candidate: 'garbage' })).toBeNull();
  });
});

describe('measureRoundTrip', () => {
  it('is the median of five empty requests', async () => {
    const server = fakeServer({ latencyMs: 30 });
    expect(await measureRoundTrip(server.download, { now: server.now })).toBe(30);
    expect(server.requests).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('measureDownload', () => {
  it('times the whole sample when the first came quickly', async () => {
    const server = fakeServer({ latencyMs: 20, kbits: 8000 });
    const result = await measureDownload(server.download, 20, { now: server.now });
    expect(server.requests).toEqual([FIRST_SAMPLE_BYTES, DOWNLOAD_SAMPLE_MAX_BYTES]);
    expect(result).toEqual({ kbits: 8000, enough: true, timedOut: false });
  });

  it('says a slow link is below 2,000 kbit/s from the first sample alone', async () => {
    const server = fakeServer({ latencyMs: 50, kbits: 1500 });
    const result = await measureDownload(server.download, 50, { now: server.now });
    expect(server.requests).toEqual([FIRST_SAMPLE_BYTES]);
    expect(result).toEqual({ kbits: 1500, enough: false, timedOut: false });
  });

  describe('with a sample that takes too long', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('stops it and reports the rate as at most what it would have needed', async () => {
      let aborted = false;
      const download: DownloadSample = (_bytes, signal) =>
        new Promise((_, reject) =>
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          }),
        );
      const pending = measureDownload(download, 20);
      await vi.advanceTimersByTimeAsync(DOWNLOAD_TIME_LIMIT_MS);
      expect(await pending).toEqual({
        kbits: kbitsPerSecond(FIRST_SAMPLE_BYTES, DOWNLOAD_TIME_LIMIT_MS),
        enough: false,
        timedOut: true,
      });
      expect(aborted).toBe(true);
    });
  });

  it('fails when the download fails (not a time-out)', async () => {
    const download: DownloadSample = () => Promise.reject(new Error('offline'));
    await expect(measureDownload(download, 20)).rejects.toThrow('offline');
  });
});

describe('checkIceServers', () => {
  it('says which servers answered: srflx from STUN, relay from TURN', async () => {
    const create = fakeIce(['host', 'srflx', 'relay']);
    expect(await checkIceServers([STUN, TURN], create)).toEqual({
      stun: 'answered',
      turn: 'answered',
    });
    expect(create.made[0]!.config.iceServers).toEqual([STUN, TURN]);
    expect(create.made[0]!.channels).toHaveLength(1);
    expect(create.made[0]!.closed).toBe(true);
  });

  it('says which did not answer once gathering is complete', async () => {
    expect(await checkIceServers([STUN, TURN], fakeIce(['host', 'srflx']))).toEqual({
      stun: 'answered',
      turn: 'noAnswer',
    });
    expect(await checkIceServers([TURN], fakeIce(['host']))).toEqual({
      stun: 'notConfigured',
      turn: 'noAnswer',
    });
  });

  it('needs no peer connection when nothing is configured, and says when WebRTC is missing', async () => {
    const create = fakeIce([]);
    expect(await checkIceServers([], create)).toEqual({
      stun: 'notConfigured',
      turn: 'notConfigured',
    });
    expect(create.made).toEqual([]);
    expect(await checkIceServers([STUN], null)).toEqual({
      stun: 'unsupported',
      turn: 'notConfigured',
    });
  });

  describe('with servers that never answer', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('gives up after the time-out', async () => {
      const create = fakeIce(['host'], false);
      const pending = checkIceServers([STUN, TURN], create);
      await vi.advanceTimersByTimeAsync(ICE_TIMEOUT_MS);
      expect(await pending).toEqual({ stun: 'noAnswer', turn: 'noAnswer' });
      expect(create.made[0]!.closed).toBe(true);
    });
  });
});

describe('runConnectionCheck', () => {
  it('reports each part as it ends', async () => {
    const server = fakeServer({ latencyMs: 10, kbits: 50_000 });
    const updates: ConnectionReport[] = [];
    const report = await runConnectionCheck(
      { iceServers: () => Promise.resolve(servers([STUN])), download: server.download },
      (r) => updates.push(r),
      { createPeerConnection: fakeIce(['srflx']), now: server.now },
    );
    expect(report).toEqual({
      roundTrip: { status: 'done', result: { ms: 10, slow: false } },
      download: { status: 'done', result: { kbits: 50_000, enough: true, timedOut: false } },
      ice: { status: 'done', result: { stun: 'answered', turn: 'notConfigured' } },
    });
    expect(updates).toHaveLength(3);
    expect(updates.at(-1)).toEqual(report);
  });

  it('says that TURN is checked once the call opens when the server holds its credential back', async () => {
    const server = fakeServer({ latencyMs: 10, kbits: 50_000 });
    const report = await runConnectionCheck(
      { iceServers: () => Promise.resolve(servers([STUN], true)), download: server.download },
      () => {},
      { createPeerConnection: fakeIce(['srflx']), now: server.now },
    );
    expect(report.ice).toEqual({ status: 'done', result: { stun: 'answered', turn: 'notYet' } });
  });

  it('says what could not be checked', async () => {
    const report = await runConnectionCheck(
      {
        iceServers: () => Promise.reject(new Error('429')),
        download: () => Promise.reject(new Error('offline')),
      },
      () => {},
      { createPeerConnection: fakeIce([]) },
    );
    expect(report).toEqual({
      roundTrip: { status: 'failed' },
      download: { status: 'failed' },
      ice: { status: 'failed' },
    });
  });

  it('reports nothing once aborted', async () => {
    const controller = new AbortController();
    const server = fakeServer({});
    const onUpdate = vi.fn();
    const pending = runConnectionCheck(
      { iceServers: () => Promise.resolve(servers([])), download: server.download },
      onUpdate,
      { createPeerConnection: fakeIce([]), now: server.now, signal: controller.signal },
    );
    controller.abort();
    await pending;
    expect(onUpdate).not.toHaveBeenCalled();
  });
});
