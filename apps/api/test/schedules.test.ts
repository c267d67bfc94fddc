import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, payments } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23 08:00 UTC. Dr. Petrova works Mon–Fri 09:00–17:00 in Sofia (UTC+2).
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let otherDoctorId: string;
let patientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  otherDoctorId = await createAdminService(t.db, clock).createDoctor({
    email: `weber-${randomUUID()}@vizita.test`,
    password: 'Doctor-2026!',
    firstName: 'Jonas',
    lastName: 'Weber',
    specialties: ['cardiology'],
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });
  patientId = (await f.patients(1, { firstName: 'Maria', lastName: 'Ivanova' }))[0]!.userId;
});
afterAll(() => t.close());

const call = async (
  userId: string | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: userId ? { authorization: `Bearer ${(await f.signIn(userId)).token}` } : {},
    ...(payload ? { payload } : {}),
  });
const week = (ranges: { weekday: number; start: string; end: string }[], extra = {}) =>
  call(f.doctorId, 'PUT', '/api/doctor/schedule/weekly', { ranges, ...extra });
const slotsOn = async (date: string) => f.freeSlots(date);

describe('self-served availability', () => {
  it('is for doctors only, in the error shape, without data', async () => {
    const admin = await createAdminService(t.db, clock).createAdmin({
      email: `ops-${randomUUID()}@clinic.test`,
      password: 'Clinic-Ops-2026!',
      firstName: 'Olga',
      lastName: 'Ops',
    });
    for (const [method, url] of [
      ['GET', '/api/doctor/schedule'],
      ['PUT', '/api/doctor/schedule/weekly'],
      ['POST', '/api/doctor/schedule/exceptions'],
      ['DELETE', `/api/doctor/schedule/exceptions/${randomUUID()}`],
      ['GET', '/api/doctor/schedule/preview?from=2026-11-23&to=2026-11-29'],
    ] as const) {
      for (const userId of [patientId, admin]) {
        const res = await call(userId, method, url, method === 'GET' ? undefined : {});
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'doctorRequired' });
        expect(res.json().data).toBeUndefined();
      }
      expect((await call(null, method, url)).statusCode).toBe(401);
    }
  });

  it('shows the weekly hours and changes them, with breaks, at once in availability', async () => {
    const before = await call(f.doctorId, 'GET', '/api/doctor/schedule');
    expect(before.json().data).toMatchObject({ timeZone: 'Europe/Sofia', slotMinutes: 30 });
    expect(before.json().data.weekly).toHaveLength(5);
    const ranges = [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, start: '09:00', end: '12:00' },
      { weekday, start: '13:00', end: '15:00' },
    ]);
    const res = await week(ranges);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.schedule.weekly).toHaveLength(10);
    const thursday = await slotsOn('2026-11-26');
    expect(thursday).toContain('11:30');
    expect(thursday).not.toContain('12:00');
    expect(thursday).toContain('13:00');
    expect(thursday).not.toContain('15:00');
  });

  it('explains what is wrong with the hours, field by field', async () => {
    const overlap = await week([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '11:00', end: '14:00' },
    ]);
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().errors).toContainEqual(
      expect.objectContaining({ path: 'ranges.1.end', code: 'scheduleOverlap' }),
    );
    const backwards = await week([{ weekday: 2, start: '15:00', end: '09:00' }]);
    expect(backwards.json().errors[0].code).toBe('scheduleEndBeforeStart');
    expect((await week([{ weekday: 8, start: '09:00', end: '10:00' }])).statusCode).toBe(400);
    expect((await week([{ weekday: 1, start: '9am', end: '10:00' }])).statusCode).toBe(400);
    const impossible = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-02-30',
      kind: 'off',
    });
    expect(impossible.statusCode).toBe(400);
    const past = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-11-20',
      kind: 'off',
    });
    expect(past.statusCode).toBe(400);
    const half = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-11-27',
      kind: 'extra',
      start: '18:00',
    });
    expect(half.json().errors[0].code).toBe('scheduleBothTimes');
  });

  it('refuses hours that cannot hold one slot, and dates out of reach, by field', async () => {
    const short = await week([{ weekday: 1, start: '09:00', end: '09:20' }]);
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      expect.objectContaining({ path: 'ranges.0.end', code: 'scheduleTooShort' }),
    ]);
    const exception = (body: Record<string, unknown>) =>
      call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', body);
    const shortExtra = await exception({
      date: '2026-11-28',
      kind: 'extra',
      start: '10:00',
      end: '10:15',
    });
    expect(shortExtra.json().errors[0]).toMatchObject({ path: 'end', code: 'scheduleTooShort' });
    const past = await exception({ date: '2026-11-22', kind: 'off' });
    expect(past.json().errors[0]).toMatchObject({ path: 'date', code: 'scheduleDatePast' });
    const far = await exception({ date: '2027-12-01', kind: 'off' });
    expect(far.statusCode).toBe(400);
    expect(far.json().errors[0]).toMatchObject({ path: 'date', code: 'scheduleDateTooFar' });
    // Today in the doctor's zone is fine, and a year ahead is the last day allowed.
    expect(
      (await exception({ date: '2026-11-23', kind: 'extra', start: '20:00', end: '21:00' }))
        .statusCode,
    ).toBe(200);
    expect((await exception({ date: '2027-11-23', kind: 'off' })).statusCode).toBe(200);
    for (const url of [
      '/api/doctor/schedule/preview?from=2026-02-30&to=2026-03-02',
      '/api/doctor/schedule/preview?from=2026-11-23&to=2026-13-01',
      '/api/doctor/schedule/preview?from=2026-11-29&to=2026-11-23',
      '/api/doctor/schedule/preview?from=2026-11-23',
    ]) {
      const res = await call(f.doctorId, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect(
      (await call(f.doctorId, 'DELETE', '/api/doctor/schedule/exceptions/not-an-id')).statusCode,
    ).toBe(400);
    const unknown = await call(
      f.doctorId,
      'DELETE',
      `/api/doctor/schedule/exceptions/${randomUUID()}`,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('scheduleExceptionNotFound');
    // Nothing of the refused changes was stored.
    const { weekly } = (await call(f.doctorId, 'GET', '/api/doctor/schedule')).json().data;
    expect(weekly).toHaveLength(10);
  });

  it('adds extra hours and time off, and previews the free slots they give', async () => {
    const extra = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-11-28',
      kind: 'extra',
      start: '10:00',
      end: '11:00',
      note: 'Saturday clinic',
    });
    expect(extra.statusCode).toBe(200);
    expect(await slotsOn('2026-11-28')).toEqual(['10:00', '10:30']);
    const preview = await call(
      f.doctorId,
      'GET',
      '/api/doctor/schedule/preview?from=2026-11-28&to=2026-11-28',
    );
    expect(preview.json().data[0].slots).toEqual(['10:00', '10:30']);
    // The preview is what patients are offered: the same computation, day for day.
    const week = await call(
      f.doctorId,
      'GET',
      '/api/doctor/schedule/preview?from=2026-11-23&to=2026-12-06',
    );
    const offered = await t.app.inject(
      `/api/availability?doctorId=${f.doctorId}&startDate=2026-11-23&endDate=2026-12-06`,
    );
    expect(week.statusCode).toBe(200);
    expect(week.json().data).toEqual(offered.json().data);
    const off = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-11-27',
      kind: 'off',
      start: '13:00',
      end: '15:00',
    });
    expect(off.statusCode).toBe(200);
    expect(await slotsOn('2026-11-27')).not.toContain('13:00');
    expect(await slotsOn('2026-11-27')).toContain('09:00');
    expect(
      (await call(f.doctorId, 'GET', '/api/doctor/schedule/preview?from=2026-11-01&to=2026-12-31'))
        .statusCode,
    ).toBe(400);
  });

  it('refuses time off over a booking, naming it, and cancels it with a refund when confirmed', async () => {
    const [p] = await f.patients(1, { firstName: 'Petar', lastName: 'Petrov' });
    const booked = await f.bookPaid(p!.token, '2026-12-01', '10:00');
    const dayOff = { date: '2026-12-01', kind: 'off' };
    const refused = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', dayOff);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'scheduleConflict',
      conflicts: [
        {
          _id: booked.appointmentId,
          date: '2026-12-01',
          slot: '10:00',
          patientName: 'Petar Petrov',
        },
      ],
    });
    expect(
      (
        await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
          ...dayOff,
          cancelBooked: true,
        })
      ).statusCode,
    ).toBe(400);
    const confirmed = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      ...dayOff,
      cancelBooked: true,
      cancelReason: 'I am away at a conference that day.',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.cancelled).toHaveLength(1);
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.appointmentId));
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'doctor' });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, booked.appointmentId));
    expect(payment!.status).toBe('refunded');
    expect(await slotsOn('2026-12-01')).toEqual([]);
    await t.app.backgroundWork.tick();
    const subjects = (await t.mails(p!.email)).map((m) => m.subject);
    expect(subjects).toContain('Your Vizita appointment is cancelled');
    expect(subjects).toContain('Your Vizita refund has been issued');
    const cancelMail = (await t.mails(p!.email)).find(
      (m) => m.subject === 'Your Vizita appointment is cancelled',
    );
    expect(cancelMail!.text).toContain('I am away at a conference that day.');
  });

  it('refuses a weekly change that drops a booking, naming it, here and on the command line', async () => {
    const [p] = await f.patients(1, { firstName: 'Ana', lastName: 'Georgieva' });
    const booked = await f.bookPaid(p!.token, '2026-12-02', '14:00');
    const { weekly } = (await call(f.doctorId, 'GET', '/api/doctor/schedule')).json().data;
    const withoutWednesday = weekly.filter((r: { weekday: number }) => r.weekday !== 3);
    const refused = await week(withoutWednesday);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      conflicts: [
        {
          _id: booked.appointmentId,
          date: '2026-12-02',
          slot: '14:00',
          patientName: 'Ana Georgieva',
        },
      ],
    });
    await expect(
      createAdminService(t.db, clock).setSchedule(
        f.doctorEmail,
        parseWeeklyHours('Mon-Tue 09:00-12:00'),
      ),
    ).rejects.toThrow(/2026-12-02 14:00 \(Ana Georgieva\)/);
    // Refused means unchanged: the booking stays and so do the hours.
    expect((await call(f.doctorId, 'GET', '/api/doctor/schedule')).json().data.weekly).toEqual(
      weekly,
    );
    const [row] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booked.appointmentId));
    expect(row!.status).toBe('upcoming');
  });

  it('lets an unpaid hold run out by itself under time off, and offers the slot no more', async () => {
    const [p] = await f.patients(1);
    const held = await f.book(p!.token, { date: '2026-12-03', slot: '09:00' });
    expect(held.statusCode).toBe(200);
    const off = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-12-03',
      kind: 'off',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.cancelled).toEqual([]);
    expect(await slotsOn('2026-12-03')).toEqual([]);
  });

  it('removes only its own changes', async () => {
    const { exceptions } = (await call(f.doctorId, 'GET', '/api/doctor/schedule')).json().data;
    const extra = exceptions.find((e: { date: string }) => e.date === '2026-11-28');
    const foreign = await call(
      otherDoctorId,
      'DELETE',
      `/api/doctor/schedule/exceptions/${extra._id}`,
    );
    expect(foreign.statusCode).toBe(404);
    const own = await call(f.doctorId, 'DELETE', `/api/doctor/schedule/exceptions/${extra._id}`);
    expect(own.statusCode).toBe(200);
    expect(await slotsOn('2026-11-28')).toEqual([]);
  });

  it('asks before removing extra hours that hold a booking, and audits every change', async () => {
    const added = await call(f.doctorId, 'POST', '/api/doctor/schedule/exceptions', {
      date: '2026-12-05',
      kind: 'extra',
      start: '10:00',
      end: '11:00',
    });
    const id = added
      .json()
      .data.schedule.exceptions.find((e: { date: string }) => e.date === '2026-12-05')._id;
    const [p] = await f.patients(1, { firstName: 'Ivan', lastName: 'Dimitrov' });
    const booked = await f.bookPaid(p!.token, '2026-12-05', '10:30');
    const url = `/api/doctor/schedule/exceptions/${id}`;
    const refused = await call(f.doctorId, 'DELETE', url);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().conflicts).toEqual([
      {
        _id: booked.appointmentId,
        date: '2026-12-05',
        slot: '10:30',
        patientName: 'Ivan Dimitrov',
      },
    ]);
    const confirmed = await call(
      f.doctorId,
      'DELETE',
      `${url}?cancelBooked=true&cancelReason=${encodeURIComponent('The Saturday clinic is closed.')}`,
    );
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.cancelled).toHaveLength(1);

    const events = await t.db.select().from(auditLog).where(eq(auditLog.subjectUserId, f.doctorId));
    const actions = events.map((e) => e.event);
    for (const action of [
      'schedule.weekly_updated',
      'schedule.time_off_added',
      'schedule.extra_hours_added',
      'schedule.exception_removed',
    ])
      expect(actions).toContain(action);
    expect(events.every((e) => e.userId === f.doctorId || e.userId === null)).toBe(true);
  });
});
