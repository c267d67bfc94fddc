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

/** The API calls of a patient made by `apiPatient`, with her bearer token. */
export type ApiCall = Awaited<ReturnType<typeof apiPatient>>['call'];

const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Books and pays the first free time of a doctor (the one whose name ends with `doctor`, else the
 * first listed) from `fromDay` to `toDay` days ahead, through the calls the booking screens make;
 * answers the appointment's id. Throws rather than asserting, for the benchmarks too.
 */
export async function bookPaidByApi(
  call: ApiCall,
  {
    doctor,
    fromDay,
    toDay,
    reason,
  }: { doctor?: string; fromDay: number; toDay: number; reason: string },
): Promise<string> {
  const doctors = (await call('GET', '/api/doctors')).json.data as { _id: string; name: string }[];
  const doctorId = (doctor ? doctors.find((d) => d.name.endsWith(doctor)) : doctors[0])?._id;
  if (!doctorId) throw new Error(`No doctor ${doctor ?? ''} on this server`);
  const days = (
    await call(
      'GET',
      `/api/availability?doctorId=${doctorId}&startDate=${isoDay(fromDay)}&endDate=${isoDay(toDay)}`,
    )
  ).json.data as { date: string; slots: string[] }[];
  const day = days.find((d) => d.slots.length > 0);
  if (!day) throw new Error(`No free time from day ${fromDay} to day ${toDay}`);
  const session = await call('POST', '/api/payments/create-session', {
    doctorId,
    date: day.date,
    slot: day.slots[0],
    reason,
    country: 'Bulgaria',
  });
  if (session.status !== 200) throw new Error(`create-session answered ${session.status}`);
  const { sessionId, appointmentId } = session.json.data as {
    sessionId: string;
    appointmentId: string;
  };
  const paid = await call('POST', '/api/payments/process-dev-payment', { sessionId });
  if (paid.status !== 200) throw new Error(`process-dev-payment answered ${paid.status}`);
  return appointmentId;
}
