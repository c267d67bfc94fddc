import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import {
  appointments,
  auditLog,
  jobs,
  mailOutbox,
  meetingEvents,
  oneTimeTokens,
  rateLimitCounters,
  sessions,
  users,
  waitlistEntries,
  waitlistOffers,
} from '../src/db/schema.ts';
import { RETENTION } from '../src/modules/retention/policy.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, signUp, STRONG_PASSWORD, testClock, type TestApp } from './test-app.ts';

// The retention table (ADR 0026) applied by the background loop: the test stands at later and
// later clocks and sees each kind of row go when its period is over — and not a day before.

const DAY = 86_400_000;
// Now, not a fixed date: rows stamped by the database's own clock (`created_at default now()`)
// must be as old as those stamped by the app's.
const START = new Date();
const clock = testClock(START);
let t: TestApp;

/** Moves the clock to `days` after the start and runs the background loop once. */
async function at(days: number) {
  clock.advance(START.getTime() + days * DAY - clock().getTime());
  await t.app.backgroundWork.tick();
}

let patient: Awaited<ReturnType<typeof signUp>>;
const UNCONFIRMED = 'never-confirmed@example.bg';
const registerUnconfirmed = () =>
  t.app.inject({
    method: 'POST',
    url: '/auth/register-minimal',
    payload: {
      firstName: 'Ivo',
      lastName: 'Nikolov',
      email: UNCONFIRMED,
      password: STRONG_PASSWORD,
      termsAccepted: true,
    },
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  const f = await createBookingFixture(t);

  // A patient who signs in twice and signs one device out; asks for a reset link, unused.
  patient = await signUp(t);
  const second = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: patient.email, password: STRONG_PASSWORD },
  });
  await t.app.inject({
    method: 'POST',
    url: '/auth/logout',
    cookies: { vizita_rt: second.cookies.find((c) => c.name === 'vizita_rt')!.value },
  });
  await t.app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    payload: { email: patient.email },
  });
  // Someone who registers and never confirms the address.
  await registerUnconfirmed();
  // A video consultation joined (the call's metadata).
  const [appointment] = await t.db
    .insert(appointments)
    .values({
      patientId: patient.userId,
      doctorId: f.doctorId,
      startsAt: new Date(START.getTime() + 5 * 60_000),
      endsAt: new Date(START.getTime() + 35 * 60_000),
      timeZone: 'Europe/Sofia',
      status: 'upcoming',
      plan: 'consultation',
      priceMinor: 6000,
      currency: 'EUR',
    })
    .returning();
  // The device check's video consent comes first (ADR 0024).
  await t.app.inject({
    method: 'POST',
    url: '/api/meetings/video-consent',
    headers: { authorization: `Bearer ${patient.accessToken}` },
    payload: { version: VIDEO_CONSENT_VERSION },
  });
  const joined = await t.app.inject({
    method: 'POST',
    url: `/api/meetings/${appointment!.id}/join`,
    headers: { authorization: `Bearer ${patient.accessToken}` },
  });
  expect(joined.statusCode, joined.body).toBe(200);
  // What the room records of the call (written by the signalling server; see meetings.test.ts).
  await t.db
    .insert(meetingEvents)
    .values({ appointmentId: appointment!.id, kind: 'joined', role: 'patient', at: clock() });
  // An earlier-time alert that ended ten days before the start, and the time it was offered.
  const [alert] = await t.db
    .insert(waitlistEntries)
    .values({
      patientId: patient.userId,
      doctorId: f.doctorId,
      status: 'expired',
      expiresAt: new Date(START.getTime() - 10 * DAY),
    })
    .returning();
  await t.db.insert(waitlistOffers).values({
    entryId: alert!.id,
    doctorId: f.doctorId,
    startsAt: new Date(START.getTime() - 11 * DAY),
    offeredAt: new Date(START.getTime() - 12 * DAY),
  });
  await t.app.backgroundWork.settled();
  await t.app.backgroundWork.tick();
});
afterAll(() => t.close());

const countOf = async (query: Promise<{ n: number }[]>) => (await query)[0]!.n;
const sessionsOf = (userId: string) =>
  countOf(t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)));
const tokensOf = (userId: string) =>
  countOf(t.db.select({ n: count() }).from(oneTimeTokens).where(eq(oneTimeTokens.userId, userId)));
const auditEntries = (event: string) =>
  countOf(t.db.select({ n: count() }).from(auditLog).where(like(auditLog.event, event)));
const all = (
  table: typeof mailOutbox | typeof jobs | typeof rateLimitCounters | typeof meetingEvents,
) => countOf(t.db.select({ n: count() }).from(table));

describe('retention', () => {
  it('keeps everything while it is within its period', async () => {
    await at(1);
    expect(await sessionsOf(patient.userId)).toBe(2);
    expect(await tokensOf(patient.userId)).toBe(2); // the used validation link, the reset link
    expect(await t.userByEmail(UNCONFIRMED)).toBeDefined();
    expect(await all(mailOutbox)).toBeGreaterThan(0);
    expect(await all(jobs)).toBeGreaterThan(0);
    expect(await auditEntries('meeting.%')).toBe(1);
    // Rate-limit counters live one day: the windows of the start are over.
    await at(2);
    expect(await all(rateLimitCounters)).toBe(0);
  });

  it('removes spent and expired links a week later', async () => {
    await at(RETENTION.oneTimeTokens.days - 1);
    // The reset link expired after an hour, the validation link was used at once: not yet.
    expect(await tokensOf(patient.userId)).toBe(2);
    await at(RETENTION.oneTimeTokens.days + 1);
    expect(await tokensOf(patient.userId)).toBe(0);
  });

  it('removes an earlier-time alert and its offers 30 days after the alert ended', async () => {
    const alerts = () => countOf(t.db.select({ n: count() }).from(waitlistEntries));
    // It ended ten days before the start: its 30 days are over on day 20.
    await at(RETENTION.waitlistEntries.days - 10 - 1);
    expect(await alerts()).toBe(1);
    await at(RETENTION.waitlistEntries.days - 10 + 1);
    expect(await alerts()).toBe(0);
    expect(await countOf(t.db.select({ n: count() }).from(waitlistOffers))).toBe(0);
  });

  it('removes the signed-out session 30 days later, unconfirmed registrations, old mails and jobs', async () => {
    await at(RETENTION.endedSessions.days - 1);
    expect(await sessionsOf(patient.userId)).toBe(2);
    await at(RETENTION.endedSessions.days + 1);
    // The signed-out device is gone; the other one lapsed on day 30 and waits its 30 days.
    expect(await sessionsOf(patient.userId)).toBe(1);
    expect(await t.userByEmail(UNCONFIRMED)).toBeUndefined();
    expect(await t.userByEmail(patient.email)).toBeDefined();
    expect(await all(mailOutbox)).toBe(0);
    expect(await all(jobs)).toBe(0);
    // The address is free to register again.
    expect((await registerUnconfirmed()).statusCode).toBe(201);
    await at(2 * RETENTION.endedSessions.days + 1);
    expect(await sessionsOf(patient.userId)).toBe(0);
  });

  it('removes the metadata of video calls after three months, the rest of the audit log after two years', async () => {
    await at(RETENTION.meetingMetadata.days - 1);
    expect(await auditEntries('meeting.%')).toBe(1);
    expect(await all(meetingEvents)).toBe(1);
    await at(RETENTION.meetingMetadata.days + 1);
    expect(await auditEntries('meeting.%')).toBe(0);
    expect(await all(meetingEvents)).toBe(0);
    expect(await auditEntries('auth.login')).toBeGreaterThan(0);

    await at(RETENTION.auditLog.days - 1);
    expect(await auditEntries('auth.login')).toBeGreaterThan(0);
    await at(RETENTION.auditLog.days + 1);
    expect(await auditEntries('auth.login')).toBe(0);
    // What is not the retention's to remove stays: the patient and the booking.
    expect(
      await countOf(t.db.select({ n: count() }).from(users).where(eq(users.id, patient.userId))),
    ).toBe(1);
    expect(
      await countOf(
        t.db
          .select({ n: count() })
          .from(appointments)
          .where(eq(appointments.patientId, patient.userId)),
      ),
    ).toBe(1);
  });
});
