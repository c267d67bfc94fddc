import type { Dying } from './deployment.ts';
import type { AccessLogEntry } from './nginx.ts';

/**
 * How far nginx's stamps may stray from the kill's: nginx's $msec is its cached time, updated
 * once per pass of its event loop, and the kill is stamped just before the signal goes, so a
 * request that reached the instance as the signal landed may look a few milliseconds later.
 */
const CLOCK_SLACK_S = 0.05;

export type KillReport = {
  /** Requests nginx sent to the killed instance before it was gone and had not had answered. */
  inFlight: AccessLogEntry[];
  /** Answers of 500 or more, any request, any instance, from the kill on. */
  failed: AccessLogEntry[];
  /** Failed requests that were NOT in flight on the killed instance: must be none. */
  failedOtherwise: AccessLogEntry[];
  /** Requests nginx tried on the killed instance (refused) and then answered from another. */
  movedOn: AccessLogEntry[];
  /** Requests answered per instance after the kill. */
  answeredBy: Record<string, number>;
};

const upstreams = (entry: AccessLogEntry) => entry.upstream.split(', ').filter(Boolean);
const startOf = (entry: AccessLogEntry) => entry.msec - entry.request_time;

/** What nginx's access log says about the requests around the death of the instance `killed`. */
export function killReport(log: AccessLogEntry[], killed: string, dying: Dying): KillReport {
  const signalled = dying.signalled / 1000;
  const exited = dying.exited / 1000;
  const since = log.filter((entry) => entry.msec >= signalled - CLOCK_SLACK_S);
  const inFlight = since.filter(
    (entry) => upstreams(entry).includes(killed) && startOf(entry) <= exited + CLOCK_SLACK_S,
  );
  const failed = since.filter((entry) => entry.status >= 500);
  const failedOtherwise = failed.filter((entry) => !inFlight.includes(entry));
  const movedOn = since.filter((entry) => {
    const tried = upstreams(entry);
    return tried.length > 1 && tried[0] === killed && entry.status < 500;
  });
  const answeredBy: Record<string, number> = {};
  for (const entry of since) {
    const last = upstreams(entry).at(-1);
    if (last && entry.status < 500) answeredBy[last] = (answeredBy[last] ?? 0) + 1;
  }
  return { inFlight, failed, failedOtherwise, movedOn, answeredBy };
}
