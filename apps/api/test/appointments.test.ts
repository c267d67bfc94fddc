import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appointments, doctorProfiles, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createTestApp, signInStaff, signUp, type TestApp } from './test-app.ts';

let t: TestApp;
let doctorId: string;
beforeAll(async () => {
  t = await createTestApp(); // the clock stands at 2026-11-22T10:00:00Z
  const [doctor] = await t.db
    .insert(users)
    .values({
      email: 'dr.petrova@vizita.test',
      passwordHash: 'x',
      firstName: 'Elena',
      lastName: 'Petrova',
      userType: 'doctor',
      emailValidatedAt: new Date(),
    })
    .returning();
  doctorId = doctor!.id;
  await t.db.insert(doctorProfiles).values({
    userId: doctorId,
    specialties: ['cardiology', 'internal-medicine'],
    experienceYears: 12,
    timeZone: 'Europe/Sofia',
  });
});
afterAll(() => t.close());

// Rows written straight into the table, as an earlier version stored them: the reason in clear
// (the `legacy*` columns). The API opens them the same; the background loop encrypts them.
const book = (
  patientId: string,
  startsAt: string,
  over: Partial<typeof appointments.$inferInsert> = {},
) =>
  t.db
    .insert(appointments)
    .values({
      patientId,
      doctorId,
      startsAt: new Date(startsAt),
      endsAt: new Date(new Date(startsAt).getTime() + 30 * 60_000),
      timeZone: 'Europe/Sofia',
      status: 'upcoming',
      priceMinor: 6000,
      currency: 'BGN',
      ...over,
    })
    .returning();
const list = (bearer: string, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/appointments${query}`,
    headers: { authorization: `Bearer ${bearer}` },
  });

describe('GET /api/appointments', () => {
  it('lists only the caller’s appointments, in the doctor’s zone, with the join state of the server clock', async () => {
    const me = await signUp(t);
    const someoneElse = await signUp(t);
    await book(me.userId, '2026-11-22T10:10:00Z', { legacyReason: 'Chest pain' });
    await book(me.userId, '2026-11-25T08:00:00Z');
    await book(someoneElse.userId, '2026-11-22T11:00:00Z', { legacyReason: 'Private matter' });
    const res = await list(me.accessToken);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toHaveLength(2);
    expect(JSON.stringify(data)).not.toContain('Private matter');
    expect(JSON.stringify(data)).not.toContain('dr.petrova@vizita.test');
    expect(data[0]).toMatchObject({
      patientId: me.userId,
      doctorId: {
        _id: doctorId,
        name: 'Dr. Elena Petrova',
        // The clinic's contact, never the doctor's sign-in address.
        email: 'clinic@vizita.local',
        specialties: ['cardiology', 'internal-medicine'],
      },
      date: '2026-11-22',
      slot: '12:10',
      status: 'upcoming',
      plan: 'consultation',
      reason: 'Chest pain',
      paymentAmount: 60,
      paymentCurrency: 'BGN',
      meetingUrl: `http://vizita.test/dashboard/meeting/${data[0]._id}`,
      isJoinable: true,
      minutesUntilJoinable: 0,
      hasPassed: false,
    });
    expect(data[1]).toMatchObject({
      date: '2026-11-25',
      slot: '10:00',
      isJoinable: false,
      minutesUntilJoinable: 70 * 60 - 15,
    });
  });

  it('never lists payment holds, and filters by status', async () => {
    const me = await signUp(t);
    await book(me.userId, '2026-12-01T08:00:00Z', { status: 'pending' });
    await book(me.userId, '2026-12-01T09:00:00Z', {
      status: 'cancelled',
      cancelledBy: 'patient',
      legacyCancelReason: 'Feeling better now',
      cancelledAt: new Date(),
    });
    expect(
      (await list(me.accessToken)).json().data.map((a: { status: string }) => a.status),
    ).toEqual(['cancelled']);
    expect((await list(me.accessToken, '?status=upcoming')).json().data).toEqual([]);
    expect((await list(me.accessToken, '?status=bogus')).statusCode).toBe(400);
  });

  it('requires authentication', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/appointments' })).statusCode).toBe(401);
  });
});

describe('GET /api/appointments/:id', () => {
  it('answers the patient and the doctor, and anyone else exactly as for an id that does not exist', async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    const [row] = await book(owner.userId, '2026-12-02T08:00:00Z', {
      legacyReason: 'Follow-up of blood tests',
    });
    const get = (bearer: string, id = row!.id) =>
      t.app.inject({
        method: 'GET',
        url: `/api/appointments/${id}`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    const mine = await get(owner.accessToken);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      _id: row!.id,
      reason: 'Follow-up of blood tests',
      date: '2026-12-02',
      slot: '10:00',
    });
    const theirs = await get(stranger.accessToken);
    const missing = await get(stranger.accessToken, '00000000-0000-4000-8000-000000000000');
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.body).not.toContain('blood tests');
    // The appointment's doctor reads it too.
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('Doctor-2026!') })
      .where(eq(users.id, doctorId));
    const doctor = await signInStaff(t, 'dr.petrova@vizita.test', 'Doctor-2026!');
    expect((await get(doctor)).json().data).toMatchObject({
      _id: row!.id,
      patientId: owner.userId,
    });
    expect((await get(owner.accessToken, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('slot uniqueness', () => {
  it('lets the database refuse a second hold on a held slot, but not a rebooking of a cancelled one', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    await book(a.userId, '2026-12-10T08:00:00Z', { status: 'pending' });
    await expect(book(b.userId, '2026-12-10T08:00:00Z', { status: 'pending' })).rejects.toThrow();
    await book(a.userId, '2026-12-11T08:00:00Z', { status: 'cancelled' });
    await expect(
      book(b.userId, '2026-12-11T08:00:00Z', { status: 'upcoming' }),
    ).resolves.toHaveLength(1);
  });
});
