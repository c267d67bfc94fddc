import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityResponseSchema } from '@vizita/shared/contracts/doctors';
import { appointments } from '../src/db/schema.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { createDoctorService } from '../src/modules/doctors/service.ts';
import { createTestApp, signUp, testClock, type TestApp } from './test-app.ts';

// The clock stands on Friday 2026-03-27 at 10:05 UTC (12:05 in Sofia, 11:05 in Berlin), two days
// before the last Sunday of March.
const clock = testClock(new Date('2026-03-27T10:05:00Z'));
let t: TestApp;
let sofia: string;
let berlin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  const admin = createAdminService(t.db, clock);
  const common = { password: 'Doctor-2026!', specialties: ['general-practice'], slotMinutes: 30 };
  sofia = await admin.createDoctor({
    ...common,
    email: 'sofia@vizita.test',
    firstName: 'Elena',
    lastName: 'Petrova',
    timeZone: 'Europe/Sofia',
    experienceYears: 12,
    weekly: parseWeeklyHours('Mon-Fri 09:00-12:00,13:00-15:00; Sun 01:00-05:00'),
  });
  berlin = await admin.createDoctor({
    ...common,
    email: 'berlin@vizita.test',
    firstName: 'Jonas',
    lastName: 'Weber',
    timeZone: 'Europe/Berlin',
    weekly: parseWeeklyHours('Mon-Fri 09:00-12:00; Sun 01:00-05:00'),
  });
  await admin.addException('sofia@vizita.test', { date: '2026-03-30', kind: 'off' });
});
afterAll(() => t.close());
/** The service as the doctor console and the directory call it, without the HTTP layer. */
const doctorService = () => createDoctorService({ db: t.db, clock });

type Entry = { date: string; slots: string[]; times: { slot: string; startsAt: string }[] };
const availability = async (query: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/availability?${query}` });
  return { status: res.statusCode, data: res.json().data as Entry[], body: res.json() };
};
const day = (entries: Entry[], date: string) => entries.find((e) => e.date === date);

describe('GET /api/doctors', () => {
  it('lists doctors publicly with the spec fields', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/doctors' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({
      _id: sofia,
      slug: 'elena-petrova',
      name: 'Dr. Elena Petrova',
      specialties: ['general-practice'],
      experience: 12,
      timeZone: 'Europe/Sofia',
      slotMinutes: 30,
      languages: [],
      fee: { amountMinor: 6000, currency: 'EUR' },
      // Friday 2026-03-27 13:00 in Sofia: the first slot that has not begun.
      nextAvailable: { startsAt: '2026-03-27T11:00:00.000Z', date: '2026-03-27', slot: '13:00' },
    });
    expect(JSON.stringify(res.json())).not.toContain('sofia@vizita.test');
  });
});

describe('GET /api/availability', () => {
  it('hides slots of today that have begun, and answers in the doctor wall-clock time with UTC instants', async () => {
    const { data } = await availability(`doctorId=${sofia}&date=2026-03-27`);
    expect(data).toEqual([
      {
        date: '2026-03-27',
        slots: ['13:00', '13:30', '14:00', '14:30'],
        times: [
          { slot: '13:00', startsAt: '2026-03-27T11:00:00.000Z' },
          { slot: '13:30', startsAt: '2026-03-27T11:30:00.000Z' },
          { slot: '14:00', startsAt: '2026-03-27T12:00:00.000Z' },
          { slot: '14:30', startsAt: '2026-03-27T12:30:00.000Z' },
        ],
      },
    ]);
  });

  it('sends a body kept serialized that the shared response schema accepts as it is', async () => {
    const res = await t.app.inject(
      `/api/availability?doctorId=${sofia}&startDate=2026-03-27&endDate=2026-05-26`,
    );
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const parsed = availabilityResponseSchema.safeParse(res.json());
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Nothing the schema would strip: the body is exactly what the schema encodes.
    expect(JSON.stringify(parsed.data)).toBe(res.body);
    // The same answer as the service's own (the doctor console and the directory read that).
    expect(parsed.data!.data).toEqual(
      await doctorService().availability(sofia, '2026-03-27', '2026-05-26'),
    );
  });

  it('sends the kept answer compressed as the browser asks, the same JSON once decoded', async () => {
    const url = `/api/availability?doctorId=${sofia}&startDate=2026-03-27&endDate=2026-05-26`;
    const plain = await t.app.inject(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    for (const [asked, sent, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
    ] as const) {
      // Twice: the second is the copy kept compressed.
      for (const _ of [1, 2]) {
        const res = await t.app.inject({ url, headers: { 'accept-encoding': asked } });
        expect(res.headers['content-encoding']).toBe(sent);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
  });

  it('stops sending a kept answer as soon as a slot in it begins', async () => {
    const at = clock().getTime();
    const today = async () =>
      day((await availability(`doctorId=${sofia}&date=2026-03-27`)).data, '2026-03-27')!.slots;
    // Ten seconds before 13:00 in Sofia, then twenty seconds later: the same window is kept
    // (well within its 30 s), but its answer is not.
    clock.advance(Date.parse('2026-03-27T10:59:50Z') - at);
    expect(await today()).toEqual(['13:00', '13:30', '14:00', '14:30']);
    clock.advance(20_000);
    expect(await today()).toEqual(['13:30', '14:00', '14:30']);
    clock.advance(at - clock().getTime());
  });

  it('skips the missing hour on the last Sunday of March in Sofia and Berlin', async () => {
    const sofiaSunday = day(
      (await availability(`doctorId=${sofia}&date=2026-03-29`)).data,
      '2026-03-29',
    )!;
    expect(sofiaSunday.slots).toEqual(['01:00', '01:30', '02:00', '02:30', '04:00', '04:30']);
    expect(sofiaSunday.times.find((s) => s.slot === '04:00')!.startsAt).toBe(
      '2026-03-29T01:00:00.000Z',
    );
    const berlinSunday = day(
      (await availability(`doctorId=${berlin}&date=2026-03-29`)).data,
      '2026-03-29',
    )!;
    expect(berlinSunday.slots).toEqual(['01:00', '01:30', '03:00', '03:30', '04:00', '04:30']);
    expect(berlinSunday.times.find((s) => s.slot === '03:00')!.startsAt).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('offers the repeated hour once on the last Sunday of October in Sofia and Berlin', async () => {
    clock.advance(Date.parse('2026-10-20T08:00:00Z') - clock().getTime());
    try {
      for (const [doctor, repeated] of [
        [sofia, '03:30'],
        [berlin, '02:30'],
      ] as const) {
        const sunday = day(
          (await availability(`doctorId=${doctor}&date=2026-10-25`)).data,
          '2026-10-25',
        )!;
        expect(sunday.slots).toEqual([
          '01:00',
          '01:30',
          '02:00',
          '02:30',
          '03:00',
          '03:30',
          '04:00',
          '04:30',
        ]);
        expect(new Set(sunday.times.map((s) => s.startsAt)).size).toBe(8);
        expect(sunday.slots.filter((s) => s === repeated)).toHaveLength(1);
      }
    } finally {
      clock.advance(Date.parse('2026-03-27T10:05:00Z') - clock().getTime());
    }
  });

  it('leaves out held and booked slots and days off, but not cancelled ones', async () => {
    const patient = await signUp(t);
    const at = (iso: string, status: 'pending' | 'upcoming' | 'cancelled') => ({
      patientId: patient.userId,
      doctorId: sofia,
      startsAt: new Date(iso),
      endsAt: new Date(Date.parse(iso) + 30 * 60_000),
      timeZone: 'Europe/Sofia',
      status,
    });
    await t.db
      .insert(appointments)
      .values([
        at('2026-03-31T06:00:00Z', 'pending'),
        at('2026-03-31T06:30:00Z', 'upcoming'),
        at('2026-03-31T07:00:00Z', 'cancelled'),
      ]);
    // Written past the routes, as an operator's SQL would be: the cache is told by hand.
    await t.app.availability.changed();
    const { data } = await availability(
      `doctorId=${sofia}&startDate=2026-03-30&endDate=2026-03-31`,
    );
    expect(day(data, '2026-03-30')).toBeUndefined();
    expect(day(data, '2026-03-31')!.slots.slice(0, 3)).toEqual(['10:00', '10:30', '11:00']);
  });

  it('keeps to the 60-day window from today', async () => {
    const { data } = await availability(
      `doctorId=${berlin}&startDate=2026-03-01&endDate=2026-12-31`,
    );
    expect(data[0]!.date).toBe('2026-03-27');
    expect(data.at(-1)!.date <= '2026-05-26').toBe(true);
    expect(data.map((e) => e.date)).toContain('2026-05-26');
  });

  it.each([
    ['a missing doctor id', 'date=2026-03-27'],
    ['a malformed doctor id', 'doctorId=42&date=2026-03-27'],
    ['no date at all', 'doctorId=00000000-0000-4000-8000-000000000000'],
    [
      'a reversed range',
      'doctorId=00000000-0000-4000-8000-000000000000&startDate=2026-04-02&endDate=2026-04-01',
    ],
    ['a malformed date', 'doctorId=00000000-0000-4000-8000-000000000000&date=27.03.2026'],
  ])('answers 400 for %s', async (_name, query) => {
    const { status, body } = await availability(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false });
  });

  it('answers 404 for an unknown doctor', async () => {
    const { status, body } = await availability(
      'doctorId=00000000-0000-4000-8000-000000000000&date=2026-03-27',
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'doctorNotFound' });
  });
});
