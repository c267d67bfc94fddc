import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  followUpProposals,
  notifications,
  payments,
} from '../src/db/schema.ts';
import { createBookingFixture, type FixtureCaller } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Follow-up visits (issue #20): the doctor proposes one after the consultation, the patient
// takes one of its times as a normal booking. Monday 2026-11-23 08:00 UTC; Dr. Petrova (Sofia,
// Mon–Fri 09:00–17:00, UTC+2) sees the patient on Tuesday at 10:00 Sofia time (08:00Z).

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const TUESDAY = new Date('2026-11-24T08:00:00Z');
const NOTE = 'Recheck the blood pressure two weeks after the new dose';
// Weekday slots of Dr. Petrova (11:00 Sofia time).
const TUE_DEC_1 = '2026-12-01T09:00:00.000Z';
const WED_DEC_2 = '2026-12-02T09:00:00.000Z';
const THU_DEC_3 = '2026-12-03T09:00:00.000Z';
const FRI_DEC_4 = '2026-12-04T09:00:00.000Z';

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let consultation: string;
let firstProposal: string;

// Access tokens live 15 minutes of the test clock, which jumps days: each call signs in afresh.
type Caller = FixtureCaller | null;
const caller = (userId: string): FixtureCaller => f.caller(userId);
let patient: NonNullable<Caller>;
let stranger: NonNullable<Caller>;
let doctor: NonNullable<Caller>;
let otherDoctor: NonNullable<Caller>;
let admin: NonNullable<Caller>;
const signedOut: Caller = null;

const as: (typeof f)['as'] = (...args) => f.as(...args);
const propose = (who: Caller, body: object, id = consultation) =>
  as(who, 'POST', `/api/doctor/appointments/${id}/follow-ups`, body);
const read = (who: Caller, id: string) => as(who, 'GET', `/api/follow-ups/${id}`);
const accept = (who: Caller, id: string, startsAt: string) =>
  as(who, 'POST', `/api/follow-ups/${id}/accept`, { startsAt });
const withdraw = (who: Caller, id: string) => as(who, 'POST', `/api/follow-ups/${id}/withdraw`);

/** The clinic sets the doctor's follow-up fee (the admin's doctor form). */
async function setFollowUpFee(followUpFeeMinor: number | null) {
  const res = await f.setDoctorFees(admin, { followUpFeeMinor });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.followUpFeeMinor).toBe(followUpFeeMinor);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const [p, s] = await f.patients(2);
  patient = caller(p!.userId);
  stranger = caller(s!.userId);
  consultation = (await f.bookPaid(p!.token, '2026-11-24', '10:00')).appointmentId;
  doctor = caller(f.doctorId);
  const staff = await f.otherStaff();
  otherDoctor = caller(staff.otherDoctorId);
  admin = caller(staff.adminId);
});
afterAll(() => t.close());

describe('proposing a follow-up', () => {
  it('waits until the consultation has begun', async () => {
    const res = await propose(doctor, { slots: [TUE_DEC_1] });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('followUpNotProposable');
  });

  it('is for the consultation’s own doctor only: everyone else gets 404', async () => {
    clock.advance(TUESDAY.getTime() - clock().getTime() + 20 * 60_000);
    for (const who of [patient, stranger, otherDoctor, admin]) {
      const res = await propose(who, { slots: [TUE_DEC_1] });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await propose(signedOut, { slots: [TUE_DEC_1] })).statusCode).toBe(401);
    expect((await propose(doctor, { slots: [TUE_DEC_1] }, randomUUID())).statusCode).toBe(404);
  });

  it('refuses what is not a proposal the patient can act on', async () => {
    for (const body of [
      {},
      { slots: [] },
      { slots: [TUE_DEC_1], suggestedWeeks: 2 },
      { slots: [TUE_DEC_1, TUE_DEC_1] },
      {
        slots: [
          TUE_DEC_1,
          WED_DEC_2,
          THU_DEC_3,
          FRI_DEC_4,
          '2026-12-07T09:00:00.000Z',
          '2026-12-08T09:00:00.000Z',
        ],
      },
      { suggestedWeeks: 0 },
      { suggestedWeeks: 9 },
      { slots: ['tomorrow'] },
      { suggestedWeeks: 2, note: 'x'.repeat(2001) },
      { suggestedWeeks: 2, note: 'Come back\u0000' },
      { suggestedWeeks: 2, priceMinor: 0 },
    ]) {
      const res = await propose(doctor, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('offers only the doctor’s own free slots', async () => {
    // Saturday: not one of the doctor's hours.
    const saturday = await propose(doctor, { slots: ['2026-11-28T09:00:00.000Z'] });
    expect(saturday.statusCode).toBe(409);
    expect(saturday.json().code).toBe('followUpSlotUnavailable');
    // Thursday 10:00 Sofia: another patient holds it.
    await f.bookPaid(await stranger.token, '2026-12-03', '10:00');
    const held = await propose(doctor, { slots: [TUE_DEC_1, '2026-12-03T08:00:00.000Z'] });
    expect(held.statusCode).toBe(409);
    expect(held.json().code).toBe('followUpSlotUnavailable');
  });

  it('is priced by the clinic’s follow-up fee, tells the patient without a health word, and is audited', async () => {
    // The clinic makes Dr. Petrova's follow-ups cheaper; the doctor sees the price before proposing.
    await setFollowUpFee(3500);
    const price = await as(doctor, 'GET', '/api/doctor/follow-ups/price');
    expect(price.json().data).toEqual({ amountMinor: 3500, currency: 'EUR' });
    expect((await as(patient, 'GET', '/api/doctor/follow-ups/price')).statusCode).toBe(403);

    const res = await propose(doctor, { slots: [WED_DEC_2, TUE_DEC_1], note: NOTE });
    expect(res.statusCode, res.body).toBe(201);
    const proposal = res.json().data;
    firstProposal = proposal._id;
    expect(proposal).toMatchObject({
      appointmentId: consultation,
      doctor: { _id: f.doctorId, name: 'Dr. Elena Petrova' },
      state: 'open',
      timeZone: 'Europe/Sofia',
      suggestedWeeks: null,
      window: null,
      note: NOTE,
      price: { amountMinor: 3500, currency: 'EUR' },
      expiresAt: '2026-12-08T08:20:00.000Z',
      followUpAppointmentId: null,
      mayAccept: false,
      mayWithdraw: true,
    });
    // In time order, on the doctor's calendar, both free.
    expect(proposal.slots).toEqual([
      { startsAt: TUE_DEC_1, date: '2026-12-01', slot: '11:00', free: true },
      { startsAt: WED_DEC_2, date: '2026-12-02', slot: '11:00', free: true },
    ]);

    const [bell] = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, patient.userId), eq(notifications.kind, 'followUpProposed')),
      );
    expect(bell).toMatchObject({
      params: { name: 'Dr. Elena Petrova' },
      link: `/dashboard/follow-ups/${firstProposal}`,
    });
    expect(JSON.stringify(bell)).not.toContain('blood pressure');

    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'follow_up.proposed'));
    expect(audited).toMatchObject({ userId: f.doctorId, subjectUserId: patient.userId });
    expect(JSON.stringify(audited)).not.toContain('blood pressure');
  });

  it('keeps one open proposal per consultation', async () => {
    const again = await propose(doctor, { suggestedWeeks: 3 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('followUpAlreadyOpen');
  });

  it('stores the note encrypted', async () => {
    const [row] = await t.db
      .select()
      .from(followUpProposals)
      .where(eq(followUpProposals.id, firstProposal));
    expect(row!.noteEncrypted).toMatch(/^v1\./);
    expect(await t.dumpAllTables()).not.toContain('blood pressure');
  });
});

describe('who may see and do what with a proposal', () => {
  it('is read by its patient and doctor, by the clinic without the note, by nobody else', async () => {
    const mine = (await read(patient, firstProposal)).json().data;
    expect(mine).toMatchObject({ note: NOTE, patient: null, mayAccept: true, mayWithdraw: false });
    const doctors = (await read(doctor, firstProposal)).json().data;
    expect(doctors).toMatchObject({
      note: NOTE,
      patient: { _id: patient.userId, name: 'Race Patient0' },
      mayAccept: false,
      mayWithdraw: true,
    });
    const clinics = await read(admin, firstProposal);
    expect(clinics.statusCode).toBe(200);
    expect(clinics.json().data).toMatchObject({ note: null, mayAccept: false, mayWithdraw: false });
    expect(clinics.body).not.toContain('blood pressure');
    for (const who of [stranger, otherDoctor])
      expect((await read(who, firstProposal)).statusCode).toBe(404);
    expect((await read(signedOut, firstProposal)).statusCode).toBe(401);
    expect((await read(patient, randomUUID())).statusCode).toBe(404);
    expect((await read(patient, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('lists a consultation’s proposals for the same people', async () => {
    const list = (who: Caller, query = `?appointmentId=${consultation}`) =>
      as(who, 'GET', `/api/follow-ups${query}`);
    for (const who of [patient, doctor, admin]) {
      const res = await list(who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((p: { _id: string }) => p._id)).toEqual([firstProposal]);
    }
    for (const who of [stranger, otherDoctor]) expect((await list(who)).statusCode).toBe(404);
    expect((await list(signedOut)).statusCode).toBe(401);
    // Without a consultation: each one's own that wait for an answer.
    expect((await list(patient, '')).json().data).toHaveLength(1);
    expect((await list(doctor, '')).json().data).toHaveLength(1);
    expect((await list(stranger, '')).json().data).toEqual([]);
    expect((await list(otherDoctor, '')).json().data).toEqual([]);
    expect((await list(admin, '')).json().data).toEqual([]);
  });

  it('is accepted by its patient only, and withdrawn by its doctor only', async () => {
    for (const who of [stranger, doctor, otherDoctor, admin]) {
      const res = await accept(who, firstProposal, TUE_DEC_1);
      expect(res.statusCode, res.body).toBe(404);
    }
    for (const who of [patient, stranger, otherDoctor, admin])
      expect((await withdraw(who, firstProposal)).statusCode).toBe(404);
    expect((await accept(signedOut, firstProposal, TUE_DEC_1)).statusCode).toBe(401);
    expect((await withdraw(signedOut, firstProposal)).statusCode).toBe(401);
    // Nothing changed for all that.
    expect((await read(patient, firstProposal)).json().data.state).toBe('open');
  });
});

describe('accepting a follow-up', () => {
  it('takes only one of the proposal’s times', async () => {
    const res = await accept(patient, firstProposal, FRI_DEC_4);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('slotNotOffered');
  });

  it('holds the slot and opens the checkout at the proposal’s price; two browsers at once make one hold', async () => {
    const [one, two] = await Promise.all([
      accept(patient, firstProposal, TUE_DEC_1),
      accept(patient, firstProposal, TUE_DEC_1),
    ]);
    const answers = [one, two].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409]);
    expect(['followUpCheckoutOpen', 'followUpSlotTaken']).toContain(answers[1]!.json().code);
    const data = answers[0]!.json().data;
    expect(data).toMatchObject({ outcome: 'checkout', sessionUrl: expect.any(String) });

    const holds = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.plan, 'follow-up'), eq(appointments.patientId, patient.userId)));
    expect(holds).toHaveLength(1);
    expect(holds[0]).toMatchObject({
      id: data.appointmentId,
      doctorId: f.doctorId,
      startsAt: new Date(TUE_DEC_1),
      status: 'pending',
      priceMinor: 3500,
      currency: 'EUR',
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, data.appointmentId));
    expect(payment).toMatchObject({ amountMinor: 3500, currency: 'EUR', status: 'pending' });

    // Meanwhile: the payment is open, so nothing else can happen to the proposal.
    expect((await read(patient, firstProposal)).json().data).toMatchObject({
      state: 'checkout',
      followUpAppointmentId: data.appointmentId,
      mayAccept: false,
    });
    expect((await accept(patient, firstProposal, WED_DEC_2)).json().code).toBe(
      'followUpCheckoutOpen',
    );
    expect((await withdraw(doctor, firstProposal)).json().code).toBe('followUpCheckoutOpen');

    // Paid: the follow-up visit is booked, a video visit like any consultation; the doctor is
    // told once.
    const doctorMails = (await t.mails(f.doctorEmail)).length;
    expect((await f.pay(data.sessionId)).statusCode).toBe(303);
    expect((await t.mails(f.doctorEmail)).length).toBe(doctorMails + 1);
    const booked = await as(patient, 'GET', `/api/appointments/${data.appointmentId}`);
    expect(booked.json().data).toMatchObject({
      plan: 'follow-up',
      status: 'upcoming',
      paymentAmount: 35,
      paymentCurrency: 'EUR',
      meetingUrl: expect.stringContaining(`/dashboard/meeting/${data.appointmentId}`),
    });
    expect((await read(patient, firstProposal)).json().data).toMatchObject({
      state: 'accepted',
      followUpAppointmentId: data.appointmentId,
      mayAccept: false,
      mayWithdraw: false,
    });
    const twice = await accept(patient, firstProposal, WED_DEC_2);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('followUpAlreadyAccepted');
    expect((await withdraw(doctor, firstProposal)).json().code).toBe('followUpAlreadyAccepted');
  });

  it('answers 409 with the next offered time when one was taken meanwhile; a free one is booked at once', async () => {
    // The clinic now makes follow-ups free; the accepted proposal no longer blocks a new one.
    await setFollowUpFee(0);
    const res = await propose(doctor, { slots: [THU_DEC_3, FRI_DEC_4] });
    expect(res.statusCode, res.body).toBe(201);
    const free = res.json().data;
    expect(free.price).toEqual({ amountMinor: 0, currency: 'EUR' });

    // Another patient books Thursday 11:00 before our patient chooses it.
    await f.bookPaid(await stranger.token, '2026-12-03', '11:00');
    const taken = await accept(patient, free._id, THU_DEC_3);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'followUpSlotTaken',
      nextSlot: { startsAt: FRI_DEC_4, date: '2026-12-04', slot: '11:00', free: true },
    });
    expect((await read(patient, free._id)).json().data.slots).toEqual([
      { startsAt: THU_DEC_3, date: '2026-12-03', slot: '11:00', free: false },
      { startsAt: FRI_DEC_4, date: '2026-12-04', slot: '11:00', free: true },
    ]);

    const doctorMails = (await t.mails(f.doctorEmail)).length;
    const [one, two] = await Promise.all([
      accept(patient, free._id, FRI_DEC_4),
      accept(patient, free._id, FRI_DEC_4),
    ]);
    const answers = [one, two].sort((a, b) => a.statusCode - b.statusCode);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409]);
    const booked = answers[0]!.json().data;
    expect(booked).toEqual({ outcome: 'booked', appointmentId: expect.any(String) });
    const rows = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, new Date(FRI_DEC_4)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ plan: 'follow-up', status: 'upcoming', priceMinor: 0 });
    // No payment for a free visit; the booking's mails went out as for any booking, once.
    expect(
      await t.db.select().from(payments).where(eq(payments.appointmentId, booked.appointmentId)),
    ).toEqual([]);
    expect((await t.mails(f.doctorEmail)).length).toBe(doctorMails + 1);
    expect((await read(patient, free._id)).json().data.state).toBe('accepted');
  });
});

describe('a proposal that ends unanswered', () => {
  it('is withdrawn by its doctor; the patient can then no longer accept it', async () => {
    const visit = await f.appointmentIn(-60 * 60_000, { status: 'completed' });
    const patientOf = caller(visit.patient.userId);
    const res = await propose(doctor, { slots: ['2026-12-07T09:00:00.000Z'] }, visit.id);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data._id;
    const withdrawn = await withdraw(doctor, id);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ state: 'withdrawn', mayWithdraw: false });
    // A second click changes nothing.
    expect((await withdraw(doctor, id)).statusCode).toBe(200);
    expect((await read(patientOf, id)).json().data).toMatchObject({
      state: 'withdrawn',
      mayAccept: false,
    });
    const late = await accept(patientOf, id, '2026-12-07T09:00:00.000Z');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('followUpWithdrawn');
    expect(
      await t.db.select().from(auditLog).where(eq(auditLog.event, 'follow_up.withdrawn')),
    ).toHaveLength(1);
    // The patient's bell says so once (not the double click), with who and no health word.
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, visit.patient.userId),
          eq(notifications.kind, 'followUpWithdrawn'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      params: { name: 'Dr. Elena Petrova' },
      link: `/dashboard/follow-ups/${id}`,
    });
    // The doctor may propose anew.
    expect((await propose(doctor, { suggestedWeeks: 1 }, visit.id)).statusCode).toBe(201);
  });

  it('offers the free slots of the week around "in about N weeks", and lapses after 14 days', async () => {
    const visit = await f.appointmentIn(-60 * 60_000, { status: 'completed' });
    const patientOf = caller(visit.patient.userId);
    const res = await propose(doctor, { suggestedWeeks: 2 }, visit.id);
    expect(res.statusCode, res.body).toBe(201);
    const proposal = res.json().data;
    // Proposed on Tuesday 24 November: two weeks on is Tuesday 8 December, ± 3 days.
    expect(proposal.window).toEqual({ from: '2026-12-05', to: '2026-12-11' });
    const slots = (await read(patientOf, proposal._id)).json().data.slots as {
      date: string;
      free: boolean;
      startsAt: string;
    }[];
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.free && s.date >= '2026-12-05' && s.date <= '2026-12-11')).toBe(
      true,
    );
    // The weekend is not the doctor's.
    expect(slots.some((s) => s.date === '2026-12-05' || s.date === '2026-12-06')).toBe(false);
    const outside = await accept(patientOf, proposal._id, TUE_DEC_1);
    expect(outside.json().code).toBe('slotNotOffered');

    clock.advance(14 * 86_400_000);
    expect((await read(patientOf, proposal._id)).json().data).toMatchObject({
      state: 'expired',
      slots: [],
      mayAccept: false,
    });
    const late = await accept(patientOf, proposal._id, slots.at(-1)!.startsAt);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe('followUpExpired');
    expect((await withdraw(doctor, proposal._id)).statusCode).toBe(410);
  });
});
