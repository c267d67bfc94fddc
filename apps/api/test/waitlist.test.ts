import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  jobs,
  notifications,
  payments,
  waitlistEntries,
  waitlistOffers,
} from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, signUp, STRONG_PASSWORD, testClock, type TestApp } from './test-app.ts';

// Earlier-slot alerts (issue #20). Monday 2026-11-23 08:00 UTC, 10:00 in Sofia (UTC+2). Every
// doctor here works Mon–Fri 09:00–17:00 in Sofia (07:00–15:00Z) with 30-minute slots. The clock
// only moves forward; each part books its own days, and most have their own doctor with their own
// specialty, so that the waiting patients of one part are not offered the times of another.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
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

/** A doctor of one specialty in Sofia, Mon–Fri 09:00–17:00. */
const newDoctor = (specialty: string, lastName = 'Doctor') =>
  createAdminService(t.db, clock).createDoctor({
    email: `dr-${randomUUID()}@vizita.test`,
    password: 'Doctor-2026!',
    firstName: 'Ana',
    lastName,
    specialties: [specialty],
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });

/** A request as `userId` with a fresh token (tokens last 15 minutes of the test clock). */
const call = async (
  userId: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: userId ? { authorization: `Bearer ${(await f.signIn(userId)).token}` } : {},
    ...(payload ? { payload } : {}),
  });
const join = (userId: string, body: Record<string, unknown>) =>
  call(userId, 'POST', '/api/waitlist', body);
const cancel = (userId: string, id: string) =>
  call(userId, 'PUT', `/api/appointments/${id}/cancel`, {
    reason: 'Something came up at work.',
  });
const take = (userId: string | null, offerId: string, body: Record<string, unknown> = {}) =>
  call(userId, 'POST', `/api/waitlist/offers/${offerId}/take`, body);
const offer = (userId: string | null, offerId: string) =>
  call(userId, 'GET', `/api/waitlist/offers/${offerId}`);

/** Books and pays a time with a doctor; answers the appointment's id. */
async function bookPaid(patientId: string, doctorId: string, date: string, slot: string) {
  const res = await f.book((await f.signIn(patientId)).token, { doctorId, date, slot });
  if (res.statusCode !== 200) throw new Error(`booking failed: ${res.body}`);
  const { appointmentId, sessionId } = res.json<{
    data: { appointmentId: string; sessionId: string };
  }>().data;
  const paid = await f.pay(sessionId);
  if (paid.statusCode !== 303) throw new Error(`payment failed: ${paid.statusCode}`);
  return appointmentId;
}

/** The patients' earlier-slot notifications, oldest first. */
const offerNotices = async (patientIds: string[]) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(
        and(
          inArray(notifications.userId, patientIds),
          eq(notifications.kind, 'earlierSlotOffered'),
        ),
      )
      .orderBy(notifications.createdAt)
  ).map((n) => ({ ...n, offerId: /\/dashboard\/waitlist\/offers\/([\w-]+)$/.exec(n.link)![1]! }));

/** The newest offer to a patient (by its notification). */
const newestOfferId = async (patientId: string) => {
  const [n] = await t.db
    .select({ link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, patientId), eq(notifications.kind, 'earlierSlotOffered')))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return n!.link.split('/').at(-1)!;
};

/** The offer jobs queued for a doctor, in the order queued, each as its list of freed starts. */
const offerJobs = async (doctorId: string) =>
  (await t.db.select().from(jobs).where(eq(jobs.kind, 'waitlist-offer')).orderBy(jobs.createdAt))
    .filter((j) => j.payload.doctorId === doctorId)
    .map((j) => j.payload.starts!.split(','));

const entryRow = async (id: string) =>
  (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)))[0]!;
const appointmentRow = async (id: string) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const runJobs = () => t.app.backgroundWork.tick();

describe('POST /api/waitlist — asking to be told', () => {
  it('takes an appointment at least two days away, to the minute, once', async () => {
    const [p] = await f.patients(1);
    // Wednesday 10:00 Sofia = 08:00Z: exactly 48 hours from now.
    const id = await bookPaid(p!.userId, f.doctorId, '2026-11-25', '10:00');
    const joined = await join(p!.userId, { appointmentId: id });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data).toMatchObject({
      status: 'waiting',
      appointmentId: id,
      doctor: { _id: f.doctorId, name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
      specialty: null,
      expiresAt: '2026-11-25T08:00:00.000Z',
    });
    const again = await join(p!.userId, { appointmentId: id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('waitlistAlreadyWaiting');

    // Stopped, and asked again a minute later: now less than two days away.
    const entryId = joined.json().data._id as string;
    const stopped = await call(p!.userId, 'DELETE', `/api/waitlist/${entryId}`);
    expect(stopped.json().data.status).toBe('cancelled');
    clock.advance(60_000);
    const late = await join(p!.userId, { appointmentId: id });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ success: false, code: 'waitlistTooSoon' });
  });

  it('refuses what is not the patient’s, not upcoming or not one target, and limits the alerts', async () => {
    const [p, q] = await f.patients(2);
    // A doctor of its own: these alerts must not wait for Dr. Petrova's times below.
    const doctorId = await newDoctor('general-practice');
    const others = await bookPaid(q!.userId, f.doctorId, '2026-11-30', '09:00');
    expect((await join(p!.userId, { appointmentId: others })).json().code).toBe(
      'appointmentNotFound',
    );
    const cancelled = await bookPaid(p!.userId, f.doctorId, '2026-11-30', '09:30');
    await cancel(p!.userId, cancelled);
    expect((await join(p!.userId, { appointmentId: cancelled })).json().code).toBe(
      'appointmentNotUpcoming',
    );
    expect((await join(p!.userId, { doctorId: randomUUID() })).json().code).toBe('doctorNotFound');
    for (const body of [
      {},
      { doctorId: f.doctorId, specialty: 'cardiology' },
      { specialty: 'astrology' },
      { doctorId: f.doctorId, note: 'anything' },
    ])
      expect((await join(p!.userId, body)).statusCode).toBe(400);

    const specialties = ['dermatology', 'pediatrics', 'psychiatry', 'endocrinology', 'ent'];
    const ids: string[] = [];
    for (const specialty of specialties) {
      const res = await join(p!.userId, { specialty });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data._id as string);
    }
    const sixth = await join(p!.userId, { doctorId });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().code).toBe('waitlistTooManyEntries');
    await call(p!.userId, 'DELETE', `/api/waitlist/${ids[0]!}`);
    expect((await join(p!.userId, { doctorId })).statusCode).toBe(201);
    expect((await join(p!.userId, { doctorId })).json().code).toBe('waitlistAlreadyWaiting');

    const list = await call(p!.userId, 'GET', '/api/waitlist');
    const statuses = (list.json().data as { status: string }[]).map((e) => e.status);
    expect(statuses).toEqual(['waiting', 'waiting', 'waiting', 'waiting', 'waiting', 'cancelled']);
    // A specialty's alert is valid for two weeks.
    const entry = (list.json().data as { specialty: string; expiresAt: string }[]).find(
      (e) => e.specialty === 'pediatrics',
    )!;
    expect(Date.parse(entry.expiresAt) - clock().getTime()).toBe(14 * 86_400_000);
  });
});

describe('the offer job', () => {
  it('offers a freed time to the five oldest alerts it fits, earlier ones only, by notification', async () => {
    const patients = await f.patients(10);
    const [early, holding, w1, s, w2, w3, w4, w5, w6, q] = patients.map((p) => p.userId) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    // The time to be freed: Monday 2026-11-30 10:00 Sofia (08:00Z), q's.
    const freed = await bookPaid(q, f.doctorId, '2026-11-30', '10:00');
    // Waiting in this order (a second apart): an appointment earlier than the freed time, one who
    // holds that very time with another doctor (09:00 Berlin), then four to move a later
    // appointment with one for the specialty among them, then two more.
    const earlyAppointment = await bookPaid(early, f.doctorId, '2026-11-27', '09:00');
    await bookPaid(holding, otherDoctorId, '2026-11-30', '09:00');
    const later: Record<string, string> = {};
    for (const [i, p] of [w1, w2, w3, w4, w5, w6].entries())
      later[p] = await bookPaid(p, f.doctorId, '2026-12-03', `${9 + i}:00`.padStart(5, '0'));
    for (const [p, body] of [
      [early, { appointmentId: earlyAppointment }],
      [holding, { doctorId: f.doctorId }],
      [w1, { appointmentId: later[w1] }],
      [s, { specialty: 'cardiology' }],
      [w2, { appointmentId: later[w2] }],
      [w3, { appointmentId: later[w3] }],
      [w4, { appointmentId: later[w4] }],
      [w5, { appointmentId: later[w5] }],
      [w6, { appointmentId: later[w6] }],
    ] as const) {
      expect((await join(p, body)).statusCode).toBe(201);
      clock.advance(1000);
    }

    await cancel(q, freed);
    // Durable: queued with the cancellation, run by the background loop.
    expect((await offerJobs(f.doctorId)).at(-1)).toEqual(['2026-11-30T08:00:00.000Z']);
    const everyone = [early, holding, w1, s, w2, w3, w4, w5, w6];
    expect(await offerNotices(everyone)).toHaveLength(0);
    await runJobs();

    const notices = await offerNotices(everyone);
    expect(notices.map((n) => n.userId).sort()).toEqual([w1, s, w2, w3, w4].sort());
    for (const n of notices) {
      // The time and the doctor's name: nothing of any appointment, nor of anyone else.
      expect(n.params).toEqual({
        startsAt: '2026-11-30T08:00:00.000Z',
        timeZone: 'Europe/Sofia',
        name: 'Dr. Elena Petrova',
      });
      expect(n.link).toBe(`/dashboard/waitlist/offers/${n.offerId}`);
    }
    const offered = await t.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.startsAt, new Date('2026-11-30T08:00:00.000Z')));
    expect(offered).toHaveLength(5);

    // The job again (a retry) offers nobody else: the five of this freeing are given.
    await t.db.update(jobs).set({ doneAt: null }).where(eq(jobs.kind, 'waitlist-offer'));
    await runJobs();
    expect(await offerNotices(everyone)).toHaveLength(5);
  });

  it('offers nothing when the time is taken again before the job runs', async () => {
    const doctorId = await newDoctor('gastroenterology');
    const [w, q, r] = (await f.patients(3)).map((p) => p.userId) as [string, string, string];
    expect((await join(w, { doctorId })).statusCode).toBe(201);
    const freed = await bookPaid(q, doctorId, '2026-12-01', '10:00');
    await cancel(q, freed);
    expect(await offerJobs(doctorId)).toEqual([['2026-12-01T08:00:00.000Z']]);
    // Someone books it (a live checkout hold) before the loop runs the job.
    const hold = await f.book((await f.signIn(r)).token, {
      doctorId,
      date: '2026-12-01',
      slot: '10:00',
    });
    expect(hold.statusCode).toBe(200);
    await runJobs();
    expect(await offerNotices([w])).toHaveLength(0);
  });
});

describe('every path that frees a time queues the offers', () => {
  let doctorId: string;
  let patientId: string;
  beforeAll(async () => {
    doctorId = await newDoctor('pulmonology');
    const [w, p] = await f.patients(2);
    patientId = p!.userId;
    expect((await join(w!.userId, { doctorId })).statusCode).toBe(201);
  });
  const queued = async () => (await offerJobs(doctorId)).flat();

  it('a cancellation, by the patient or the clinic, frees its time', async () => {
    const byPatient = await bookPaid(patientId, doctorId, '2026-12-02', '09:00');
    await cancel(patientId, byPatient);
    expect(await queued()).toContain('2026-12-02T07:00:00.000Z');
    const byClinic = await bookPaid(patientId, doctorId, '2026-12-02', '09:30');
    const res = await call(adminId, 'POST', `/api/admin/appointments/${byClinic}/cancel`, {
      reason: 'The doctor is ill today.',
    });
    expect(res.statusCode).toBe(200);
    expect(await queued()).toContain('2026-12-02T07:30:00.000Z');
  });

  it('a reschedule frees the old time, a reassignment the old doctor’s', async () => {
    const moved = await bookPaid(patientId, doctorId, '2026-12-02', '10:00');
    const res = await call(patientId, 'PUT', `/api/appointments/${moved}/reschedule`, {
      newDate: '2026-12-02',
      newSlot: '14:00',
    });
    expect(res.statusCode).toBe(200);
    expect(await queued()).toContain('2026-12-02T08:00:00.000Z');
    // 11:00 Sofia is 10:00 in Berlin, where Dr. Weber works then.
    const given = await bookPaid(patientId, doctorId, '2026-12-02', '11:00');
    const reassigned = await call(adminId, 'POST', `/api/admin/appointments/${given}/reassign`, {
      doctorId: otherDoctorId,
    });
    expect(reassigned.statusCode).toBe(200);
    expect(await queued()).toContain('2026-12-02T09:00:00.000Z');
  });

  it('new weekly hours, extra hours and time off taken back free their times; time off does not', async () => {
    const doctor = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: object) =>
      call(doctorId, method, url, body as Record<string, unknown> | undefined);
    const before = (await queued()).length;
    const extra = await doctor('POST', '/api/doctor/schedule/exceptions', {
      date: '2026-12-05',
      kind: 'extra',
      start: '10:00',
      end: '11:00',
    });
    expect(extra.statusCode).toBe(200);
    expect((await offerJobs(doctorId)).at(-1)).toEqual([
      '2026-12-05T08:00:00.000Z',
      '2026-12-05T08:30:00.000Z',
    ]);

    const off = await doctor('POST', '/api/doctor/schedule/exceptions', {
      date: '2026-12-11',
      kind: 'off',
    });
    expect(off.statusCode).toBe(200);
    expect((await queued()).length).toBe(before + 2);
    const offId = (off.json().data.schedule.exceptions as { _id: string; date: string }[]).find(
      (e) => e.date === '2026-12-11',
    )!._id;
    expect((await doctor('DELETE', `/api/doctor/schedule/exceptions/${offId}`)).statusCode).toBe(
      200,
    );
    const back = (await offerJobs(doctorId)).at(-1)!;
    expect(back).toHaveLength(16); // 09:00–17:00 Sofia, every half hour
    expect(back[0]).toBe('2026-12-11T07:00:00.000Z');

    // Saturday mornings from now on: every Saturday of the booking window, the earliest first.
    const weekly = await doctor('PUT', '/api/doctor/schedule/weekly', {
      ranges: [
        ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
        { weekday: 6, start: '09:00', end: '10:00' },
      ],
    });
    expect(weekly.statusCode).toBe(200);
    const saturdays = (await offerJobs(doctorId)).at(-1)!;
    expect(saturdays.slice(0, 2)).toEqual(['2026-11-28T07:00:00.000Z', '2026-11-28T07:30:00.000Z']);
    expect(saturdays.every((s) => new Date(s).getUTCDay() === 6)).toBe(true);
  });

  it('a checkout hold that lapses does not, and nobody waiting queues nothing', async () => {
    const before = (await queued()).length;
    const hold = await f.book((await f.signIn(patientId)).token, {
      doctorId,
      date: '2026-12-03',
      slot: '09:00',
    });
    expect(hold.statusCode).toBe(200);
    clock.advance(31 * 60_000);
    await runJobs();
    expect((await appointmentRow(hold.json().data.appointmentId)).status).toBe('expired');
    expect((await queued()).length).toBe(before);

    const lonely = await newDoctor('urology');
    const id = await bookPaid(patientId, lonely, '2026-12-03', '09:00');
    await cancel(patientId, id);
    expect(await offerJobs(lonely)).toEqual([]);
  });
});

describe('taking an offer', () => {
  let doctorId: string;
  beforeAll(async () => {
    doctorId = await newDoctor('neurology', 'Neuro');
  });

  /** Books `date slot` for a new patient and cancels it: the time is freed and the job run. */
  async function free(date: string, slot: string) {
    const [q] = await f.patients(1);
    const id = await bookPaid(q!.userId, doctorId, date, slot);
    await cancel(q!.userId, id);
    await runJobs();
  }

  it('moves the paid appointment, past the 14 days of a reschedule, without a second payment', async () => {
    const [a] = await f.patients(1);
    const mine = await bookPaid(a!.userId, doctorId, '2026-12-10', '10:00');
    const entry = (await join(a!.userId, { appointmentId: mine })).json().data._id as string;
    await free('2026-12-08', '10:00');
    const offerId = await newestOfferId(a!.userId);

    const shown = await offer(a!.userId, offerId);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({
      kind: 'reschedule',
      state: 'open',
      doctor: { _id: doctorId, name: 'Dr. Ana Neuro' },
      startsAt: '2026-12-08T08:00:00.000Z',
      timeZone: 'Europe/Sofia',
      date: '2026-12-08',
      slot: '10:00',
      appointment: { _id: mine, startsAt: '2026-12-10T08:00:00.000Z' },
      price: null,
    });

    const taken = await take(a!.userId, offerId);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data).toEqual({
      kind: 'moved',
      appointmentId: mine,
      startsAt: '2026-12-08T08:00:00.000Z',
    });
    expect((await appointmentRow(mine)).startsAt.toISOString()).toBe('2026-12-08T08:00:00.000Z');
    const paid = await t.db.select().from(payments).where(eq(payments.patientId, a!.userId));
    expect(paid.map((p) => p.status)).toEqual(['completed']);
    expect((await entryRow(entry)).status).toBe('fulfilled');
    expect((await offer(a!.userId, offerId)).json().data.state).toBe('taken');
    const again = await take(a!.userId, offerId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('waitlistOfferClosed');
  });

  it('books a new appointment through the checkout for an alert without one', async () => {
    const [b] = await f.patients(1);
    const entry = (await join(b!.userId, { doctorId })).json().data._id as string;
    await free('2026-12-09', '11:00');
    const offerId = await newestOfferId(b!.userId);
    expect((await offer(b!.userId, offerId)).json().data).toMatchObject({
      kind: 'booking',
      state: 'open',
      appointment: null,
      price: { amountMinor: 6000, currency: 'EUR' },
    });
    const taken = await take(b!.userId, offerId, { reason: 'A follow-up of my headaches.' });
    expect(taken.statusCode).toBe(200);
    const data = taken.json().data;
    expect(data).toMatchObject({ kind: 'checkout' });
    expect(data.sessionUrl).toContain('/checkout/');
    const held = await appointmentRow(data.appointmentId as string);
    expect(held).toMatchObject({ status: 'pending', doctorId, patientId: b!.userId });
    expect(held.startsAt.toISOString()).toBe('2026-12-09T09:00:00.000Z');
    expect((await f.pay(data.sessionId as string)).statusCode).toBe(303);
    expect((await appointmentRow(data.appointmentId as string)).status).toBe('upcoming');
    expect((await entryRow(entry)).status).toBe('fulfilled');
  });

  it('gives one of two patients taking at once the time; the other a clear 409 and their own', async () => {
    const [c1, c2] = await f.patients(2);
    const first = await bookPaid(c1!.userId, doctorId, '2026-12-11', '09:00');
    const second = await bookPaid(c2!.userId, doctorId, '2026-12-11', '09:30');
    const e1 = (await join(c1!.userId, { appointmentId: first })).json().data._id as string;
    const e2 = (await join(c2!.userId, { appointmentId: second })).json().data._id as string;
    await free('2026-12-07', '10:00');
    const o1 = await newestOfferId(c1!.userId);
    const o2 = await newestOfferId(c2!.userId);

    const results = await Promise.all([take(c1!.userId, o1), take(c2!.userId, o2)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = results[0].statusCode === 409 ? 0 : 1;
    expect(results[loser].json()).toMatchObject({ success: false, code: 'slotTaken' });
    const starts = [
      (await appointmentRow(first)).startsAt.toISOString(),
      (await appointmentRow(second)).startsAt.toISOString(),
    ];
    // Exactly one moved; the other keeps its own time, its alert still waiting.
    expect(starts.filter((s) => s === '2026-12-07T08:00:00.000Z')).toHaveLength(1);
    expect(starts[loser]).toBe(
      loser === 0 ? '2026-12-11T07:00:00.000Z' : '2026-12-11T07:30:00.000Z',
    );
    expect((await entryRow(loser === 0 ? e1 : e2)).status).toBe('waiting');
    expect((await entryRow(loser === 0 ? e2 : e1)).status).toBe('fulfilled');
    const loserId = loser === 0 ? c1!.userId : c2!.userId;
    expect((await offer(loserId, loser === 0 ? o1 : o2)).json().data.state).toBe('gone');
  });
});

describe('who may see and change an alert or an offer', () => {
  it('the alert’s patient only: everyone else gets 404, staff cannot ask, signed out 401', async () => {
    const doctorId = await newDoctor('orthopedics');
    const [p, other] = (await f.patients(2)).map((x) => x.userId) as [string, string];
    const otherDoctor = await newDoctor('orthopedics', 'Other');
    const entryId = (await join(p, { doctorId })).json().data._id as string;
    const [q] = await f.patients(1);
    await cancel(q!.userId, await bookPaid(q!.userId, doctorId, '2026-12-04', '10:00'));
    await runJobs();
    const offerId = await newestOfferId(p);

    const outsiders = [other, doctorId, otherDoctor, adminId];
    for (const who of outsiders) {
      expect((await offer(who, offerId)).statusCode).toBe(404);
      expect((await take(who, offerId)).statusCode).toBe(404);
      expect((await call(who, 'DELETE', `/api/waitlist/${entryId}`)).statusCode).toBe(404);
    }
    expect((await offer(null, offerId)).statusCode).toBe(401);
    expect((await take(null, offerId)).statusCode).toBe(401);
    expect((await call(null, 'DELETE', `/api/waitlist/${entryId}`)).statusCode).toBe(401);
    for (const staff of [doctorId, adminId]) {
      expect((await call(staff, 'GET', '/api/waitlist')).statusCode).toBe(403);
      expect((await join(staff, { doctorId })).statusCode).toBe(403);
    }
    expect((await call(null, 'GET', '/api/waitlist')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/waitlist', { doctorId })).statusCode).toBe(401);
    // Another patient's list does not hold it; nothing was changed by the attempts.
    expect((await call(other, 'GET', '/api/waitlist')).json().data).toEqual([]);
    expect((await entryRow(entryId)).status).toBe('waiting');

    expect((await offer(p, offerId)).json().data.state).toBe('open');
    expect((await call(p, 'GET', '/api/waitlist')).json().data[0]._id).toBe(entryId);
    expect((await call(p, 'DELETE', `/api/waitlist/${entryId}`)).statusCode).toBe(200);
    // A stopped alert's offer can no longer be taken.
    expect((await offer(p, offerId)).json().data.state).toBe('expired');
    expect((await take(p, offerId)).json().code).toBe('waitlistOfferClosed');
  });
});

describe('OpenAPI', () => {
  it('documents the waitlist calls from the shared contracts', async () => {
    const doc = (await t.app.inject('/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/waitlist',
        '/api/waitlist/{id}',
        '/api/waitlist/offers/{id}',
        '/api/waitlist/offers/{id}/take',
      ]),
    );
    expect(Object.keys(doc.paths['/api/waitlist'].post.responses)).toEqual(
      expect.arrayContaining(['201', '401', '403', '404', '409', '429']),
    );
  });
});

describe('the patient’s data rights', () => {
  it('lists the alerts and offers in the export, and erasure removes them', async () => {
    const doctorId = await newDoctor('allergology', 'Allergo');
    const patient = await signUp(t);
    const entry = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { authorization: `Bearer ${patient.accessToken}` },
      payload: { doctorId },
    });
    expect(entry.statusCode).toBe(201);
    const [q] = await f.patients(1);
    await cancel(q!.userId, await bookPaid(q!.userId, doctorId, '2026-12-04', '11:00'));
    await runJobs();

    const exported = await t.app.inject({
      url: '/api/privacy/export',
      headers: { authorization: `Bearer ${patient.accessToken}` },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.json().data.waitlist).toEqual([
      {
        id: entry.json().data._id,
        doctor: 'Ana Allergo',
        specialty: null,
        appointmentId: null,
        status: 'waiting',
        createdAt: clock().toISOString(),
        expiresAt: new Date(clock().getTime() + 14 * 86_400_000).toISOString(),
        offers: [
          { startsAt: '2026-12-04T09:00:00.000Z', offeredAt: clock().toISOString(), takenAt: null },
        ],
      },
    ]);

    const erased = await t.app.inject({
      method: 'POST',
      url: '/api/privacy/delete-account',
      headers: { authorization: `Bearer ${patient.accessToken}` },
      payload: { password: STRONG_PASSWORD },
    });
    expect(erased.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.patientId, patient.userId)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(waitlistOffers)
        .where(eq(waitlistOffers.entryId, entry.json().data._id as string)),
    ).toEqual([]);
  });
});

// Last: the clock jumps two weeks.
describe('an alert’s end', () => {
  it('is not offered anything after it, and reads expired', async () => {
    const doctorId = await newDoctor('ophthalmology');
    const [w, q] = (await f.patients(2)).map((x) => x.userId) as [string, string];
    const entryId = (await join(w, { doctorId })).json().data._id as string;
    clock.advance(14 * 86_400_000);
    const id = await bookPaid(q, doctorId, '2026-12-09', '10:00');
    await cancel(q, id);
    await runJobs();
    expect(await offerNotices([w])).toHaveLength(0);
    expect((await entryRow(entryId)).status).toBe('expired');
    expect((await call(w, 'GET', '/api/waitlist')).json().data[0]).toMatchObject({
      _id: entryId,
      status: 'expired',
    });
  });
});
