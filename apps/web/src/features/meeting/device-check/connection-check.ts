import {
  DOWNLOAD_SAMPLE_MAX_BYTES,
  type ConnectionCheck,
} from '@vizita/shared/contracts/meeting-preflight';
import type { IceServer } from '@vizita/shared/contracts/meetings';

/**
 * The download rate a video consultation needs: 2,000 kbit/s. German statutory care sets it in
 * the KBV and GKV-Spitzenverband's agreement on the technical procedures of the video
 * consultation (Anlage 31b BMV-Ä), as the KVs pass it on to practices: "Es muss mindestens eine
 * Bandbreite von 2.000 kbit/s im Download zur Verfügung stehen" (KV Bayerns, "Videosprechstunde").
 */
export const MIN_DOWNLOAD_KBITS = 2000;

/** Round trips timed; their median, so one slow first request (a new connection) counts little. */
export const ROUND_TRIP_PROBES = 5;

/** Above this the call takes noticeably long to set up, and the chat lags. */
export const SLOW_ROUND_TRIP_MS = 400;

/**
 * The first download sample: 256 KiB take about a second at the 2,000 kbit/s a consultation
 * needs. Only when it came faster is the whole (1 MiB) sample timed too, for a steadier figure.
 */
export const FIRST_SAMPLE_BYTES = 256 * 1024;
export const QUICK_SAMPLE_MS = 1000;

/** A sample still running after this is stopped: the rate is then at most what it would imply. */
export const DOWNLOAD_TIME_LIMIT_MS = 10_000;

/** How long the STUN and TURN servers have to answer; they answer in well under a second. */
export const ICE_TIMEOUT_MS = 5000;

/** Downloads `bytes` of the server's sample; resolves with how many arrived. */
export type DownloadSample = (bytes: number, signal: AbortSignal) => Promise<number>;

export interface ConnectionSources {
  /**
   * The ICE servers a join would use, with a credential for the check; and whether the TURN
   * credential is held back until the call opens.
   */
  iceServers: () => Promise<ConnectionCheck>;
  download: DownloadSample;
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Bytes in milliseconds as kbit/s (bits per millisecond are kilobits per second). */
export function kbitsPerSecond(bytes: number, ms: number): number {
  return Math.round((bytes * 8) / Math.max(ms, 1));
}

/**
 * The time the body took to arrive: the request's time less one round trip (asking and the
 * first byte), but never less than half of it — a round trip measured high must not make a slow
 * download look fast.
 */
export function transferMs(totalMs: number, roundTripMs: number): number {
  return Math.max(totalMs - roundTripMs, totalMs / 2);
}

type Now = () => number;
const performanceNow: Now = () => performance.now();

/** A signal aborted with `outer` or after `ms`; `dispose` clears the timer. */
function timedSignal(outer: AbortSignal | undefined, ms: number | null) {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort();
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    ms === null
      ? null
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose() {
      if (timer !== null) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/** The median time of `count` empty requests to the server, in milliseconds. */
export async function measureRoundTrip(
  download: DownloadSample,
  {
    now = performanceNow,
    count = ROUND_TRIP_PROBES,
    signal,
  }: {
    now?: Now;
    count?: number;
    signal?: AbortSignal;
  } = {},
): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = now();
    await download(0, signal ?? new AbortController().signal);
    times.push(now() - started);
  }
  return Math.round(median(times));
}

export interface DownloadResult {
  kbits: number;
  /** At least MIN_DOWNLOAD_KBITS. */
  enough: boolean;
  /** The sample did not arrive in time: the rate is at most `kbits`. */
  timedOut: boolean;
}

/**
 * The download rate from the server: the first sample, and the whole one when the first came
 * quickly. A sample that takes longer than DOWNLOAD_TIME_LIMIT_MS is stopped; what it would have
 * needed is then an upper bound, far below the threshold.
 */
export async function measureDownload(
  download: DownloadSample,
  roundTripMs: number,
  {
    now = performanceNow,
    timeLimitMs = DOWNLOAD_TIME_LIMIT_MS,
    signal,
  }: {
    now?: Now;
    timeLimitMs?: number;
    signal?: AbortSignal;
  } = {},
): Promise<DownloadResult> {
  const sample = async (bytes: number) => {
    const timed = timedSignal(signal, timeLimitMs);
    const started = now();
    try {
      const received = await download(bytes, timed.signal);
      const ms = now() - started;
      return { ms, kbits: kbitsPerSecond(received, transferMs(ms, roundTripMs)), timedOut: false };
    } catch (error) {
      if (!timed.timedOut()) throw error;
      return { ms: timeLimitMs, kbits: kbitsPerSecond(bytes, timeLimitMs), timedOut: true };
    } finally {
      timed.dispose();
    }
  };
  let result = await sample(FIRST_SAMPLE_BYTES);
  if (!result.timedOut && result.ms < QUICK_SAMPLE_MS) {
    const whole = await sample(DOWNLOAD_SAMPLE_MAX_BYTES);
    if (!whole.timedOut) result = whole;
  }
  return {
    kbits: result.kbits,
    enough: !result.timedOut && result.kbits >= MIN_DOWNLOAD_KBITS,
    timedOut: result.timedOut,
  };
}

/**
 * Whether a STUN or TURN server answered: `answered`, `noAnswer` in time, `notConfigured` (none
 * of that kind is set up), or `unsupported` (no WebRTC in this browser).
 */
export type IceOutcome = 'answered' | 'noAnswer' | 'notConfigured' | 'unsupported';

export interface IceReport {
  stun: IceOutcome;
  /** `notYet`: the server gives its TURN credential only once the call opens (ADR 0014). */
  turn: IceOutcome | 'notYet';
}

/** Which kinds of ICE server the list names: stun:/stuns: and turn:/turns: URLs. */
export function configuredIce(servers: readonly IceServer[]): { stun: boolean; turn: boolean } {
  const urls = servers.flatMap((s) => (Array.isArray(s.urls) ? s.urls : [s.urls]));
  return {
    stun: urls.some((u) => /^stuns?:/i.test(u)),
    turn: urls.some((u) => /^turns?:/i.test(u)),
  };
}

/**
 * A candidate's type: `host`, `srflx` (a STUN server told us our public address), `relay` (a
 * TURN server gave us a relay) or `prflx`; from the candidate line where `type` is missing.
 */
export function candidateType(candidate: { candidate: string; type?: string | null }) {
  return candidate.type ?? /\styp\s+(\w+)/.exec(candidate.candidate)?.[1] ?? null;
}

export type CreatePeerConnection = (config: RTCConfiguration) => RTCPeerConnection;

/** The browser's RTCPeerConnection, or null where there is none. */
export function browserPeerConnection(): CreatePeerConnection | null {
  if (typeof RTCPeerConnection === 'undefined') return null;
  return (config) => new RTCPeerConnection(config);
}

/**
 * Asks the servers for candidates as a call would (a data channel is enough to gather): a
 * `srflx` candidate means a STUN server answered, a `relay` one that a TURN server did. Ends when
 * gathering is complete, when everything configured has answered, or after `timeoutMs`. A
 * device with a public address of its own gets no `srflx` candidate (it would equal the host
 * one), so a STUN "no answer" there is no problem; the page says the call may still connect.
 */
export async function checkIceServers(
  servers: readonly IceServer[],
  createPeerConnection: CreatePeerConnection | null,
  { timeoutMs = ICE_TIMEOUT_MS, signal }: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<IceReport> {
  const configured = configuredIce(servers);
  if (!configured.stun && !configured.turn) return { stun: 'notConfigured', turn: 'notConfigured' };
  if (!createPeerConnection) {
    return {
      stun: configured.stun ? 'unsupported' : 'notConfigured',
      turn: configured.turn ? 'unsupported' : 'notConfigured',
    };
  }
  const seen = new Set<string>();
  const outcome = (kind: 'stun' | 'turn', type: string): IceOutcome =>
    !configured[kind] ? 'notConfigured' : seen.has(type) ? 'answered' : 'noAnswer';
  const report = () => ({ stun: outcome('stun', 'srflx'), turn: outcome('turn', 'relay') });

  const pc = createPeerConnection({ iceServers: [...servers], iceCandidatePoolSize: 0 });
  try {
    await new Promise<void>((resolve, reject) => {
      const timed = timedSignal(signal, timeoutMs);
      const finish = () => {
        timed.dispose();
        resolve();
      };
      timed.signal.addEventListener('abort', finish, { once: true });
      pc.addEventListener('icecandidate', (event) => {
        if (!event.candidate) return finish();
        const type = candidateType(event.candidate);
        if (type) seen.add(type);
        const now = report();
        if (now.stun !== 'noAnswer' && now.turn !== 'noAnswer') finish();
      });
      pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState === 'complete') finish();
      });
      pc.createDataChannel('connection-check');
      pc.createOffer()
        .then((offer) => pc.setLocalDescription(offer))
        .catch((error: unknown) => {
          timed.dispose();
          reject(error instanceof Error ? error : new Error(String(error)));
        });
    });
  } finally {
    pc.close();
  }
  return report();
}

/** One part of the check: still running, its result, or it could not be done. */
export type CheckItem<T> =
  { status: 'pending' } | { status: 'done'; result: T } | { status: 'failed' };

export interface ConnectionReport {
  roundTrip: CheckItem<{ ms: number; slow: boolean }>;
  download: CheckItem<DownloadResult>;
  ice: CheckItem<IceReport>;
}

export const PENDING_REPORT: ConnectionReport = {
  roundTrip: { status: 'pending' },
  download: { status: 'pending' },
  ice: { status: 'pending' },
};

/**
 * The whole connection check: the round trip, then the download (timed one after the other, so
 * neither slows the other), and meanwhile the STUN/TURN servers. `onUpdate` hears of every part
 * as it ends; nothing more is reported once `signal` aborts.
 */
export async function runConnectionCheck(
  sources: ConnectionSources,
  onUpdate: (report: ConnectionReport) => void,
  {
    createPeerConnection = browserPeerConnection(),
    now = performanceNow,
    signal,
  }: { createPeerConnection?: CreatePeerConnection | null; now?: Now; signal?: AbortSignal } = {},
): Promise<ConnectionReport> {
  let report = PENDING_REPORT;
  const update = (change: Partial<ConnectionReport>) => {
    report = { ...report, ...change };
    if (!signal?.aborted) onUpdate(report);
  };
  const options = { now, ...(signal ? { signal } : {}) };

  const timing = (async () => {
    let roundTripMs: number;
    try {
      roundTripMs = await measureRoundTrip(sources.download, options);
      update({
        roundTrip: {
          status: 'done',
          result: { ms: roundTripMs, slow: roundTripMs > SLOW_ROUND_TRIP_MS },
        },
      });
    } catch {
      // The server could not be reached: the download cannot be either.
      update({ roundTrip: { status: 'failed' }, download: { status: 'failed' } });
      return;
    }
    try {
      update({
        download: {
          status: 'done',
          result: await measureDownload(sources.download, roundTripMs, options),
        },
      });
    } catch {
      update({ download: { status: 'failed' } });
    }
  })();

  const ice = (async () => {
    try {
      const { iceServers, turnNotYet } = await sources.iceServers();
      const result: IceReport = await checkIceServers(
        iceServers,
        createPeerConnection,
        signal ? { signal } : {},
      );
      if (turnNotYet && result.turn === 'notConfigured') result.turn = 'notYet';
      update({ ice: { status: 'done', result } });
    } catch {
      update({ ice: { status: 'failed' } });
    }
  })();

  await Promise.all([timing, ice]);
  return report;
}
