import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { SmtpSink } from './smtp-sink.ts';
import { signIn, waitForPath } from './ui.ts';
import { newUser, registerValidatedUser, type TestUser } from './users.ts';

// Patients for journeys that start after registration and profile completion (those screens have
// journeys of their own): the steps go through the same API calls the screens make.

/** A Bulgarian profile that passes the server's rules (EGN agreeing with the birth date). */
export const BULGARIAN_PROFILE = {
  lastName: 'Ivanova',
  gender: 'male',
  birthDate: '1985-06-01',
  address: 'Vitosha 1',
  city: 'Sofia',
  country: 'BG',
  nationalIdNumber: '8506014447',
  termsAccepted: true,
};

/** A patient signed in in `page`, on the dashboard, with a complete profile. */
export async function signedInPatient(
  page: Page,
  app: { url: string },
  sink: SmtpSink,
  firstName = 'Petar',
): Promise<TestUser> {
  const user = newUser(firstName);
  await registerValidatedUser(app.url, sink, user);
  await signIn(page, user.email, user.password);
  await waitForPath(page, '/dashboard');
  const status = await callInPage(page, 'PUT', '/auth/complete-profile', {
    ...BULGARIAN_PROFILE,
    firstName,
  });
  expect(status.status).toBe(200);
  return user;
}

/** An API call from the page, with the session's access token, as the app's client makes it. */
export async function callInPage(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: { data?: unknown; message?: string } }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const status = await (await fetch('/auth/status', { credentials: 'include' })).json();
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${status.data.accessToken}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, json: await res.json() };
    },
    { method, path, body },
  );
}

/** A second patient, signed in through the API only (no browser): the one who races the first. */
export async function apiPatient(appUrl: string, sink: SmtpSink, firstName = 'Ivan') {
  const user = newUser(firstName);
  await registerValidatedUser(appUrl, sink, user);
  const login = await fetch(`${appUrl}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${appUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json()) as { data?: unknown } };
  };
  expect(
    (await call('PUT', '/auth/complete-profile', { ...BULGARIAN_PROFILE, firstName })).status,
  ).toBe(200);
  return { user, call };
}
