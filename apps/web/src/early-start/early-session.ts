// The session answer the document's head asked for (early-start.ts, ADR 0052), handed to the app.

/** GET /auth/status: the refresh call (spec §7). */
export const REFRESH_PATH = '/auth/status';

/** The global under which the head's script leaves its request: a `Promise<Response>`. */
export const EARLY_SESSION_ANSWER = '__vizitaSessionAnswer';

/**
 * The session answer the head asked for, once: the first refresh of the page's life takes it
 * (the one at the app's start), and every later one asks the server anew — the refresh cookie
 * that answer rotated is spent.
 */
export function takeEarlySessionAnswer(
  target: Record<string, unknown> = window as unknown as Record<string, unknown>,
): Promise<Response> | undefined {
  const answer = target[EARLY_SESSION_ANSWER];
  if (!(answer instanceof Promise)) return undefined;
  delete target[EARLY_SESSION_ANSWER];
  return answer as Promise<Response>;
}
