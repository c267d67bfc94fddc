// A read that a route starts as it matches, while its page's code is still on the way: the page's
// query then takes the answer over instead of asking once it has rendered, a round trip and a
// render later (ADR 0048). Only for reads that need no session (the session restore has not
// answered yet when the route matches). An answer not taken over within FRESH_MS is dropped, so a
// page that opens later reads afresh.

const FRESH_MS = 10_000;

type Started = { at: number; answer: Promise<unknown> };

const started = new Map<string, Started>();

const isFresh = (early: Started | undefined): early is Started =>
  early !== undefined && Date.now() - early.at < FRESH_MS;

/**
 * Starts `read` now and keeps its answer under `key` for the page that will want it — unless a
 * read started under `key` is still waiting, fresh: a route's loader runs again when the router
 * revalidates (app/synced-router-provider.tsx), and the page takes one answer, not two.
 */
export function startEarly(key: string, read: () => Promise<unknown>): void {
  if (isFresh(started.get(key))) return;
  const answer = read();
  // Reported by the query that takes it over, as its own failure would be; never unhandled.
  answer.catch(() => {});
  started.set(key, { at: Date.now(), answer });
}

/** The answer started early under `key` if it is fresh, else a new `read`; either way only once. */
export function takeEarly<T>(key: string, read: () => Promise<T>): Promise<T> {
  const early = started.get(key);
  started.delete(key);
  return isFresh(early) ? (early.answer as Promise<T>) : read();
}
