import { LOGIN_DEVICE_LABEL } from '@vizita/shared/constants';
import type { Session } from '@vizita/shared/contracts/sign-in';
import { accessToken, api, isApiError, onRefresh } from '../../lib/api-client';
import { REFRESH_PATH } from '../../early-start/early-session';
import { mayHaveSession } from '../../lib/session-marker';
import { getAuthStatus, readSession } from './api/get-auth-status';

/** The signed-in user as the client keeps it (spec §3 Session). */
export interface SessionUser {
  userId: string;
  isAdmin: boolean;
  userType: string;
  isPaid: boolean;
  isProfileComplete: boolean;
  /** `required`: a doctor or admin who must set up two-factor sign-in before anything else. */
  twoFactor: Session['twoFactor'];
  /** A patient's legal documents with a new version to accept before going on (ADR 0024). */
  consentsDue: Session['consentsDue'];
}

export interface LoginError {
  status: number;
  data: unknown;
}

/** Spec §3 Session, plus the derived hasPaid. */
export interface SessionState {
  accessToken: string | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** The device label sent at login (spec §7). */
  clientIp: string;
  user: SessionUser | null;
  initialized: boolean;
  refreshing: boolean;
  lastLoginError: LoginError | null;
  hasPaid: boolean;
  /** Why the last session ended, when the welcome page has something to say about it. */
  endedBecause: 'accountDeleted' | null;
}

const signedOut = {
  accessToken: null,
  isAuthenticated: false,
  isAdmin: false,
  user: null,
  hasPaid: false,
} as const;

const initialState: SessionState = {
  ...signedOut,
  clientIp: LOGIN_DEVICE_LABEL,
  initialized: false,
  refreshing: false,
  lastLoginError: null,
  endedBecause: null,
};

let state: SessionState = initialState;
const listeners = new Set<() => void>();

function setState(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function userFrom(session: Session): SessionUser {
  return {
    userId: session.userId,
    isAdmin: session.isAdmin,
    userType: session.userType.toLowerCase(),
    isPaid: session.isPaid,
    isProfileComplete: session.isProfileComplete,
    twoFactor: session.twoFactor,
    consentsDue: session.consentsDue,
  };
}

function signedInAs(user: SessionUser, token: string | null): Partial<SessionState> {
  return {
    accessToken: token,
    isAuthenticated: true,
    isAdmin: user.isAdmin,
    user,
    hasPaid: user.isPaid,
  };
}

const signedIn = (session: Session) => signedInAs(userFrom(session), session.accessToken);

export function getSessionState(): SessionState {
  return state;
}

export function subscribeToSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The API client owns the token and the refresh; the store mirrors both so the UI can react.
accessToken.subscribe((token) => {
  if (token === state.accessToken) return;
  // Clearing the token (failed refresh, 401 after retry) signs the user out (spec §4, §8).
  setState(token ? { accessToken: token } : { ...signedOut });
});

onRefresh((event) => {
  switch (event.type) {
    case 'started':
      setState({ refreshing: true });
      break;
    case 'succeeded': {
      const session = readSession(event.body);
      setState(session ? { ...signedIn(session), refreshing: false } : { refreshing: false });
      break;
    }
    case 'failed':
      setState({ ...signedOut, refreshing: false });
      break;
  }
});

/** Sets the session from a successful login answer (spec §4: a token means authenticated). */
export function startSession(session: Session): void {
  accessToken.set(session.accessToken);
  setState({ ...signedIn(session), lastLoginError: null, endedBecause: null });
}

/** Keeps the status and body of a failed login (spec §8 Login). */
export function recordLoginError(error: unknown): void {
  setState({
    lastLoginError: isApiError(error)
      ? { status: error.statusCode, data: error.data }
      : { status: 0, data: null },
  });
}

/** GET /auth/status: a new access token and fresh user flags; single-flight (spec §4). */
export async function refreshAuthStatus(): Promise<SessionState> {
  await getAuthStatus();
  return state;
}

/**
 * Signs out locally: no token, no user. Used by logout whatever the server answered, and once the
 * account is deleted (`because`, which the welcome page the guards lead to then says).
 */
export function clearSession(because: SessionState['endedBecause'] = null): void {
  accessToken.set(null);
  setState({ ...signedOut, refreshing: false, endedBecause: because });
}

let initialization: Promise<void> | null = null;

/**
 * A session from before the marker existed (ADR 0049; such sessions end by 2026-12-28, the
 * refresh cookie's 30 days): asked for once the page has loaded, past its first paint. The answer
 * sets the marker; the page then loads again and restores the session the usual way. A visitor's
 * answer is an empty 204. Through the plain client: this must not touch the session store, where
 * a sign-in may be under way.
 */
function findSessionWithoutMarker(): void {
  const ask = () =>
    void api.get(REFRESH_PATH).then(
      (body) => {
        if (readSession(body)) window.location.reload();
      },
      () => {},
    );
  if (document.readyState === 'complete') ask();
  else window.addEventListener('load', ask, { once: true });
}

/**
 * Restores the session once at start from the refresh cookie (spec §4). A failure is expected
 * for visitors who are not signed in: it clears the session and only logs a warning (spec §7).
 * Without the session marker there is nobody to restore, and nothing to wait for: the first page
 * of a visitor paints without a round trip to the server first (ADR 0049).
 */
export function initializeSession(): Promise<void> {
  if (initialization) return initialization;
  if (!mayHaveSession(document.cookie)) {
    setState({ initialized: true });
    findSessionWithoutMarker();
    initialization = Promise.resolve();
    return initialization;
  }
  initialization = getAuthStatus()
    .then(
      () => undefined,
      (error: unknown) => {
        console.warn('Session not restored:', error instanceof Error ? error.message : error);
        clearSession();
      },
    )
    .finally(() => setState({ initialized: true }));
  return initialization;
}

/**
 * The session the build renders a patient's page with (src/prerender, ADR 0055): signed in, no
 * token — the build calls nothing — and known, so the guards and the page render as they will
 * for her. Never called in a browser.
 */
export function assumeSessionForPrerender(user: SessionUser): void {
  initialization = Promise.resolve();
  setState({ ...signedInAs(user, null), initialized: true });
}

/** Back to the state of a fresh page load; for tests. */
export function resetSessionForTests(): void {
  initialization = null;
  accessToken.set(null);
  state = initialState;
  for (const listener of listeners) listener();
}
