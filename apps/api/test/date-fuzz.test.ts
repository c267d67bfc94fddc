import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminService } from '../src/modules/admin/service.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Every date and time a client may send, fed impossible and hostile values: each answer is a 4xx
// with the error shape, never a 500 (issue #11: `2026-11-32` once reached PostgreSQL).

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let patientToken: string;
let doctorToken: string;
let adminToken: string;
let appointmentId: string;

const BAD_DATES = [
  '2026-11-32',
  '2026-02-30',
  '2027-02-29',
  '2026-13-01',
  '2026-00-10',
  '0000-00-00',
  '2026-1-1',
  '26-11-24',
  '+2026-11-24',
  '99999-01-01',
  '2026-11-24T25:00:00Z',
  '2026-11-24T00:00:00+02:00',
  '2026/11/24',
  '24.11.2026',
  '２０２６-１１-２４',
  '2026-11-24\u0000',
  '2026-11-24 ',
  ' ',
  'null',
  '../../etc/passwd',
  "2026-11-24' or '1'='1",
  'x'.repeat(5000),
];
const BAD_SLOTS = ['24:00', '10:60', '9:00', '10:00:00', '10:0', '-1:00', '１０:００', 'xx', ' '];

/** A reproducible sprinkle of random printable strings beside the table. */
function randomStrings(count: number, seed = 11): string[] {
  let state = seed;
  const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31);
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 24) }, () => String.fromCharCode(32 + (next() % 95))).join(
      '',
    ),
  );
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const [p] = await f.patients(1);
  patientToken = p!.token;
  ({ appointmentId } = await f.bookPaid(patientToken, '2026-11-25', '10:00'));
  doctorToken = (await f.signIn(f.doctorId)).token;
  const adminId = await createAdminService(t.db, clock).createAdmin({
    email: `ops-${randomUUID()}@clinic.test`,
    password: 'Clinic-Ops-2026!',
    firstName: 'Olga',
    lastName: 'Ops',
  });
  adminToken = (await f.signIn(adminId)).token;
});
afterAll(() => t.close());

type Probe = { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string; payload?: object };

async function expectRefused(probe: Probe) {
  const res = await t.app.inject({
    method: probe.method,
    url: probe.url,
    headers: probe.token ? { authorization: `Bearer ${probe.token}` } : {},
    ...(probe.payload ? { payload: probe.payload } : {}),
  });
  const what = `${probe.method} ${probe.url.slice(0, 120)} ${JSON.stringify(probe.payload ?? {}).slice(0, 120)}`;
  expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.json(), what).toMatchObject({ success: false });
}

const q = (value: string) => encodeURIComponent(value);

describe('impossible dates and times are a 400, on every route that takes one', () => {
  const values = [...BAD_DATES, ...randomStrings(40)];

  it('on the public availability and occupied-slot reads', async () => {
    const doctor = f.doctorId;
    for (const bad of values) {
      await expectRefused({
        method: 'GET',
        url: `/api/availability?doctorId=${doctor}&date=${q(bad)}`,
      });
      await expectRefused({
        method: 'GET',
        url: `/api/availability?doctorId=${doctor}&startDate=${q(bad)}&endDate=2026-12-01`,
      });
      await expectRefused({
        method: 'GET',
        url: `/api/availability?doctorId=${doctor}&startDate=2026-11-24&endDate=${q(bad)}`,
      });
      await expectRefused({
        method: 'GET',
        url: `/api/appointments?doctorId=${doctor}&date=${q(bad)}`,
      });
      await expectRefused({
        method: 'GET',
        url: `/api/appointments?doctorId=${doctor}&startDate=${q(bad)}&endDate=2026-12-01`,
      });
    }
  });

  it('on booking and rescheduling, for the date and for the time', async () => {
    for (const bad of values) {
      await expectRefused({
        method: 'POST',
        url: '/api/payments/create-session',
        token: patientToken,
        payload: { doctorId: f.doctorId, date: bad, slot: '10:00', country: 'Bulgaria' },
      });
      await expectRefused({
        method: 'PUT',
        url: `/api/appointments/${appointmentId}/reschedule`,
        token: patientToken,
        payload: { newDate: bad, newSlot: '10:30' },
      });
    }
    for (const bad of [...BAD_SLOTS, ...randomStrings(20, 7)]) {
      await expectRefused({
        method: 'POST',
        url: '/api/payments/create-session',
        token: patientToken,
        payload: { doctorId: f.doctorId, date: '2026-11-26', slot: bad, country: 'Bulgaria' },
      });
      await expectRefused({
        method: 'PUT',
        url: `/api/appointments/${appointmentId}/reschedule`,
        token: patientToken,
        payload: { newDate: '2026-11-26', newSlot: bad },
      });
    }
  });

  it("on the doctor's schedule and hours, and the administration's searches", async () => {
    for (const bad of values) {
      await expectRefused({
        method: 'GET',
        url: `/api/doctor/appointments?from=${q(bad)}&to=2026-11-29`,
        token: doctorToken,
      });
      await expectRefused({
        method: 'POST',
        url: '/api/doctor/schedule/exceptions',
        token: doctorToken,
        payload: { date: bad, kind: 'off' },
      });
      await expectRefused({
        method: 'GET',
        url: `/api/admin/appointments?from=${q(bad)}`,
        token: adminToken,
      });
      await expectRefused({
        method: 'GET',
        url: `/api/admin/audit?to=${q(bad)}`,
        token: adminToken,
      });
    }
    for (const bad of BAD_SLOTS)
      await expectRefused({
        method: 'POST',
        url: '/api/doctor/schedule/exceptions',
        token: doctorToken,
        payload: { date: '2026-12-01', kind: 'off', start: bad, end: '12:00' },
      });
  });
});
