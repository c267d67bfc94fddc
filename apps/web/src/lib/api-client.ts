import { DEFAULT_LOCALE } from '@vizita/shared/constants';
import {
  apiErrorSchema,
  type ApiErrorBody,
  type FieldError,
} from '@vizita/shared/contracts/api-response';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { REFRESH_PATH, takeEarlySessionAnswer } from '../early-start/early-session';
import { viewerTimeZone } from './viewer-zone';

// The only module of the app that calls fetch (STYLE.md §2); the document's head asks for the
// session before the app runs, and this module takes that answer (early-start/, ADR 0052). Paths
// are relative: in development Vite proxies them to the API, in production the API serves this
// app from the same origin.

const REFRESH_FAILED_MESSAGE = 'Failed to refresh token'; // spec §8 Token refresh
const NETWORK_ERROR_MESSAGE = 'Network error'; // spec §8 Generic request failure
const AUTH_REQUIRED_MESSAGE = 'Authentication required'; // spec §6

/**
 * A failed call (spec §8): HTTP status (0 for a network failure), and the failure body parsed once
 * with the shared `apiErrorSchema` (STYLE.md 9b) — its code and its field errors.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  /**
   * The body as it came. Only for a refusal that carries more than the common shape (a schedule
   * conflict's `conflicts`): parse it with that refusal's shared schema, never cast it.
   */
  readonly data: unknown;
  /** The body, if it is one of the API's failure answers; null otherwise (a proxy's page, none). */
  readonly body: ApiErrorBody | null;
  /** The body's code, else the one the client names itself (`authRequired`, `sessionExpired`). */
  readonly code: ApiErrorCode | undefined;
  /** The field errors of a 4xx (spec §8 `errors: [{ path, msg }]`; `code` is a validation key). */
  readonly fieldErrors: readonly FieldError[];

  constructor(statusCode: number, message: string, data: unknown = null, code?: ApiErrorCode) {
    super(message);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.data = data;
    const parsed = apiErrorSchema.safeParse(data);
    this.body = parsed.success ? parsed.data : null;
    // The server answers only the codes of the shared API_ERRORS (its ApiError takes an
    // ApiErrorCode); checking them here would put every English message on the first page. A code
    // from a server newer than this build is in no screen's map, so it gets the screen's fallback.
    this.code = this.body ? (this.body.code as ApiErrorCode) : code;
    this.fieldErrors = this.body?.errors ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The text key that `keys` gives the failure's code, else `fallback`. Each screen's map is written
 * `satisfies Partial<Record<ApiErrorCode, string>>`, so a renamed code fails to compile instead of
 * silently showing the generic text (STYLE.md 9b).
 */
export function errorKey<K extends string, F extends string | null>(
  error: unknown,
  keys: Partial<Record<ApiErrorCode, K>>,
  fallback: F,
): K | F {
  const code = isApiError(error) ? error.code : undefined;
  const key = code !== undefined && Object.hasOwn(keys, code) ? keys[code] : undefined;
  return key ?? fallback;
}

// --- the access token, held in memory only (the refresh token is an httpOnly cookie) ---------

type TokenListener = (token: string | null) => void;
let currentToken: string | null = null;
const tokenListeners = new Set<TokenListener>();

export const accessToken = {
  get: (): string | null => currentToken,
  /** An empty token means signed out (spec §4 Session). */
  set(token: string | null | undefined): void {
    const next = token ? token : null;
    if (next === currentToken) return;
    currentToken = next;
    for (const listener of tokenListeners) listener(next);
  },
  subscribe(listener: TokenListener): () => void {
    tokenListeners.add(listener);
    return () => tokenListeners.delete(listener);
  },
};

// --- refresh lifecycle, observed by the session store -------------------------------------------

export type RefreshEvent =
  { type: 'started' } | { type: 'succeeded'; body: unknown } | { type: 'failed'; error: ApiError };

const refreshListeners = new Set<(event: RefreshEvent) => void>();

export function onRefresh(listener: (event: RefreshEvent) => void): () => void {
  refreshListeners.add(listener);
  return () => refreshListeners.delete(listener);
}

function emitRefresh(event: RefreshEvent): void {
  for (const listener of refreshListeners) listener(event);
}

// --- the language the server should answer in (mails are sent in it) ---------------------------

let requestLocale: string = DEFAULT_LOCALE;

export function setRequestLocale(locale: string): void {
  requestLocale = locale;
}

// --- requests -----------------------------------------------------------------------------------

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** JSON-serialised, or sent as multipart when it is a FormData. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Whether a 401 is an expired access token that a refresh cures (refresh, then retry once).
   * By default: outside /auth/. `true` for the calls under /auth/ that act for the signed-in user
   * (profile, change password): a form left open longer than the token lives must still submit;
   * login, status and logout keep the spec's rule, because their 401 is one a refresh cannot
   * cure. `false` for calls that are not the signed-in user's at all (a guest's, by cookie).
   */
  refreshOnUnauthorized?: boolean;
  /** 'blob' for a file download: a successful answer is returned as a Blob, not parsed. */
  responseType?: 'json' | 'blob';
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Sent {
  response: Response;
  data: unknown;
  tokenUsed: string | null;
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[name] : null;
}

function errorFrom(response: Response, data: unknown): ApiError {
  const error = new ApiError(response.status, response.statusText, data);
  if (error.body?.message) error.message = error.body.message;
  return error;
}

async function send(method: Method, path: string, options: RequestOptions): Promise<Sent> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Language', requestLocale);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser writes the multipart boundary into Content-Type itself.
    body = options.body;
  } else if (options.body instanceof Blob) {
    // A file sent as it is (a photo, a document): its own type names the format.
    body = options.body;
    headers.set('Content-Type', options.body.type || 'application/octet-stream');
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set('Content-Type', 'application/json');
  }

  const tokenUsed = currentToken;
  if (tokenUsed) {
    headers.set('Authorization', `Bearer ${tokenUsed}`);
    // The patient's own zone, stored with her booking: her mails name times in it (ADR 0019).
    // Only with a session: the first `Intl` call loads the zone data, tens of milliseconds on a
    // phone that a signed-out first page should not spend before its first paint (ADR 0048).
    headers.set('X-Time-Zone', viewerTimeZone());
  }

  const request = fetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
  return receive(request, tokenUsed, options);
}

/** An answer as the callers take it: a request that got none fails with status 0. */
async function receive(
  request: Promise<Response>,
  tokenUsed: string | null,
  options: Pick<RequestOptions, 'signal' | 'responseType'>,
): Promise<Sent> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    // Cancellation is not a failure of the call; let the caller (TanStack Query) see it as such.
    if (options.signal?.aborted) throw error;
    const message = error instanceof Error && error.message ? error.message : NETWORK_ERROR_MESSAGE;
    throw new ApiError(0, message);
  }
  const data =
    options.responseType === 'blob' && response.ok
      ? await response.blob()
      : await readBody(response);
  return { response, data, tokenUsed };
}

let refreshInFlight: Promise<unknown> | null = null;

/**
 * GET /auth/status: the refresh cookie buys a new access token and the session (spec §7).
 * Single-flight — every caller during a refresh shares the one request (spec §4). On failure the
 * token is cleared and "Failed to refresh token" is raised.
 */
export function refreshSession(): Promise<unknown> {
  refreshInFlight ??= (async () => {
    emitRefresh({ type: 'started' });
    try {
      // At the page's start, the answer the document's head asked for (ADR 0052).
      const early = takeEarlySessionAnswer();
      const { response, data } = await (early
        ? receive(early, null, {})
        : send('GET', REFRESH_PATH, {}));
      const token = field(field(data, 'data'), 'accessToken');
      if (!response.ok || typeof token !== 'string' || !token) {
        throw new ApiError(
          response.ok ? 401 : response.status,
          REFRESH_FAILED_MESSAGE,
          data,
          'sessionExpired',
        );
      }
      accessToken.set(token);
      emitRefresh({ type: 'succeeded', body: data });
      return data;
    } catch (error) {
      const failure =
        error instanceof ApiError
          ? error
          : new ApiError(0, REFRESH_FAILED_MESSAGE, null, 'sessionExpired');
      accessToken.set(null);
      emitRefresh({ type: 'failed', error: failure });
      throw failure;
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

async function request<T>(
  method: Method,
  path: string,
  options: RequestOptions,
  requireAuth: boolean,
): Promise<T> {
  if (requireAuth && !currentToken) {
    throw new ApiError(401, AUTH_REQUIRED_MESSAGE, null, 'authRequired');
  }
  const first = await send(method, path, options);
  const mayRefresh = options.refreshOnUnauthorized ?? !path.includes('/auth/');
  if (first.response.status !== 401 || !mayRefresh) {
    if (!first.response.ok) throw errorFrom(first.response, first.data);
    return first.data as T;
  }

  // 401 outside /auth/ (or from a call that opted in): refresh once, retry once (spec §7). A
  // request that left with an older token than the one now held was overtaken by a refresh that
  // already finished: just retry. (Other /auth/ calls answer 401 for wrong credentials or a dead
  // refresh cookie, which a refresh cannot cure.)
  const alreadyRefreshed = currentToken !== null && currentToken !== first.tokenUsed;
  if (!alreadyRefreshed) await refreshSession();

  const retry = await send(method, path, options);
  if (retry.response.status === 401) accessToken.set(null);
  if (!retry.response.ok) throw errorFrom(retry.response, retry.data);
  return retry.data as T;
}

function verbs(requireAuth: boolean) {
  return {
    get: <T = unknown>(path: string, options: Omit<RequestOptions, 'body'> = {}) =>
      request<T>('GET', path, options, requireAuth),
    post: <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>('POST', path, { ...options, body }, requireAuth),
    put: <T = unknown>(path: string, body?: unknown, options: RequestOptions = {}) =>
      request<T>('PUT', path, { ...options, body }, requireAuth),
    delete: <T = unknown>(path: string, options: RequestOptions = {}) =>
      request<T>('DELETE', path, options, requireAuth),
  };
}

/** Calls anyone may make (spec §6: validation, resend, forgot and reset password, login). */
export const api = verbs(false);

/** Calls on behalf of the signed-in user; refused locally when no token is held (spec §6). */
export const authApi = verbs(true);
