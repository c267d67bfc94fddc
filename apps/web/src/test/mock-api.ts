import { vi } from 'vitest';

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status: number; body?: unknown } | Promise<{ status: number; body?: unknown }>;
type Handler = (call: RecordedCall) => Reply;

/**
 * Stubs fetch (outside our code) with a small fake of the API: handlers keyed by
 * "METHOD /path" (query string excluded). Unknown calls answer 404 so a test sees them fail.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      headers: new Headers(init.headers),
      body,
    };
    calls.push(call);
    const handler = handlers[`${method} ${url.pathname}`];
    const reply = handler
      ? await handler(call)
      : { status: 404, body: { success: false, message: 'Not found', code: 'notFound' } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const session = (overrides: Record<string, unknown> = {}) => ({
  accessToken: 'access-1',
  userId: 'user-1',
  isAdmin: false,
  userType: 'patient',
  isPaid: false,
  isProfileComplete: true,
  twoFactor: 'off',
  consentsDue: [],
  ...overrides,
});

export const ok = (data?: unknown, message?: string) => ({
  status: 200,
  body: { success: true, ...(message ? { message } : {}), ...(data === undefined ? {} : { data }) },
});

export const fail = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { success: false, message: code, code, ...extra },
});
