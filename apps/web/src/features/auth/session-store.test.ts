import { describe, expect, it, vi } from 'vitest';
import { SESSION_MARKER_COOKIE } from '@vizita/shared/constants';
import { accessToken, refreshSession } from '../../lib/api-client';
import { fail, mockApi, ok, session } from '../../test/mock-api';
import { clearSession, getSessionState, initializeSession } from './session-store';

describe('session store (spec §3, §4)', () => {
  it('restores the session once from the status call', async () => {
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session({ isPaid: true, userType: 'Patient' })),
    });
    await Promise.all([initializeSession(), initializeSession()]);
    await initializeSession();

    expect(calls).toHaveLength(1);
    expect(getSessionState()).toMatchObject({
      initialized: true,
      isAuthenticated: true,
      accessToken: 'access-1',
      clientIp: 'web-app',
      hasPaid: true,
      refreshing: false,
      user: { userId: 'user-1', userType: 'patient', isPaid: true, isProfileComplete: true },
    });
  });

  it('clears and marks itself initialized when the restore fails, with only a warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /auth/status': () => fail(401, 'sessionExpired') });
    await initializeSession();

    expect(getSessionState()).toMatchObject({
      initialized: true,
      isAuthenticated: false,
      accessToken: null,
      user: null,
      hasPaid: false,
    });
    expect(warn).toHaveBeenCalledOnce();
  });

  it('signs the user out when a later refresh fails', async () => {
    mockApi({ 'GET /auth/status': () => ok(session()) });
    await initializeSession();
    expect(getSessionState().isAuthenticated).toBe(true);

    mockApi({ 'GET /auth/status': () => fail(401, 'sessionExpired') });
    await expect(refreshSession()).rejects.toThrow('Failed to refresh token');
    expect(getSessionState()).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('is unauthenticated again when the token is set empty', async () => {
    mockApi({ 'GET /auth/status': () => ok(session()) });
    await initializeSession();
    accessToken.set('');
    expect(getSessionState().isAuthenticated).toBe(false);

    clearSession();
    expect(getSessionState()).toMatchObject({ isAuthenticated: false, initialized: true });
  });
});

describe('a browser without the session marker (ADR 0049)', () => {
  const firstVisit = () => {
    document.cookie = `${SESSION_MARKER_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  };

  it('is signed out at once: the first page waits for no answer', async () => {
    firstVisit();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    warn.mockClear();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const { calls } = mockApi({ 'GET /auth/status': () => ({ status: 204 }) });

    const done = initializeSession();
    expect(getSessionState()).toMatchObject({ initialized: true, isAuthenticated: false });
    await done;
    // The one question, past the first paint, answered "nobody": nothing happens, nothing is said.
    await vi.waitFor(() => expect(calls.map((c) => c.path)).toEqual(['/auth/status']));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reload).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(getSessionState()).toMatchObject({ isAuthenticated: false, refreshing: false });
  });

  it('takes up a session from before the marker by loading the page again', async () => {
    firstVisit();
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    mockApi({ 'GET /auth/status': () => ok(session()) });

    await initializeSession();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    // The store is left as it is: the page that loads next restores the session.
    expect(getSessionState()).toMatchObject({ isAuthenticated: false, accessToken: null });
  });
});
