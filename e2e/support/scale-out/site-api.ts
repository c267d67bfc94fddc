import { expect } from 'vitest';
import { BULGARIAN_PROFILE } from '../patients.ts';
import { newUser, type TestUser } from '../users.ts';
import type { Answer, HttpsClient } from './https-client.ts';

// What the patients' screens ask of the API, through nginx, as the web app's calls do: register,
// validate, sign in, complete the profile, read availability, hold a slot and pay for it.

export type Sql = <Row = Record<string, unknown>>(
  text: string,
  values?: unknown[],
) => Promise<Row[]>;
export type SitePatient = { user: TestUser; accessToken: string };
export type Slot = { date: string; slot: string };

const OUTBOX_WAIT_MS = 20_000;
const VALIDATION_LINK = /\/validate-email\?token=([^\s"'<>&]+)/;
/** The local provider's test card that pays (README, Payments); any future expiry and CVC. */
const PAYING_CARD = new URLSearchParams({
  number: '4242 4242 4242 4242',
  expiry: '12/39',
  cvc: '123',
  name: 'Scale Out',
});

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status)
    throw new Error(
      `${what} answered ${answer.status}, expected ${status}: ${answer.text.slice(0, 300)}`,
    );
}

/** The token of the validation mail, which the API writes just after its answer (a job). */
async function validationToken(sql: Sql, email: string): Promise<string> {
  for (const deadline = Date.now() + OUTBOX_WAIT_MS; Date.now() < deadline;) {
    const [mail] = await sql<{ text: string }>(
      `select text from mail_outbox where position($1 in "to") > 0 order by created_at desc limit 1`,
      [email],
    );
    const token = VALIDATION_LINK.exec(mail?.text ?? '')?.[1];
    if (token) return token;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No validation link in the outbox for ${email}`);
}

/**
 * A patient registered, validated (the link read from the mail outbox: production with
 * MAIL_MODE=outbox sends no mail), signed in and with a complete profile.
 */
export async function registerPatient(
  client: HttpsClient,
  sql: Sql,
  firstName: string,
): Promise<SitePatient> {
  const user = newUser(firstName);
  expectStatus(
    await client.call('/auth/register-minimal', {
      method: 'POST',
      body: { ...user, termsAccepted: true },
    }),
    201,
    'register-minimal',
  );
  const token = await validationToken(sql, user.email);
  expectStatus(
    await client.call(`/auth/validate-email?token=${token}`, { method: 'POST' }),
    200,
    'validate-email',
  );
  const login = await client.call('/auth/login', {
    method: 'POST',
    body: { email: user.email, password: user.password },
  });
  expectStatus(login, 200, 'login');
  const accessToken = login.json<{ data: { accessToken: string } }>().data.accessToken;
  expectStatus(
    await client.call('/auth/complete-profile', {
      method: 'PUT',
      bearer: accessToken,
      body: { ...BULGARIAN_PROFILE, firstName },
    }),
    200,
    'complete-profile',
  );
  return { user, accessToken };
}

/** The id of the doctor whose name ends with `lastName` (GET /api/doctors). */
export async function doctorId(client: HttpsClient, token: string, lastName: string) {
  const answer = await client.call('/api/doctors', { bearer: token });
  expectStatus(answer, 200, 'GET /api/doctors');
  const doctors = answer.json<{ data: { _id: string; name: string }[] }>().data;
  const doctor = doctors.find((d) => d.name.endsWith(lastName));
  expect(doctor, `a doctor named … ${lastName}`).toBeDefined();
  return doctor!._id;
}

const isoDay = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The free slots from `fromDay` days ahead (0: today) for the next `days` days. */
export function availabilityPath(id: string, fromDay: number, days: number): string {
  return `/api/availability?doctorId=${id}&startDate=${isoDay(fromDay)}&endDate=${isoDay(fromDay + days - 1)}`;
}

export async function freeSlots(
  client: HttpsClient,
  token: string,
  id: string,
  fromDay: number,
  days: number,
): Promise<Slot[]> {
  const answer = await client.call(availabilityPath(id, fromDay, days), { bearer: token });
  expectStatus(answer, 200, 'GET /api/availability');
  return answer
    .json<{ data: { date: string; slots: string[] }[] }>()
    .data.flatMap((day) => day.slots.map((slot) => ({ date: day.date, slot })));
}

/** POST /api/payments/create-session: the hold and its checkout (200), or 409 when taken. */
export function holdSlot(client: HttpsClient, token: string, id: string, slot: Slot) {
  return client.call('/api/payments/create-session', {
    method: 'POST',
    bearer: token,
    body: { doctorId: id, ...slot, reason: 'Follow-up on blood tests', country: 'Bulgaria' },
  });
}

/** The local provider's hosted checkout, paid with the test card: 303 to the success page. */
export function payCheckout(client: HttpsClient, sessionUrl: string) {
  return client.call(new URL(sessionUrl).pathname, { method: 'POST', body: PAYING_CARD });
}

/**
 * What the success page the checkout redirects to asks (GET /api/payments/session/:id): the
 * payment's state, fulfilled by the API if the provider has it paid and nobody recorded it yet.
 */
export async function paymentStatus(client: HttpsClient, token: string, sessionId: string) {
  const answer = await client.call(`/api/payments/session/${sessionId}`, { bearer: token });
  expectStatus(answer, 200, 'GET /api/payments/session/:id');
  return answer.json<{ data: { payment: { status: string } } }>().data.payment.status;
}

/** Holds and pays a slot; answers the appointment's id. */
export async function bookSlot(client: HttpsClient, token: string, id: string, slot: Slot) {
  const hold = await holdSlot(client, token, id, slot);
  expectStatus(hold, 200, 'create-session');
  const { sessionUrl, appointmentId } = hold.json<{
    data: { sessionUrl: string; appointmentId: string };
  }>().data;
  expectStatus(await payCheckout(client, sessionUrl), 303, 'the checkout');
  return appointmentId;
}
