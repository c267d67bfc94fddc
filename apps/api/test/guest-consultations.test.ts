import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import { API_ERRORS } from '@vizita/shared/messages/api-errors';
import { appointments, guestInvitations, users } from '../src/db/schema.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC: 10:00 in Sofia, where Dr. Petrova works Mon–Fri 09:00–17:00.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const MIN = 60_000;
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let otherDoctorId: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  ({ otherDoctorId, adminId } = await f.otherStaff());
});
afterAll(() => t.close());

const bearer = async (userId: string) => ({
  authorization: `Bearer ${(await f.signIn(userId)).token}`,
});

let seq = 0;
/** A consultation for a new guest address, created by Dr. Petrova unless told otherwise. */
async function create(
  over: Record<string, unknown> = {},
  as: string = f.doctorId,
): Promise<{ status: number; body: Record<string, unknown>; email: string }> {
  const email = `guest-${(seq += 1)}-${randomUUID().slice(0, 6)}@example.de`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/guest-consultations',
    headers: await bearer(as),
    payload: {
      name: 'Anna Schmidt',
      email,
      locale: 'de',
      date: '2026-11-24',
      slot: '10:00',
      ...over,
    },
  });
  return { status: res.statusCode, body: res.json(), email };
}

/** The link's token from the newest invitation mail to `email`. */
async function linkOf(email: string) {
  const [mail] = await t.mails(email);
  const match = /\/guest\/([\w-]{43})/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no guest link mailed to ${email}`);
  return { token: match[1]!, mail: mail! };
}

/** Opens a link as a browser would: answers the status and the cookie it got. */
async function open(token: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/guest/session', payload: { token } });
  const cookie = res.cookies.find((c) => c.name === 'vizita_guest');
  return { res, cookie: cookie ? `vizita_guest=${cookie.value}` : '', setCookie: cookie };
}

const asGuest = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('creating a consultation for a person without an account', () => {
  it('is for the doctor and admins only; the guest gets a link in their language', async () => {
    const patient = (await f.patients(1))[0]!;
    expect((await create({}, patient.userId)).status).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/guest-consultations',
      payload: { name: 'A', email: 'a@b.de', locale: 'de', date: '2026-11-24', slot: '10:00' },
    });
    expect(anonymous.statusCode).toBe(401);
    // A doctor cannot create one in another doctor's calendar; an admin must name the doctor.
    expect((await create({ doctorId: f.doctorId }, otherDoctorId)).status).toBe(403);
    expect((await create({}, adminId)).status).toBe(404);

    const made = await create({ slot: '10:00' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      success: true,
      data: { startsAt: '2026-11-24T08:00:00.000Z', mailSent: true },
    });
    const { mail } = await linkOf(made.email);
    expect(mail.subject).toBe('Ihre Videosprechstunde mit Dr. Elena Petrova');
    expect(mail.text).toContain('Dienstag, 24. November 2026');
    expect(mail.text).toContain('10:00 (Europe/Sofia)');
    // The guest holds the doctor's slot like any booking: nobody else can take it.
    expect((await create({ slot: '10:00' })).body).toMatchObject({ code: 'slotTaken' });
    const booked = await f.book((await f.patients(1))[0]!.token, {
      date: '2026-11-24',
      slot: '10:00',
    });
    expect(booked.json()).toMatchObject({ code: 'slotTaken' });
    expect(await f.freeSlots('2026-11-24')).not.toContain('10:00');

    // An admin creates for a doctor they name.
    const byAdmin = await create({ slot: '10:30', doctorId: f.doctorId, locale: 'bg' }, adminId);
    expect(byAdmin.status).toBe(201);
    expect((await linkOf(byAdmin.email)).mail.subject).toBe(
      'Вашата видеоконсултация с Dr. Elena Petrova',
    );
  });

  it('refuses a bad address, a short name, and a time the doctor does not offer', async () => {
    expect((await create({ email: 'not-an-address', slot: '11:00' })).status).toBe(400);
    expect((await create({ name: 'A', slot: '11:00' })).status).toBe(400);
    expect((await create({ slot: '03:00' })).body).toMatchObject({ code: 'slotNotOffered' });
    expect((await create({ slot: '11:00', extra: 1 })).status).toBe(400);
  });

  it('makes a guest that can never sign in, and shows them by name on the doctor’s schedule', async () => {
    const made = await create({ slot: '11:30', name: 'Jonas Becker' });
    const id = (made.body.data as { appointmentId: string }).appointmentId;
    const [row] = await t.db
      .select({ email: users.email, userType: users.userType })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.patientId))
      .where(eq(appointments.id, id));
    expect(row).toEqual({ email: expect.stringMatching(/@guest\.invalid$/), userType: 'guest' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: row!.email, password: '!guest' },
    });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);
    expect(login.json().data).toBeUndefined();
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/doctor/appointments?from=2026-11-24&to=2026-11-24',
      headers: await bearer(f.doctorId),
    });
    expect(week.json().data.appointments.find((a: { _id: string }) => a._id === id)).toMatchObject({
      patient: { name: 'Jonas Becker' },
      status: 'upcoming',
      plan: 'consultation',
    });
    // The clinic sees the address the invitation went to, not the placeholder.
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/admin/appointments/${id}`,
      headers: await bearer(adminId),
    });
    expect(admin.json().data.patient).toMatchObject({ name: 'Jonas Becker', email: made.email });
  });
});

describe('the doctor’s console with a guest', () => {
  it('tells the doctor that the person has no account, on the schedule and the appointment', async () => {
    const made = await create({ slot: '14:30', name: 'Lea Vogel' });
    const id = (made.body.data as { appointmentId: string }).appointmentId;
    const headers = await bearer(f.doctorId);
    const week = await t.app.inject({
      method: 'GET',
      url: '/api/doctor/appointments?from=2026-11-24&to=2026-11-24',
      headers,
    });
    expect(week.json().data.appointments.find((a: { _id: string }) => a._id === id)).toMatchObject({
      patient: { name: 'Lea Vogel', guest: true },
    });
    // The appointment the doctor's page loads: the name without a trailing blank.
    const one = await t.app.inject({ method: 'GET', url: `/api/appointments/${id}`, headers });
    expect(one.json().data.patient).toMatchObject({ name: 'Lea Vogel', guest: true });
  });

  it('has no profile to open, and a cancellation reaches the guest at their address', async () => {
    const made = await create({ slot: '15:00' });
    const id = (made.body.data as { appointmentId: string }).appointmentId;
    const headers = await bearer(f.doctorId);
    const chart = await t.app.inject({
      method: 'GET',
      url: `/api/doctor/appointments/${id}/patient`,
      headers,
    });
    expect(chart.statusCode).toBeLessThan(500);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}/cancel`,
      headers,
      payload: { reason: 'Called away to an emergency.' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await t.app.backgroundWork.tick();
    const mails = await t.mails(made.email);
    expect(mails.map((m) => m.subject)).toHaveLength(2);
    expect((await t.mails()).some((m) => m.to.endsWith('@guest.invalid'))).toBe(false);
  });
});

describe('the guest’s link', () => {
  it('opens once, in one browser, which then sees its consultation by cookie only', async () => {
    const made = await create({ slot: '12:00' });
    const { token } = await linkOf(made.email);
    expect((await open('x'.repeat(10))).res.statusCode).toBe(400);
    expect((await open('A'.repeat(43))).res.json()).toMatchObject({
      code: 'guestLinkInvalid',
      message: API_ERRORS.guestLinkInvalid,
    });

    const first = await open(token);
    expect(first.res.statusCode).toBe(200);
    expect(first.setCookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/guest',
    });
    expect(first.res.json().data).toMatchObject({
      guestName: 'Anna Schmidt',
      doctorName: 'Dr. Elena Petrova',
      date: '2026-11-24',
      slot: '12:00',
      status: 'upcoming',
      locale: 'de',
      videoConsentDue: true,
    });
    // A second browser (or a forwarded mail) gets nothing.
    expect((await open(token)).res.json()).toMatchObject({ code: 'guestLinkUsed' });
    expect((await asGuest(first.cookie, 'GET', '/api/guest/consultation')).statusCode).toBe(200);
    expect((await asGuest('', 'GET', '/api/guest/consultation')).json()).toMatchObject({
      code: 'guestSessionRequired',
    });
    expect(
      (await asGuest('vizita_guest=forged', 'GET', '/api/guest/consultation')).statusCode,
    ).toBe(401);
    // The cookie is no key to anything else.
    expect((await asGuest(first.cookie, 'GET', '/api/appointments')).statusCode).toBe(401);
  });

  it('lets exactly one of two browsers opening it at the same moment in', async () => {
    const { token } = await linkOf((await create({ slot: '12:30' })).email);
    const results = await Promise.all([open(token), open(token), open(token)]);
    expect(results.map((r) => r.res.statusCode).sort()).toEqual([200, 409, 409]);
  });

  it('joins after consent, inside the window, as the name the doctor gave, into the waiting room', async () => {
    // Today 10:30 in Sofia: 30 minutes from now.
    const made = await create({ date: '2026-11-23', slot: '10:30' });
    const { cookie } = await open((await linkOf(made.email)).token);
    expect((await asGuest(cookie, 'POST', '/api/guest/join')).json()).toMatchObject({
      code: 'videoConsentRequired',
    });
    expect(
      (await asGuest(cookie, 'POST', '/api/guest/video-consent', { version: '1999-01-01' }))
        .statusCode,
    ).toBe(409);
    const consent = await asGuest(cookie, 'POST', '/api/guest/video-consent', {
      version: VIDEO_CONSENT_VERSION,
    });
    expect(consent.statusCode).toBe(200);
    expect((await asGuest(cookie, 'GET', '/api/guest/consultation')).json().data).toMatchObject({
      videoConsentDue: false,
    });
    expect((await asGuest(cookie, 'POST', '/api/guest/join')).json()).toMatchObject({
      code: 'meetingNotJoinable',
    });
    // The device check works before the window opens.
    expect((await asGuest(cookie, 'POST', '/api/guest/connection-check')).statusCode).toBe(200);
    const sample = await asGuest(cookie, 'GET', '/api/guest/connection-check/download?bytes=1024');
    expect(sample.rawPayload).toHaveLength(1024);

    clock.advance(20 * MIN);
    const join = await asGuest(cookie, 'POST', '/api/guest/join');
    expect(join.statusCode, join.body).toBe(200);
    expect(join.json().data).toMatchObject({
      role: 'patient',
      userName: 'Anna Schmidt',
      provider: 'builtin',
    });

    // When the window closes, the cookie and any unopened link die with it.
    const unopened = await create({ date: '2026-11-23', slot: '11:00' });
    clock.advance(60 * MIN);
    expect((await asGuest(cookie, 'GET', '/api/guest/consultation')).statusCode).toBe(401);
    clock.advance(30 * MIN);
    expect((await open((await linkOf(unopened.email)).token)).res.json()).toMatchObject({
      code: 'guestLinkEnded',
    });
  });

  it('is replaced by a new one the doctor sends: the old link and its browser stop working', async () => {
    const made = await create({ slot: '14:00' });
    const id = (made.body.data as { appointmentId: string }).appointmentId;
    const old = await linkOf(made.email);
    const { cookie } = await open(old.token);
    const resend = (as: string) =>
      bearer(as).then((headers) =>
        t.app.inject({ method: 'POST', url: `/api/guest-consultations/${id}/resend`, headers }),
      );
    // Only the consultation's doctor (or an admin) may; to others it does not exist.
    expect((await resend(otherDoctorId)).statusCode).toBe(404);
    expect((await resend((await f.patients(1))[0]!.userId)).statusCode).toBe(404);
    const again = await resend(f.doctorId);
    expect(again.json()).toEqual({ success: true, data: { mailSent: true } });
    expect((await asGuest(cookie, 'GET', '/api/guest/consultation')).statusCode).toBe(401);
    expect((await open(old.token)).res.json()).toMatchObject({ code: 'guestLinkInvalid' });
    const fresh = await linkOf(made.email);
    expect(fresh.token).not.toBe(old.token);
    expect((await open(fresh.token)).res.statusCode).toBe(200);
    expect((await resend(adminId)).statusCode).toBe(200);
    const [invitation] = await t.db
      .select()
      .from(guestInvitations)
      .where(eq(guestInvitations.appointmentId, id));
    // Only hashes are kept: a database leak hands out no live link.
    expect(invitation!.linkTokenHash).not.toBe(fresh.token);
    expect(invitation!.linkTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('retention', () => {
  // Last in this file: it moves the clock a month on.
  it('forgets the guest’s address and link 30 days after the consultation', async () => {
    const made = await create({ date: '2026-11-27', slot: '09:00' });
    const id = (made.body.data as { appointmentId: string }).appointmentId;
    const invitation = () =>
      t.db.select().from(guestInvitations).where(eq(guestInvitations.appointmentId, id));
    clock.advance(new Date('2026-12-26T00:00:00Z').getTime() - clock().getTime());
    await t.app.backgroundWork.tick();
    expect(await invitation()).toHaveLength(1);
    clock.advance(2 * 86_400_000);
    await t.app.backgroundWork.tick();
    expect(await invitation()).toHaveLength(0);
    // The consultation itself stays, with the name the doctor gave.
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toBeDefined();
  });
});
