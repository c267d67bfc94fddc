import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorProfiles, invoices, payments } from '../src/db/schema.ts';
import { createBookingFixture, type FixtureCaller } from './booking-fixture.ts';
import { IVAN } from './dependant-fixture.ts';
import { createTestApp, signUp, testClock, type TestApp } from './test-app.ts';

// "See a doctor now" (issue #22 part 4, ADR 0042): a patient pays the clinic's on-demand fee and
// waits for the first free cardiologist who speaks German; a doctor available now takes the next
// patient; nobody taken within the limit, or leaving, is refunded in full. Monday 2026-11-23,
// 10:00 UTC: Dr. Petrova (Sofia) and Dr. Weber (Berlin), both cardiologists, both at work.

const clock = testClock(new Date('2026-11-23T10:00:00Z'));
const MINUTE_MS = 60_000;

let t: TestApp;
let second: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let patient: FixtureCaller & { email: string };
let otherPatient: FixtureCaller;
let doctor: FixtureCaller;
let otherDoctor: FixtureCaller;
let admin: FixtureCaller;
const signedOut = null;

const as: (typeof f)['as'] = (...args) => f.as(...args);
const REASON = 'Chest tightness since this morning when climbing stairs';
const joinBody = (over: object = {}) => ({
  specialty: 'cardiology',
  language: 'de',
  reason: REASON,
  ...over,
});

const options = (who: FixtureCaller | null) => as(who, 'GET', '/api/on-demand/options');
const join = (who: FixtureCaller | null, body: object = joinBody()) =>
  as(who, 'POST', '/api/on-demand', body, { 'accept-language': 'de' });
const entry = (who: FixtureCaller | null, id: string) => as(who, 'GET', `/api/on-demand/${id}`);
const leave = (who: FixtureCaller | null, id: string) =>
  as(who, 'POST', `/api/on-demand/${id}/leave`);
const onCall = (who: FixtureCaller | null, minutes: number) =>
  as(who, 'PUT', '/api/doctor/on-call', { minutes });
const onCallState = (who: FixtureCaller | null) => as(who, 'GET', '/api/doctor/on-call');
const take = (who: FixtureCaller | null) => as(who, 'POST', '/api/doctor/on-demand/take');
const paymentOf = async (id: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, id)))[0]!;

/** She joins and pays: the entry's id, waiting. */
async function waiting(who: FixtureCaller, body: object = joinBody()) {
  const res = await join(who, body);
  expect(res.statusCode, res.body).toBe(201);
  const { appointmentId, sessionId, sessionUrl } = res.json().data;
  // The checkout returns to her place in the queue, paid or not.
  const checkout = await t.app.inject(new URL(sessionUrl).pathname);
  expect(checkout.body).toContain(`/dashboard/see-a-doctor-now/${appointmentId}?cancelled=1`);
  expect((await f.pay(sessionId)).statusCode).toBe(303);
  return appointmentId as string;
}

/** Nobody waits and nobody is on call: each test starts from an empty room. */
async function emptyQueue() {
  for (const who of [doctor, otherDoctor]) await onCall(who, 0);
  clock.advance(2 * 60 * MINUTE_MS);
  await t.app.backgroundWork.tick();
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  patient = await f.patientWithProfile();
  otherPatient = await f.patientWithProfile();
  doctor = f.caller(f.doctorId);
  const staff = await f.otherStaff();
  otherDoctor = f.caller(staff.otherDoctorId);
  admin = f.caller(staff.adminId);
  // Both cardiologists consult in German; Dr. Weber in English too.
  await t.db
    .update(doctorProfiles)
    .set({ languages: ['bg', 'de'] })
    .where(eq(doctorProfiles.userId, f.doctorId));
  await t.db
    .update(doctorProfiles)
    .set({ languages: ['de', 'en'] })
    .where(eq(doctorProfiles.userId, staff.otherDoctorId));
  // A second instance over the same database, as behind a load balancer.
  second = await createTestApp({ clock, databaseUrl: t.databaseUrl });
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('who may do what', () => {
  it('the queue is the patient’s: staff are refused, signed-out callers asked to sign in', async () => {
    for (const [who, status] of [
      [signedOut, 401],
      [doctor, 403],
      [admin, 403],
    ] as const) {
      expect((await options(who)).statusCode).toBe(status);
      expect((await join(who)).statusCode).toBe(status);
    }
  });

  it('being available and taking patients is the doctor’s', async () => {
    for (const [who, status] of [
      [signedOut, 401],
      [patient, 403],
      [admin, 403],
    ] as const) {
      expect((await onCall(who, 30)).statusCode).toBe(status);
      expect((await onCallState(who)).statusCode).toBe(status);
      expect((await take(who)).statusCode).toBe(status);
    }
  });

  it('an admin switches a doctor’s availability for her; nobody else does', async () => {
    const url = `/api/admin/doctors/${f.doctorId}/on-call`;
    for (const [who, status] of [
      [signedOut, 401],
      [patient, 403],
      [otherDoctor, 403],
    ] as const)
      expect((await as(who, 'PUT', url, { minutes: 30 })).statusCode).toBe(status);
    const res = await as(admin, 'PUT', url, { minutes: 30 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.until).toBe(new Date(clock().getTime() + 30 * MINUTE_MS).toISOString());
    expect((await onCallState(doctor)).json().data.until).toBe(res.json().data.until);
    expect((await as(admin, 'GET', url)).json().data.until).toBe(res.json().data.until);
    // A patient is no doctor to switch on.
    const notDoctor = await as(admin, 'PUT', `/api/admin/doctors/${patient.userId}/on-call`, {
      minutes: 30,
    });
    expect(notDoctor.statusCode).toBe(404);
    expect((await as(admin, 'PUT', url, { minutes: 0 })).json().data.until).toBeNull();
  });

  it('her place in the queue is hers alone', async () => {
    const id = await waiting(patient);
    for (const who of [otherPatient]) {
      expect((await entry(who, id)).statusCode).toBe(404);
      expect((await leave(who, id)).statusCode).toBe(404);
    }
    expect((await entry(doctor, id)).statusCode).toBe(403);
    expect((await leave(patient, id)).statusCode).toBe(200);
  });
});

describe('bad input gets a clear answer', () => {
  it('an unknown specialty or language, an empty reason, a period out of range: 400', async () => {
    for (const body of [
      joinBody({ specialty: 'astrology' }),
      joinBody({ language: 'xx' }),
      joinBody({ reason: '   ' }),
      joinBody({ reason: 'x'.repeat(501) }),
    ]) {
      const res = await join(patient, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    for (const minutes of [-1, 1.5, 24 * 60])
      expect((await onCall(doctor, minutes)).statusCode).toBe(400);
    expect((await entry(patient, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('a patient without a complete profile is asked to complete it first', async () => {
    const fresh = await signUp(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/on-demand',
      headers: { authorization: `Bearer ${fresh.accessToken}` },
      payload: joinBody(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('profileIncomplete');
  });
});

describe('waiting, and being taken', () => {
  it('the fee is the clinic’s, and she sees who is available now', async () => {
    await emptyQueue();
    let res = await options(patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      price: 49,
      currency: 'EUR',
      maxWaitMinutes: 20,
      availableNow: [],
    });
    await onCall(doctor, 60);
    res = await options(patient);
    expect(res.json().data.availableNow).toEqual([
      { specialty: 'cardiology', languages: ['bg', 'de'], doctors: 1 },
    ]);
  });

  it('paid, she is first in the queue; the doctor sees her waiting and takes her into a call now', async () => {
    const id = await waiting(patient);
    const paidAt = clock();
    let res = await entry(patient, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      state: 'waiting',
      specialty: 'cardiology',
      language: 'de',
      position: 1,
      doctorsAvailable: 1,
      // A free doctor takes the first in line at once.
      estimatedWaitMinutes: 1,
      givesUpAt: new Date(paidAt.getTime() + 20 * MINUTE_MS).toISOString(),
      price: 49,
      currency: 'EUR',
      doctor: null,
    });
    // One place in the queue at a time.
    const again = await join(patient);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('alreadyInQueue');
    expect((await onCallState(doctor)).json().data).toMatchObject({
      waiting: 1,
      currentAppointmentId: null,
    });
    // A doctor not available now takes nobody.
    const notOnCall = await take(otherDoctor);
    expect(notOnCall.statusCode).toBe(409);
    expect(notOnCall.json().code).toBe('notOnCall');

    clock.advance(3 * MINUTE_MS);
    const takenAt = clock();
    res = await take(doctor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      appointmentId: id,
      patient: { name: 'Maria Ivanova' },
      reason: REASON,
    });
    res = await entry(patient, id);
    expect(res.json().data).toMatchObject({
      state: 'taken',
      position: null,
      doctor: { name: 'Dr. Elena Petrova' },
    });
    // The visit is an appointment with her, now, that both may join at once.
    const visit = (await as(patient, 'GET', `/api/appointments/${id}`)).json().data;
    expect(visit).toMatchObject({
      plan: 'on-demand',
      status: 'upcoming',
      startsAt: takenAt.toISOString(),
      isJoinable: true,
      doctorId: { _id: f.doctorId },
    });
    expect((await as(doctor, 'GET', `/api/appointments/${id}`)).statusCode).toBe(200);
    expect((await onCallState(doctor)).json().data).toMatchObject({
      waiting: 0,
      currentAppointmentId: id,
    });
    // In a call, she takes the next one after it.
    const busy = await take(doctor);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe('inOnDemandCall');
    // Neither moved nor given to another doctor: it is now.
    const moved = await as(patient, 'PUT', `/api/appointments/${id}/reschedule`, {
      newDate: '2026-11-24',
      newSlot: '10:00',
    });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().code).toBe('onDemandNotMovable');
  });

  it('her billing history and invoice name the visit with the first free doctor', async () => {
    const [item] = (await as(patient, 'GET', '/api/payments/history')).json().data;
    expect(item).toMatchObject({
      onDemand: true,
      doctor: { name: 'Dr. Elena Petrova' },
      amount: 49,
      status: 'completed',
    });
    const invoice = (
      await t.db
        .select()
        .from(invoices)
        .innerJoin(payments, eq(payments.id, invoices.paymentId))
        .where(eq(payments.patientId, patient.userId))
    ).at(-1)!;
    // Paid before anyone took her: the specialty she asked for, not a doctor, is on it.
    expect(invoice.invoices.details).toMatchObject({
      service: { kind: 'on-demand-consultation' },
      doctor: { name: '', specialties: ['cardiology'] },
    });
  });
});

describe('nobody takes her, or she leaves: refunded in full', () => {
  it('past the limit she is refunded and offered the next free times', async () => {
    await emptyQueue();
    const id = await waiting(patient);
    clock.advance(20 * MINUTE_MS + 1);
    await t.app.backgroundWork.tick();
    const res = await entry(patient, id);
    expect(res.json().data).toMatchObject({ state: 'timedOut', position: null });
    expect(res.json().data.nextFreeSlots.length).toBeGreaterThan(0);
    expect(res.json().data.nextFreeSlots[0].doctor.slug).toBe('elena-petrova');
    const payment = await paymentOf(id);
    expect(payment.status).toBe('refunded');
    // The money came back with a credit note for the invoice.
    const documents = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment.id));
    expect(documents.map((d) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    const [item] = (await as(patient, 'GET', '/api/payments/history')).json().data;
    expect(item).toMatchObject({
      onDemand: true,
      status: 'refunded',
      doctor: { name: '', specialties: ['cardiology'] },
    });
    // The refund is mailed to her, naming no doctor but the first free one.
    const refundMail = (await t.mails(patient.email)).find(
      (m) => m.subject === 'Your Vizita refund has been issued',
    );
    expect(refundMail?.text).toContain('The first free doctor');
    // Her record keeps the visit nobody took, with its reason, in both export formats.
    const exported = (await as(patient, 'GET', '/api/privacy/export')).json().data;
    expect(exported.appointments).toContainEqual(
      expect.objectContaining({ id, doctor: '', status: 'cancelled', reason: REASON }),
    );
    expect((await as(patient, 'GET', '/api/privacy/export?format=fhir')).statusCode).toBe(200);
    // A doctor who comes on call later finds nobody.
    await onCall(doctor, 30);
    expect((await take(doctor)).json().code).toBe('nobodyWaiting');
  });

  it('her own page ends a wait past its limit at once, without waiting for the sweep', async () => {
    await emptyQueue();
    const id = await waiting(patient);
    clock.advance(21 * MINUTE_MS);
    expect((await entry(patient, id)).json().data.state).toBe('timedOut');
    expect((await paymentOf(id)).status).toBe('refunded');
  });

  it('she leaves: refunded once, however often she asks; once taken she is told she no longer waits', async () => {
    await emptyQueue();
    const id = await waiting(patient);
    const res = await leave(patient, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.state).toBe('left');
    expect((await paymentOf(id)).status).toBe('refunded');
    // A double click: the same answer, and one refund.
    const twice = await leave(patient, id);
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.state).toBe('left');
    const refunds = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.paymentId, (await paymentOf(id)).id));
    expect(refunds.filter((d) => d.kind === 'credit_note')).toHaveLength(1);

    const taken = await waiting(patient);
    await onCall(doctor, 30);
    expect((await take(doctor)).statusCode).toBe(200);
    expect((await leave(patient, taken)).json().code).toBe('queueEntryClosed');
    expect((await paymentOf(taken)).status).toBe('completed');
  });
});

describe('races: exactly one wins, on any instance', () => {
  it('two doctors take the one waiting patient at once, on two instances: one gets her', async () => {
    await emptyQueue();
    await onCall(doctor, 60);
    await onCall(otherDoctor, 60);
    const id = await waiting(patient);
    const takeOn = async (app: TestApp, who: FixtureCaller) =>
      app.app.inject({
        method: 'POST',
        url: '/api/doctor/on-demand/take',
        headers: { authorization: `Bearer ${await who.token}` },
      });
    const results = await Promise.all([takeOn(t, doctor), takeOn(second, otherDoctor)]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 404]);
    expect(results.find((r) => r.statusCode === 404)!.json().code).toBe('nobodyWaiting');
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    expect(winner.appointmentId).toBe(id);
    expect((await entry(patient, id)).json().data.state).toBe('taken');
  });

  it('two patients wait and one doctor takes twice at once: she gets the first, the second waits on', async () => {
    await emptyQueue();
    const first = await waiting(patient);
    clock.advance(1000);
    const next = await waiting(otherPatient);
    await onCall(doctor, 60);
    const results = await Promise.all([take(doctor), take(doctor)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json().data.appointmentId).toBe(first);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('inOnDemandCall');
    const still = (await entry(otherPatient, next)).json().data;
    expect(still).toMatchObject({ state: 'waiting', position: 1, doctorsAvailable: 1 });
    // The only doctor is in a call: half a consultation (15 minutes by default) to wait.
    expect(still.estimatedWaitMinutes).toBe(8);
  });

  it('a mother queues for her 7-year-old: the doctor takes him, not her; nobody else’s child', async () => {
    await emptyQueue();
    const ivan = await as(patient, 'POST', '/api/dependants', IVAN);
    expect(ivan.statusCode, ivan.body).toBe(201);
    const ivanId = ivan.json().data.id as string;
    const notHers = await join(otherPatient, joinBody({ dependantId: ivanId }));
    expect(notHers.statusCode).toBe(404);
    expect(notHers.json().code).toBe('dependantNotFound');
    const id = await waiting(patient, joinBody({ dependantId: ivanId }));
    await onCall(doctor, 60);
    const taken = await take(doctor);
    expect(taken.json().data).toMatchObject({
      appointmentId: id,
      patient: { name: 'Ivan Georgiev' },
    });
    const visit = (await as(doctor, 'GET', `/api/appointments/${id}`)).json().data;
    expect(visit.patient.dependant).toMatchObject({ relationship: 'child', age: 7 });
  });

  it('only a doctor of her specialty who speaks her language takes her', async () => {
    await emptyQueue();
    const id = await waiting(patient, joinBody({ language: 'en' }));
    await onCall(doctor, 60);
    expect((await take(doctor)).json().code).toBe('nobodyWaiting');
    await onCall(otherDoctor, 60);
    expect((await take(otherDoctor)).json().data.appointmentId).toBe(id);
  });
});
