import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorProfiles, payments, users } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23 08:00 UTC.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let berlinId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  await t.db
    .update(doctorProfiles)
    .set({
      languages: ['bg', 'en'],
      bios: { en: 'Cardiologist in Sofia.', de: 'Kardiologin in Sofia.' },
      feeMinor: 7500,
    })
    .where(eq(doctorProfiles.userId, f.doctorId));
  berlinId = await createAdminService(t.db, clock).createDoctor({
    email: `weber-${randomUUID()}@vizita.test`,
    password: 'Doctor-2026!',
    firstName: 'Jonas',
    lastName: 'Weber',
    specialties: ['dermatology'],
    languages: ['de'],
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });
});
afterAll(() => t.close());

const list = (query = '', language = 'en') =>
  t.app.inject({ url: `/api/doctors${query}`, headers: { 'accept-language': language } });

describe('the doctor directory', () => {
  it('filters by specialty code and language, and refuses unknown ones', async () => {
    const cardiology = (await list('?specialty=cardiology')).json().data;
    expect(cardiology.map((d: { _id: string }) => d._id)).toEqual([f.doctorId]);
    const german = (await list('?language=de')).json().data;
    expect(german.map((d: { _id: string }) => d._id)).toEqual([berlinId]);
    expect((await list('?specialty=Cardiology')).statusCode).toBe(400);
    expect((await list('?language=xx')).statusCode).toBe(400);
  });

  it("gives the bio in the reader's language, the fee, the next free slot, never an e-mail", async () => {
    const res = await list('', 'de-DE,de;q=0.9');
    const petrova = res.json().data.find((d: { _id: string }) => d._id === f.doctorId);
    expect(petrova).toMatchObject({
      languages: ['bg', 'en'],
      bio: 'Kardiologin in Sofia.',
      fee: { amountMinor: 7500, currency: 'EUR' },
      // Monday 10:00 in Sofia has begun at 08:00 UTC; 10:30 is next.
      nextAvailable: { date: '2026-11-23', slot: '10:30' },
    });
    expect(res.body).not.toContain(f.doctorEmail);
  });

  it('leaves a deactivated doctor out, with no slots to book', async () => {
    await t.db.update(users).set({ deactivatedAt: clock() }).where(eq(users.id, berlinId));
    // Written past the routes (the admin's route is tested in admin-api): the cache is told.
    await t.app.availability.changed();
    expect((await list()).json().data.map((d: { _id: string }) => d._id)).not.toContain(berlinId);
    const slots = await t.app.inject(`/api/availability?doctorId=${berlinId}&date=2026-11-24`);
    expect(slots.statusCode).toBe(404);
    await t.db.update(users).set({ deactivatedAt: null }).where(eq(users.id, berlinId));
    await t.app.availability.changed();
  });

  it('refuses impossible dates with 400, never a 500', async () => {
    for (const date of ['2026-11-32', '2026-02-30', '2026-13-01']) {
      const res = await t.app.inject(`/api/availability?doctorId=${f.doctorId}&date=${date}`);
      expect(res.statusCode, date).toBe(400);
      const [p] = await f.patients(1);
      expect((await f.book(p!.token, { date, slot: '10:00' })).statusCode, date).toBe(400);
    }
  });
});

describe('prices (ADR 0018)', () => {
  it("charges a Bulgarian patient the doctor's fee in euro, whatever the body says", async () => {
    const [p] = await f.patients(1);
    const booked = await f.book(p!.token, { date: '2026-11-25', slot: '10:00' });
    expect(booked.statusCode).toBe(200);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, booked.json().data.appointmentId));
    expect(payment).toMatchObject({ amountMinor: 7500, currency: 'EUR' });
    const forged = await f.book(p!.token, {
      date: '2026-11-25',
      slot: '11:00',
      amount: 1,
      currency: 'BGN',
    });
    expect(forged.statusCode).toBe(400);
  });

  it("records the patient's own zone from the booking, and ignores one that does not exist", async () => {
    const [p] = await f.patients(1);
    const zoneOf = async () =>
      (await t.db.select().from(users).where(eq(users.id, p!.userId)))[0]!.timeZone;
    const bookFrom = (zone: string, slot: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/create-session',
        headers: { authorization: `Bearer ${p!.token}`, 'x-time-zone': zone },
        payload: { doctorId: f.doctorId, date: '2026-11-27', slot, country: 'Germany' },
      });
    expect((await bookFrom('Europe/Berlin', '10:00')).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Europe/Berlin');
    expect((await bookFrom('Mars/Olympus_Mons', '11:00')).statusCode).toBe(200);
    expect(await zoneOf()).toBe('Europe/Berlin');
  });

  it('keeps the currency of a payment made in leva before the euro', async () => {
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-26', '10:00');
    await t.db
      .update(payments)
      .set({ currency: 'BGN', amountMinor: 11735 })
      .where(eq(payments.appointmentId, appointmentId));
    const history = await t.app.inject({
      url: '/api/payments/history',
      headers: { authorization: `Bearer ${(await f.signIn(p!.userId)).token}` },
    });
    expect(history.json().data[0]).toMatchObject({ amount: 117.35, currency: 'BGN' });
  });
});
