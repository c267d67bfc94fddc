import { SESSION_MARKER_COOKIE } from '@vizita/shared/constants';

/**
 * Whether this browser may hold a session: the marker the server sets beside the refresh cookie,
 * which scripts may read and the refresh cookie itself is not (ADR 0049).
 */
export function mayHaveSession(cookie: string): boolean {
  const name = `${SESSION_MARKER_COOKIE}=`;
  return cookie.split(';').some((pair) => pair.trim().startsWith(name));
}
