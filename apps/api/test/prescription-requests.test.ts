import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, notifications, payments } from '../src/db/schema.ts';
import { createBookingFixture, type FixtureCaller } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Repeat prescriptions without a call (issue #21, the `prescription` plan, ADR 0039): a patient
// who had a consultation with a doctor in the last 12 months asks that doctor, pays, and the
// doctor issues a prescription on the request or declines it (refunded); an unanswered one is
// refunded at its deadline. Monday 2026-11-23 08:00 UTC; Dr. Petrova (Sofia, UTC+2) sees Maria
// on Tuesday 2026-11-24 at 10:00 Sofia time (08:00Z) and prescribes ibuprofen.

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const setClock = (at: Date) => clock.advance(at.getTime() - clock().getTime());
const HOUR_MS = 3_600_000;

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let consultation: string;
let mariaEmail: string;

type Caller = FixtureCaller | null;
const caller = (userId: string): FixtureCaller => f.caller(userId);
let patient: NonNullable<Caller>;
let stranger: NonNullable<Caller>;
let doctor: NonNullable<Caller>;
let otherDoctor: NonNullable<Caller>;
let admin: NonNullable<Caller>;
const signedOut: Caller = null;

const as: (typeof f)['as'] = (...args) => f.as(...args);

const IBUPROFEN = {
  atc: 'M01AE01',
  medicine: 'Ibuprofen',
  strength: '400 mg',
  form: 'film-coated-tablet',
} as const;
const PRESCRIPTION = {
  kind: 'prescription',
  content: {
    items: [
      {
        ...IBUPROFEN,
        dosage: '1 tablet up to three times a day',
        quantity: '1 pack of 20 tablets',
        instructions: 'Take with food.',
      },
    ],
  },
} as const;
const REQUEST_REASON = 'Back pain again, the same as in November';
const requestBody = (over: object = {}) => ({
  doctorId: f.doctorId,
  medication: IBUPROFEN,
  reason: REQUEST_REASON,
  left: 'few-days',
  ...over,
});

const options = (who: Caller) => as(who, 'GET', '/api/prescription-requests/options');
const request = (who: Caller, body: object = requestBody()) =>
  as(who, 'POST', '/api/prescription-requests', body, { 'accept-language': 'de' });
const queue = (who: Caller) => as(who, 'GET', '/api/doctor/prescription-requests');
const decline = (who: Caller, id: string, reason = 'Please see your GP in person for this.') =>
  as(who, 'POST', `/api/doctor/prescription-requests/${id}/decline`, { reason });
const issue = (who: Caller, id: string, body: object = PRESCRIPTION) =>
  as(who, 'POST', `/api/doctor/appointments/${id}/clinical-documents`, body);
const appointmentOf = async (id: string) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const paymentOf = async (id: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, id)))[0]!;

/** Maria asks and pays: the request's id, upcoming and waiting in the queue. */
async function requestPaid(body: object = requestBody()) {
  const res = await request(patient, body);
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  expect(data.outcome).toBe('checkout');
  // Left, the checkout returns to a page that words it as a request.
  const checkout = await t.app.inject(new URL(data.sessionUrl).pathname);
  expect(checkout.body).toContain(`appointment_id=${data.appointmentId}&amp;plan=prescription`);
  expect((await f.pay(data.sessionId)).statusCode).toBe(303);
  return data.appointmentId as string;
}

/** The clinic sets Dr. Petrova's prescription fee (the admin's doctor form). */
async function setPrescriptionFee(prescriptionFeeMinor: number | null) {
  const res = await f.setDoctorFees(admin, { prescriptionFeeMinor });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.prescriptionFeeMinor).toBe(prescriptionFeeMinor);
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const maria = await f.patientWithProfile();
  patient = maria;
  mariaEmail = maria.email;
  const [s] = await f.patients(1);
  stranger = caller(s!.userId);
  consultation = (await f.bookPaid(await patient.token, '2026-11-24', '10:00')).appointmentId;
  doctor = caller(f.doctorId);
  const staff = await f.otherStaff();
  otherDoctor = caller(staff.otherDoctorId);
  admin = caller(staff.adminId);
});
afterAll(() => t.close());

describe('who may ask', () => {
  it('nobody before a consultation has taken place', async () => {
    expect((await options(patient)).json().data).toEqual([]);
    const res = await request(patient);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('prescriptionRequestNotAllowed');
  });

  it('the patient, of the doctor she saw, with that doctor’s earlier medicines', async () => {
    setClock(new Date('2026-11-24T08:05:00Z'));
    expect((await issue(doctor, consultation)).statusCode).toBe(201);
    // The next day the sweep has completed the consultation.
    setClock(new Date('2026-11-25T08:00:00Z'));
    await t.app.backgroundWork.tick();
    const res = await options(patient);
    expect(res.statusCode, res.body).toBe(200);
    const [option, ...others] = res.json().data;
    expect(others).toEqual([]);
    expect(option.doctor).toMatchObject({ _id: f.doctorId, name: 'Dr. Elena Petrova' });
    expect(option.lastVisit).toBe('2026-11-24T08:00:00.000Z');
    expect(option.medications).toEqual([IBUPROFEN]);
    // No prescription fee set: the consultation fee.
    expect(option.price).toBe(60);
    expect(option.currency).toBe('EUR');
  });

  it('at the prescription fee the clinic sets for the doctor', async () => {
    await setPrescriptionFee(1500);
    expect((await options(patient)).json().data[0].price).toBe(15);
  });

  it('not another patient, not a doctor she has not seen, and not staff', async () => {
    expect((await options(stranger)).json().data).toEqual([]);
    expect((await request(stranger)).json().code).toBe('prescriptionRequestNotAllowed');
    const notSeen = await request(patient, requestBody({ doctorId: otherDoctor.userId }));
    expect(notSeen.statusCode).toBe(403);
    expect(notSeen.json().code).toBe('prescriptionRequestNotAllowed');
    for (const who of [doctor, otherDoctor, admin]) {
      expect((await options(who)).statusCode).toBe(403);
      expect((await request(who)).statusCode).toBe(403);
    }
    expect((await options(signedOut)).statusCode).toBe(401);
    expect((await request(signedOut)).statusCode).toBe(401);
  });

  it('not more than 12 months after the consultation', async () => {
    setClock(new Date('2027-11-24T08:00:01Z'));
    expect((await options(patient)).json().data).toEqual([]);
    expect((await request(patient)).statusCode).toBe(403);
    setClock(new Date('2026-11-25T08:00:00Z'));
  });

  it('refuses what is not a request, with a message per field', async () => {
    for (const body of [
      requestBody({ reason: '   ' }),
      requestBody({ left: 'plenty' }),
      requestBody({ medication: { ...IBUPROFEN, medicine: '' } }),
      requestBody({ medication: { ...IBUPROFEN, form: 'syrup' } }),
      requestBody({ doctorId: 'nope' }),
      { ...requestBody(), price: 1 },
    ]) {
      const res = await request(patient, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('a paid request', () => {
  let id: string;

  it('holds no time on the doctor’s calendar and is paid at the prescription fee', async () => {
    const slotsBefore = await f.freeSlots('2026-11-25');
    id = await requestPaid();
    expect(await f.freeSlots('2026-11-25')).toEqual(slotsBefore);
    const row = await appointmentOf(id);
    expect(row).toMatchObject({ plan: 'prescription', status: 'upcoming', priceMinor: 1500 });
    expect(row.endsAt.getTime() - row.startsAt.getTime()).toBe(48 * HOUR_MS);
    expect((await paymentOf(id)).status).toBe('completed');
    // The medicine is health data: sealed, never in clear.
    expect(row.requestEncrypted).not.toContain('Ibuprofen');
  });

  it('is a "Prescription Request" for the patient: its medicine, its deadline, no call', async () => {
    const res = await as(patient, 'GET', `/api/appointments/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().data;
    expect(a).toMatchObject({
      plan: 'prescription',
      status: 'upcoming',
      reason: REQUEST_REASON,
      meetingUrl: null,
      isJoinable: false,
      paymentAmount: 15,
    });
    expect(a.prescriptionRequest).toEqual({
      medication: IBUPROFEN,
      left: 'few-days',
      answerBy: '2026-11-27T08:00:00.000Z',
    });
    const meeting = await as(patient, 'POST', `/api/meetings/${id}/join`);
    expect(meeting.statusCode).toBe(409);
    expect(meeting.json().code).toBe('meetingNotConsultation');
  });

  it('tells both without a word about the medicine, and without a calendar invite', async () => {
    const [sent] = await t.mails(mariaEmail);
    expect(sent!.subject).toBe('Your Vizita request has been sent');
    expect(sent!.attachments).toEqual([]);
    expect(sent!.text).not.toMatch(/ibuprofen|back pain/i);
    const [notice] = await t.mails(f.doctorEmail);
    expect(notice!.subject).toBe('New prescription request: Maria Ivanova');
    expect(notice!.attachments).toEqual([]);
    expect(notice!.text).not.toMatch(/ibuprofen|back pain/i);
    const kinds = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.link, `/doctor/appointments/${id}`));
    expect(kinds.map((k) => k.kind)).toContain('newRequest');
  });

  it('waits in its doctor’s queue only', async () => {
    const mine = await queue(doctor);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual([
      {
        appointmentId: id,
        requestedAt: '2026-11-25T08:00:00.000Z',
        answerBy: '2026-11-27T08:00:00.000Z',
        patient: { _id: patient.userId, name: 'Maria Ivanova' },
        medication: IBUPROFEN,
        left: 'few-days',
        reason: REQUEST_REASON,
      },
    ]);
    expect((await queue(otherDoctor)).json().data).toEqual([]);
    for (const who of [patient, stranger, admin]) expect((await queue(who)).statusCode).toBe(403);
    expect((await queue(signedOut)).statusCode).toBe(401);
    // Not on the calendar of the week.
    const week = await as(doctor, 'GET', '/api/doctor/appointments?from=2026-11-23&to=2026-11-29');
    const ids = week.json().data.appointments.map((a: { _id: string }) => a._id);
    expect(ids).toContain(consultation);
    expect(ids).not.toContain(id);
  });

  it('cannot be moved, reassigned or given an outcome', async () => {
    const move = await as(patient, 'PUT', `/api/appointments/${id}/reschedule`, {
      newDate: '2026-12-01',
      newSlot: '10:00',
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe('appointmentNotMovable');
    const outcome = await as(doctor, 'PUT', `/api/doctor/appointments/${id}/outcome`, {
      outcome: 'no_show',
    });
    expect(outcome.statusCode).toBe(409);
    expect(outcome.json().code).toBe('prescriptionRequestTakesPrescription');
    const candidates = await as(admin, 'GET', `/api/admin/appointments/${id}/reassign-candidates`);
    expect(candidates.json().data).toEqual([]);
    const reassign = await as(admin, 'POST', `/api/admin/appointments/${id}/reassign`, {
      doctorId: otherDoctor.userId,
    });
    expect(reassign.statusCode).toBe(409);
    expect(reassign.json().code).toBe('appointmentNotMovable');
    // The completion sweep leaves it for the doctor's answer.
    setClock(new Date('2026-11-26T08:00:00Z'));
    await t.app.backgroundWork.tick();
    expect((await appointmentOf(id)).status).toBe('upcoming');
  });

  it('is answered with a prescription by its own doctor only, which completes it', async () => {
    const sickNote = await issue(doctor, id, {
      kind: 'sick-note',
      content: { start: '2026-11-26', end: '2026-11-26', certificate: 'first' },
    });
    expect(sickNote.statusCode).toBe(409);
    expect(sickNote.json().code).toBe('prescriptionRequestTakesPrescription');
    for (const who of [otherDoctor]) expect((await issue(who, id)).statusCode).toBe(404);
    for (const who of [patient, admin]) expect((await issue(who, id)).statusCode).toBe(403);
    const issued = await issue(doctor, id);
    expect(issued.statusCode, issued.body).toBe(201);
    expect((await appointmentOf(id)).status).toBe('completed');
    expect((await queue(doctor)).json().data).toEqual([]);
    const documents = await as(patient, 'GET', `/api/appointments/${id}/clinical-documents`);
    expect(documents.json().data).toHaveLength(1);
    const pdf = await as(
      patient,
      'GET',
      `/api/clinical-documents/${documents.json().data[0]._id}/pdf?language=de`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // An answered request is not declined afterwards.
    const late = await decline(doctor, id);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('prescriptionRequestAnswered');
  });
});

describe('a declined request', () => {
  let id: string;

  it('is declined by its own doctor only, with a reason of 10 to 500 characters', async () => {
    id = await requestPaid();
    expect((await decline(doctor, id, 'No.')).statusCode).toBe(400);
    expect((await decline(otherDoctor, id)).statusCode).toBe(404);
    expect((await decline(doctor, randomUUID())).statusCode).toBe(404);
    expect((await decline(doctor, consultation)).statusCode).toBe(404);
    for (const who of [patient, admin]) expect((await decline(who, id)).statusCode).toBe(403);
    expect((await decline(signedOut, id)).statusCode).toBe(401);
  });

  it('refunds the patient in full and tells her why, in her language', async () => {
    const res = await decline(doctor, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancelledBy: 'doctor' });
    expect((await paymentOf(id)).status).toBe('refunded');
    const mails = await t.mails(mariaEmail);
    const declined = mails.find((m) => m.subject === 'Your Vizita request was declined')!;
    expect(declined.text).toContain('Please see your GP in person for this.');
    expect(declined.text).toContain('full refund');
    const bell = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, patient.userId));
    expect(bell.map((n) => n.kind)).toContain('requestDeclined');
    // Twice (a double click): already answered.
    expect((await decline(doctor, id)).json().code).toBe('prescriptionRequestAnswered');
  });
});

describe('a request nobody answers', () => {
  it('is cancelled by the clinic at its deadline and refunded in full', async () => {
    const id = await requestPaid();
    setClock(new Date(clock().getTime() + 47 * HOUR_MS));
    await t.app.backgroundWork.tick();
    expect((await appointmentOf(id)).status).toBe('upcoming');
    setClock(new Date(clock().getTime() + 2 * HOUR_MS));
    await t.app.backgroundWork.tick();
    const row = await appointmentOf(id);
    expect(row).toMatchObject({ status: 'cancelled', cancelledBy: 'clinic' });
    expect((await paymentOf(id)).status).toBe('refunded');
    const card = (await as(patient, 'GET', `/api/appointments/${id}`)).json().data;
    expect(card.cancelReason).toBe(
      'The doctor could not answer this request in time; the payment is refunded.',
    );
    const mails = await t.mails(mariaEmail);
    expect(mails.map((m) => m.subject)).toContain('Your Vizita request could not be answered');
  });
});

describe('the patient withdraws her request', () => {
  it('before it is answered, refunded in full whenever she does', async () => {
    const id = await requestPaid();
    setClock(new Date(clock().getTime() + 30 * HOUR_MS));
    const res = await as(patient, 'PUT', `/api/appointments/${id}/cancel`, {
      reason: 'I found some at home after all',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.refund).toBe('refunded');
    expect((await paymentOf(id)).status).toBe('refunded');
  });
});

describe('requests at the same instant', () => {
  it('both go in: a request holds no slot the unique index could refuse', async () => {
    const [a, b] = await Promise.all([request(patient), request(patient)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const rows = await t.db
      .select({ startsAt: appointments.startsAt })
      .from(appointments)
      .where(eq(appointments.id, a.json().data.appointmentId));
    expect(rows[0]!.startsAt.getTime()).toBe(clock().getTime());
    // A third unpaid one is over the patient's open checkouts.
    expect((await request(patient)).json().code).toBe('tooManyHolds');
  });

  it('a free request is sent at once, without a checkout', async () => {
    await setPrescriptionFee(0);
    // The open checkouts above lapse first.
    setClock(new Date(clock().getTime() + HOUR_MS));
    const res = await request(patient);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({ outcome: 'requested', appointmentId: expect.any(String) });
    expect((await appointmentOf(data.appointmentId)).status).toBe('upcoming');
    const audits = await t.db
      .select({ event: auditLog.event })
      .from(auditLog)
      .where(eq(auditLog.userId, patient.userId));
    expect(audits.map((a) => a.event)).toContain('prescription_request.created');
  });
});
