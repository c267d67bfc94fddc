import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  accessToken,
  api,
  ApiError,
  authApi,
  errorKey,
  onRefresh,
  refreshSession,
  setRequestLocale,
} from './api-client';
import { EARLY_SESSION_ANSWER } from '../early-start/early-session';

type Reply = { status: number; body?: unknown };

const json = ({ status, body }: Reply) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: status === 401 ? 'Unauthorized' : status === 503 ? 'Service Unavailable' : '',
    headers: { 'Content-Type': 'application/json' },
  });

const statusOk = (token: string): Reply => ({
  status: 200,
  body: {
    success: true,
    data: {
      accessToken: token,
      userId: 'u1',
      isAdmin: false,
      userType: 'patient',
      isPaid: false,
      isProfileComplete: true,
    },
  },
});

const unauthorized: Reply = {
  status: 401,
  body: { success: false, message: 'Authentication required', code: 'authRequired' },
};

/** A fake server: `route` answers each call; every call is recorded with its bearer token. */
function stubFetch(
  route: (path: string, token: string | null, method: string) => Reply | Promise<Reply>,
) {
  const calls: { path: string; token: string | null; method: string; init: RequestInit }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const path = input instanceof Request ? input.url : input.toString();
    const auth = new Headers(init.headers).get('Authorization');
    const token = auth ? auth.replace(/^Bearer /, '') : null;
    const method = init.method ?? 'GET';
    calls.push({ path, token, method, init });
    return json(await route(path, token, method));
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const refreshCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/auth/status');

beforeEach(() => {
  accessToken.set(null);
  setRequestLocale('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete (window as unknown as Record<string, unknown>)[EARLY_SESSION_ANSWER];
});

describe('api client', () => {
  it('sends cookies, the bearer token, Accept-Language and a JSON body', async () => {
    accessToken.set('token-a');
    setRequestLocale('bg');
    const { calls } = stubFetch(() => ({ status: 200, body: { success: true, data: 1 } }));

    await expect(authApi.post('/api/things', { a: 1 })).resolves.toEqual({
      success: true,
      data: 1,
    });

    const { init } = calls[0]!;
    const headers = new Headers(init.headers);
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(headers.get('Authorization')).toBe('Bearer token-a');
    expect(headers.get('Accept-Language')).toBe('bg');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('names the reader’s time zone with a session only, never on a signed-out call', async () => {
    const { calls } = stubFetch(() => ({ status: 200, body: { success: true } }));
    await api.get('/auth/status');
    accessToken.set('token-a');
    await authApi.post('/api/payments/create-session', {});

    expect(new Headers(calls[0]!.init.headers).has('X-Time-Zone')).toBe(false);
    expect(new Headers(calls[1]!.init.headers).get('X-Time-Zone')).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('passes FormData through as multipart, without forcing a JSON content type', async () => {
    const { calls } = stubFetch(() => ({ status: 200, body: { success: true } }));
    const form = new FormData();
    form.set('file', 'content');

    await api.post('/api/upload', form);

    expect(calls[0]!.init.body).toBe(form);
    expect(new Headers(calls[0]!.init.headers).has('Content-Type')).toBe(false);
  });

  it('adds query parameters and leaves out empty ones', async () => {
    const { calls } = stubFetch(() => ({ status: 200, body: { success: true } }));
    await api.get('/api/availability', { query: { doctorId: 'd1', date: undefined, page: 2 } });
    expect(calls[0]!.path).toBe('/api/availability?doctorId=d1&page=2');
  });

  it('refuses an authenticated call locally when no token is held', async () => {
    const { fetchMock } = stubFetch(() => ({ status: 200 }));
    await expect(authApi.get('/api/appointments')).rejects.toMatchObject({
      statusCode: 401,
      message: 'Authentication required',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shares ONE refresh between 20 parallel requests whose token expired, then retries each', async () => {
    accessToken.set('expired');
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const { calls } = stubFetch(async (path, token) => {
      if (path === '/auth/status') {
        await refreshGate;
        return statusOk('fresh');
      }
      return token === 'fresh'
        ? { status: 200, body: { success: true, data: path } }
        : unauthorized;
    });

    const requests = Array.from({ length: 20 }, (_, i) => authApi.get(`/api/items/${i}`));
    // Let every first attempt come back 401 before the refresh answers.
    await vi.waitFor(() => expect(calls.filter((c) => c.token === 'expired')).toHaveLength(20));
    releaseRefresh();
    const results = await Promise.all(requests);

    expect(refreshCalls(calls)).toHaveLength(1);
    expect(results.map((r) => (r as { data: string }).data)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/api/items/${i}`),
    );
    expect(calls.filter((c) => c.token === 'fresh')).toHaveLength(20);
    expect(accessToken.get()).toBe('fresh');
  });

  it('retries without a second refresh when a 401 arrives after the refresh already finished', async () => {
    accessToken.set('expired');
    let slowReply!: (reply: Reply) => void;
    const { calls } = stubFetch((path, token) => {
      if (path === '/auth/status') return statusOk('fresh');
      if (path === '/api/slow' && token === 'expired') {
        return new Promise<Reply>((resolve) => (slowReply = resolve));
      }
      return token === 'fresh' ? { status: 200, body: { success: true } } : unauthorized;
    });

    const slow = authApi.get('/api/slow');
    await authApi.get('/api/fast'); // 401, refresh, retry
    slowReply(unauthorized); // this one left with the old token
    await slow;

    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('clears the token and raises "Failed to refresh token" when the refresh fails', async () => {
    accessToken.set('expired');
    const events: string[] = [];
    const stop = onRefresh((event) => events.push(event.type));
    const { calls } = stubFetch(() => unauthorized);

    const error = await authApi.get('/api/appointments').catch((e: unknown) => e);
    stop();

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ statusCode: 401, message: 'Failed to refresh token' });
    expect(accessToken.get()).toBeNull();
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls).toHaveLength(2); // the request and the refresh; no retry
    expect(events).toEqual(['started', 'failed']);
  });

  it('clears the token when the retry is refused again', async () => {
    accessToken.set('expired');
    const { calls } = stubFetch((path) =>
      path === '/auth/status' ? statusOk('fresh') : unauthorized,
    );

    await expect(authApi.get('/api/appointments')).rejects.toMatchObject({ statusCode: 401 });

    expect(accessToken.get()).toBeNull();
    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/api/appointments')).toHaveLength(2); // once retried
  });

  it('never refreshes for a 401 from an /auth/ path', async () => {
    accessToken.set('token-a');
    const { calls } = stubFetch(() => ({
      status: 401,
      body: {
        success: false,
        message: 'Email or password is incorrect',
        code: 'invalidCredentials',
      },
    }));

    await expect(api.post('/auth/login', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      statusCode: 401,
      code: 'invalidCredentials',
      message: 'Email or password is incorrect',
    });
    await expect(authApi.post('/auth/change-password', {})).rejects.toMatchObject({
      statusCode: 401,
    });

    expect(refreshCalls(calls)).toHaveLength(0);
    expect(calls).toHaveLength(2);
    expect(accessToken.get()).toBe('token-a');
  });

  it('refreshes and retries an /auth/ call that acts for the signed-in user when it opts in', async () => {
    accessToken.set('expired');
    const { calls } = stubFetch((path, token) => {
      if (path === '/auth/status') return statusOk('fresh');
      return token === 'fresh' ? { status: 200, body: { success: true } } : unauthorized;
    });

    await expect(
      authApi.put('/auth/profile', { city: 'Sofia' }, { refreshOnUnauthorized: true }),
    ).resolves.toEqual({ success: true });

    expect(refreshCalls(calls)).toHaveLength(1);
    expect(calls.filter((c) => c.path === '/auth/profile').map((c) => c.token)).toEqual([
      'expired',
      'fresh',
    ]);
  });

  it('leaves the session alone on the 401 of a call that is not the signed-in user’s (a guest’s)', async () => {
    accessToken.set('token-a');
    const { calls } = stubFetch((path) =>
      path === '/auth/status' ? statusOk('fresh') : unauthorized,
    );

    await expect(
      api.get('/api/guest/consultation', { refreshOnUnauthorized: false }),
    ).rejects.toMatchObject({ statusCode: 401 });

    expect(refreshCalls(calls)).toHaveLength(0);
    expect(calls).toHaveLength(1);
    expect(accessToken.get()).toBe('token-a');
  });

  it('builds the error from the response: status, data, message, else the status text', async () => {
    stubFetch((path) =>
      path === '/api/a'
        ? { status: 429, body: { success: false, message: 'Slow down', code: 'tooManyRequests' } }
        : { status: 503 },
    );

    await expect(api.get('/api/a')).rejects.toMatchObject({
      statusCode: 429,
      message: 'Slow down',
      code: 'tooManyRequests',
      data: { success: false, message: 'Slow down', code: 'tooManyRequests' },
    });
    await expect(api.get('/api/b')).rejects.toMatchObject({
      statusCode: 503,
      message: 'Service Unavailable',
      data: null,
    });
  });

  it('gives statusCode 0 and the error message, or "Network error", when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')));
    await expect(api.get('/api/a')).rejects.toMatchObject({
      statusCode: 0,
      message: 'Failed to fetch',
    });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValueOnce(new Error('')));
    await expect(api.get('/api/a')).rejects.toMatchObject({
      statusCode: 0,
      message: 'Network error',
    });
  });
});

describe('the session answer the document asked for (ADR 0052)', () => {
  const leaveEarlyAnswer = (answer: Promise<Response>) => {
    (window as unknown as Record<string, unknown>)[EARLY_SESSION_ANSWER] = answer;
  };

  it('is the first refresh: the token comes from it, and the server is not asked again', async () => {
    const { calls } = stubFetch(() => statusOk('token-later'));
    leaveEarlyAnswer(Promise.resolve(json(statusOk('token-early'))));

    await expect(refreshSession()).resolves.toMatchObject({ data: { accessToken: 'token-early' } });
    expect(accessToken.get()).toBe('token-early');
    expect(calls).toHaveLength(0);

    // Taken once: the refresh cookie it rotated is spent, so the next refresh asks anew.
    await refreshSession();
    expect(accessToken.get()).toBe('token-later');
    expect(refreshCalls(calls)).toHaveLength(1);
  });

  it('fails as a refresh does when it was refused or never arrived', async () => {
    stubFetch(() => statusOk('unused'));
    leaveEarlyAnswer(Promise.resolve(json(unauthorized)));
    await expect(refreshSession()).rejects.toMatchObject({
      statusCode: 401,
      message: 'Failed to refresh token',
    });
    expect(accessToken.get()).toBeNull();

    accessToken.set('stale');
    leaveEarlyAnswer(Promise.reject(new TypeError('Failed to fetch')));
    await expect(refreshSession()).rejects.toMatchObject({ statusCode: 0 });
    expect(accessToken.get()).toBeNull();
  });
});

describe('the failure body, parsed once with the shared schema', () => {
  const validation = {
    success: false,
    message: 'Please enter a valid email address',
    code: 'validationFailed',
    errors: [{ path: 'email', msg: 'Please enter a valid email address', code: 'emailInvalid' }],
  };

  it('gives the code and the field errors of an API failure answer', async () => {
    stubFetch(() => ({ status: 400, body: validation }));
    const error = await api.post('/auth/register', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      code: 'validationFailed',
      message: 'Please enter a valid email address',
      body: validation,
      fieldErrors: validation.errors,
    });
  });

  it('gives no code, no field errors and the status text for a body that is not ours', async () => {
    stubFetch(() => ({ status: 503, body: { message: 'proxy says no', code: 'serviceBusy' } }));
    const error = await api.get('/api/a').catch((e: unknown) => e);

    expect(error).toMatchObject({
      statusCode: 503,
      code: undefined,
      message: 'Service Unavailable',
      body: null,
      fieldErrors: [],
    });
  });

  it('names a failed refresh by its answer’s code, else sessionExpired', async () => {
    accessToken.set('expired');
    stubFetch(() => unauthorized);
    await expect(authApi.get('/api/a')).rejects.toMatchObject({ code: 'authRequired' });

    accessToken.set('expired');
    stubFetch((path) => (path === '/auth/status' ? { status: 502 } : unauthorized));
    await expect(authApi.get('/api/a')).rejects.toMatchObject({
      statusCode: 502,
      code: 'sessionExpired',
      message: 'Failed to refresh token',
    });
  });
});

describe('errorKey', () => {
  const KEYS = { slotTaken: 'errors.slotTaken', tooManyRequests: 'errors.tooMany' } as const;
  const refusal = (code: string) => new ApiError(409, 'x', { success: false, message: 'x', code });

  it('gives the key of a known code', () => {
    expect(errorKey(refusal('slotTaken'), KEYS, 'errors.generic')).toBe('errors.slotTaken');
    expect(errorKey(new ApiError(429, 'x', null, 'tooManyRequests'), KEYS, null)).toBe(
      'errors.tooMany',
    );
  });

  it('gives the fallback for another code, no code, or another error', () => {
    expect(errorKey(refusal('doctorNotFound'), KEYS, 'errors.generic')).toBe('errors.generic');
    // A code from a newer server, even one that names a property of every object.
    expect(errorKey(refusal('somethingNew'), KEYS, null)).toBeNull();
    expect(errorKey(refusal('constructor'), KEYS, null)).toBeNull();
    expect(errorKey(new ApiError(0, 'Network error'), KEYS, 'errors.generic')).toBe(
      'errors.generic',
    );
    expect(errorKey(new Error('boom'), KEYS, 'errors.generic')).toBe('errors.generic');
  });
});
