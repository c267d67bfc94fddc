import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, jobs, localCheckoutSessions, payments } from '../src/db/schema.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC (10:00 in Sofia). Dr. Petrova works Mon–Fri 09:00–17:00 Sofia
// time. The clock only moves forward; each test books its own days.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
  });
const cancel = (token: string, id: string, reason = 'I have recovered, thank you.') =>
  call('PUT', `/api/appointments/${id}/cancel`, token, { reason, cancelledBy: 'patient' });
const reschedule = (token: string, id: string, newDate: string, newSlot: string) =>
  call('PUT', `/api/appointments/${id}/reschedule`, token, { newDate, newSlot });

const paymentOf = async (appointmentId: string) =>
  (await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0]!;
const appointmentRow = async (id: string) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;
const mailsTo = async (email: string, subject: string) =>
  (await t.mails(email)).filter((m) => m.subject === subject);

describe('PUT /api/appointments/:id/cancel — the cancellation policy', () => {
  it('refunds at 24:01 before the start and not at 23:59, and says so by mail', async () => {
    const [p] = await f.patients(1);
    // Tuesday 10:00 and 10:30 Sofia = 08:00Z and 08:30Z, booked exactly 24 h and 24:30 ahead.
    const late = await f.bookPaid(p!.token, '2026-11-24', '10:00');
    const early = await f.bookPaid(p!.token, '2026-11-24', '10:30');

    clock.advance(60_000); // 23:59 before `late`
    const lateRes = await cancel((await f.signIn(p!.userId)).token, late.appointmentId);
    expect(lateRes.statusCode).toBe(200);
    expect(lateRes.json().data.refund).toBe('none');
    expect((await paymentOf(late.appointmentId)).status).toBe('completed');

    clock.advance(28 * 60_000); // 24:01 before `early`
    const earlyRes = await cancel((await f.signIn(p!.userId)).token, early.appointmentId);
    expect(earlyRes.statusCode).toBe(200);
    expect(earlyRes.json()).toMatchObject({
      success: true,
      message: 'Appointment cancelled successfully',
      data: {
        refund: 'refunded',
        appointment: {
          status: 'cancelled',
          cancelledBy: 'patient',
          cancelReason: 'I have recovered, thank you.',
        },
      },
    });
    const refunded = await paymentOf(early.appointmentId);
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(refunded.refundedAt).toEqual(clock());
    const [session] = await t.db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, early.sessionId));
    expect(session!.paymentStatus).toBe('refunded');

    const cancelledMails = await mailsTo(p!.email, 'Your Vizita appointment is cancelled');
    expect(cancelledMails).toHaveLength(2);
    expect(cancelledMails.some((m) => m.text.includes('the payment is not refunded'))).toBe(true);
    expect(cancelledMails.some((m) => m.text.includes('full refund of'))).toBe(true);
    expect(await mailsTo(p!.email, 'Your Vizita refund has been issued')).toHaveLength(1);
  });

  it('always refunds a doctor’s cancellation, and takes who cancelled from the caller, not the body', async () => {
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-23', '15:00'); // in 5 hours
    const doctor = await f.signIn(f.doctorId);
    const res = await call('PUT', `/api/appointments/${appointmentId}/cancel`, doctor.token, {
      reason: 'Called away to an emergency.',
      cancelledBy: 'patient',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      refund: 'refunded',
      appointment: { cancelledBy: 'doctor', status: 'cancelled' },
    });
    const [mail] = await mailsTo(p!.email, 'Your Vizita appointment is cancelled');
    expect(mail!.text).toContain('Your doctor had to cancel this consultation');
    expect(mail!.text).toContain('Called away to an emergency.');
  });

  it('writes the patient’s mail in the patient’s language, whoever cancels', async () => {
    const [p] = await f.patients(1, { locale: 'bg' });
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-27', '09:00');
    await cancel(p!.token, appointmentId);
    expect(await mailsTo(p!.email, 'Часът ви във Vizita е отменен')).toHaveLength(1);
    expect(await mailsTo(p!.email, 'Сумата ви във Vizita е възстановена')).toHaveLength(1);
  });

  it('answers the spec’s texts for a missing, short or long reason, and changes nothing', async () => {
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-27', '09:30');
    const cases = [
      ['', 'Please provide a reason for cancellation'],
      ['   short   ', 'Please provide a more detailed reason (at least 10 characters)'],
      ['x'.repeat(501), 'Please keep the reason to at most 500 characters'],
    ] as const;
    for (const [reason, msg] of cases) {
      const res = await cancel(p!.token, appointmentId, reason);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'reason', msg, code: expect.any(String) }]);
    }
    expect((await cancel(p!.token, appointmentId, 'x'.repeat(500))).statusCode).toBe(200);
    const again = await cancel(p!.token, appointmentId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only upcoming appointments can be cancelled or rescheduled');
  });

  it('refunds once when the same cancellation arrives twice at the same moment', async () => {
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-30', '09:00');
    const results = await Promise.all([
      cancel(p!.token, appointmentId),
      cancel(p!.token, appointmentId),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    await t.app.backgroundWork.tick();
    expect(await mailsTo(p!.email, 'Your Vizita refund has been issued')).toHaveLength(1);
    expect(await mailsTo(p!.email, 'Your Vizita appointment is cancelled')).toHaveLength(1);
    const refundJobs = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `refund:${(await paymentOf(appointmentId)).id}`));
    expect(refundJobs).toHaveLength(1);
    expect(refundJobs[0]!.doneAt).not.toBeNull();
  });
});

describe('ownership', () => {
  it('gives another patient and another doctor the same 404 as a missing id, on every read and write', async () => {
    const [owner, stranger] = await f.patients(2);
    const { appointmentId } = await f.bookPaid(owner!.token, '2026-11-30', '10:00');
    const other = await createBookingFixture(t);
    const otherDoctor = await other.signIn(other.doctorId);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const intruder of [stranger!.token, otherDoctor.token]) {
      for (const id of [appointmentId, missing]) {
        const responses = [
          await call('GET', `/api/appointments/${id}`, intruder),
          await cancel(intruder, id),
          await reschedule(intruder, id, '2026-12-01T00:00:00.000Z', '11:00'),
        ];
        for (const res of responses) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toMatchObject({ code: 'appointmentNotFound' });
        }
      }
    }
    expect((await appointmentRow(appointmentId)).status).toBe('upcoming');
    const own = await call('GET', `/api/appointments/${appointmentId}`, owner!.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.patient).toBeNull();
    // The doctor sees whom they meet, in the single appointment and in their list.
    const doctorToken = (await f.signIn(f.doctorId)).token;
    const doctors = await call('GET', `/api/appointments/${appointmentId}`, doctorToken);
    expect(doctors.statusCode).toBe(200);
    expect(doctors.json().data.patient).toEqual({
      _id: owner!.userId,
      name: 'Race Patient0',
      guest: false,
    });
    const list = await call('GET', '/api/appointments?status=upcoming', doctorToken);
    expect(list.json().data.map((a: { patient: { name: string } }) => a.patient.name)).toContain(
      'Race Patient0',
    );
  });

  it('needs a token for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/appointments'],
      ['PUT', '/api/appointments/00000000-0000-4000-8000-000000000000/cancel'],
      ['PUT', '/api/appointments/00000000-0000-4000-8000-000000000000/reschedule'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
  });
});

describe('PUT /api/appointments/:id/reschedule', () => {
  it('moves the appointment to a free slot, frees the old one and mails the new time with an invite', async () => {
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-25', '11:00');
    const res = await reschedule(p!.token, appointmentId, '2026-11-26T00:00:00.000Z', '12:00');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Appointment rescheduled successfully',
      data: { _id: appointmentId, date: '2026-11-26', slot: '12:00', status: 'upcoming' },
    });
    expect(await f.freeSlots('2026-11-25')).toContain('11:00');
    expect(await f.freeSlots('2026-11-26')).not.toContain('12:00');
    const [mail] = await mailsTo(p!.email, 'Your Vizita appointment has a new time');
    expect(mail!.attachments[0]!.content).toContain('DTSTART:20261126T100000Z');
    // A plain date works too, and asking for the same slot again changes nothing.
    const same = await reschedule(p!.token, appointmentId, '2026-11-26', '12:00');
    expect(same.statusCode).toBe(200);
    expect(await mailsTo(p!.email, 'Your Vizita appointment has a new time')).toHaveLength(1);
  });

  it('answers 409 for a booked slot or a live hold, 400 outside the hours or the 14 days', async () => {
    const [p, q] = await f.patients(2);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-12-01', '09:00');
    await f.bookPaid(q!.token, '2026-12-01', '09:30');
    await f.book(q!.token, { date: '2026-12-01', slot: '10:00' }); // a live payment hold
    for (const slot of ['09:30', '10:00']) {
      const res = await reschedule(p!.token, appointmentId, '2026-12-01', slot);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'This time slot is no longer available. Please choose a different time.',
      );
    }
    expect((await reschedule(p!.token, appointmentId, '2026-12-01', '18:00')).json()).toMatchObject(
      { code: 'slotNotOffered' },
    );
    expect((await reschedule(p!.token, appointmentId, '2026-11-28', '10:00')).statusCode).toBe(400); // Saturday
    const far = await reschedule(p!.token, appointmentId, '2026-12-09', '10:00');
    expect(far.statusCode).toBe(400);
    expect(far.json().code).toBe('rescheduleWindow');
    expect((await reschedule(p!.token, appointmentId, '1 Dec', '10:00')).statusCode).toBe(400);
    expect((await reschedule(p!.token, appointmentId, '', '')).json().errors).toEqual([
      { path: 'newDate', msg: 'Please choose a new date', code: 'newDateRequired' },
      { path: 'newSlot', msg: 'Please choose a new time', code: 'newSlotRequired' },
    ]);
    expect((await appointmentRow(appointmentId)).startsAt.toISOString()).toBe(
      '2026-12-01T07:00:00.000Z',
    );
  });

  it('lets exactly one of two patients racing for one slot have it; the other keeps their time', async () => {
    const [p, q] = await f.patients(2);
    const a = await f.bookPaid(p!.token, '2026-12-02', '09:00');
    const b = await f.bookPaid(q!.token, '2026-12-02', '09:30');
    const results = await Promise.all([
      reschedule(p!.token, a.appointmentId, '2026-12-03', '14:00'),
      reschedule(q!.token, b.appointmentId, '2026-12-03', '14:00'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const starts = [
      (await appointmentRow(a.appointmentId)).startsAt.toISOString(),
      (await appointmentRow(b.appointmentId)).startsAt.toISOString(),
    ].sort();
    // One moved to 14:00 Sofia (12:00Z); the loser still holds its own original slot.
    expect(starts).toEqual(
      results[0].statusCode === 200
        ? ['2026-12-02T07:30:00.000Z', '2026-12-03T12:00:00.000Z']
        : ['2026-12-02T07:00:00.000Z', '2026-12-03T12:00:00.000Z'],
    );
  });

  it('refuses a reschedule within 24 hours of the start, so it cannot buy a refund the policy denies', async () => {
    const [p] = await f.patients(1);
    // Today 16:30 Sofia, a few hours ahead: cancelling now refunds nothing (ADR 0012) …
    const soon = await f.bookPaid(p!.token, '2026-11-23', '16:30');
    // … and moving it further away first, to cancel later with full notice, is refused.
    const moved = await reschedule(p!.token, soon.appointmentId, '2026-12-04', '10:00');
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ success: false, code: 'rescheduleTooLate' });
    expect((await appointmentRow(soon.appointmentId)).startsAt.toISOString()).toBe(
      '2026-11-23T14:30:00.000Z',
    );
    const cancelled = await cancel(p!.token, soon.appointmentId);
    expect(cancelled.json().data.refund).toBe('none');
    expect((await paymentOf(soon.appointmentId)).status).toBe('completed');
  });

  it('refuses a cancelled or started appointment', async () => {
    const [p] = await f.patients(1);
    const started = await f.bookPaid(p!.token, '2026-11-23', '16:00');
    const cancelled = await f.bookPaid(p!.token, '2026-12-02', '16:00');
    await cancel(p!.token, cancelled.appointmentId);
    expect(
      (await reschedule(p!.token, cancelled.appointmentId, '2026-12-03', '16:00')).json().code,
    ).toBe('appointmentNotUpcoming');
    await t.db
      .update(appointments)
      .set({ startsAt: new Date(clock().getTime() - 60_000) })
      .where(eq(appointments.id, started.appointmentId));
    expect(
      (await reschedule(p!.token, started.appointmentId, '2026-12-03', '16:30')).json().code,
    ).toBe('appointmentStarted');
  });
});

describe('GET /api/appointments — filters, paging and counts', () => {
  it('pages the caller’s appointments by status and order, with counts over all of them', async () => {
    const [p] = await f.patients(1);
    const ids = [];
    for (const slot of ['11:00', '11:30', '12:00', '12:30'])
      ids.push((await f.bookPaid(p!.token, '2026-12-04', slot)).appointmentId);
    await cancel(p!.token, ids[3]!);
    const page = await call(
      'GET',
      '/api/appointments?status=upcoming&limit=2&page=2&order=desc',
      p!.token,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      counts: { upcoming: 3, completed: 0, cancelled: 1 },
      pagination: { page: 2, limit: 2, total: 3 },
    });
    expect(page.json().data.map((a: { slot: string }) => a.slot)).toEqual(['11:00']);
    const all = await call('GET', '/api/appointments', p!.token);
    expect(all.json().data.map((a: { slot: string }) => a.slot)).toEqual([
      '11:00',
      '11:30',
      '12:00',
      '12:30',
    ]);
    for (const bad of ['limit=0', 'limit=101', 'page=0', 'page=x', 'order=up', 'status=pending'])
      expect((await call('GET', `/api/appointments?${bad}`, p!.token)).statusCode).toBe(400);
  });
});

describe('billing history and receipts', () => {
  it('lists the payer’s payments newest first, with receipts only the payer (or an admin) can open, for an hour', async () => {
    const [p, stranger] = await f.patients(2);
    const [admin] = await f.patients(1, { isAdmin: true });
    const first = await f.bookPaid(p!.token, '2026-12-04', '14:00');
    clock.advance(60_000);
    await f.bookPaid(p!.token, '2026-12-04', '14:30');
    await cancel(p!.token, first.appointmentId);
    const history = await call('GET', '/api/payments/history', p!.token);
    expect(history.statusCode).toBe(200);
    const items = history.json().data as { status: string; receiptUrl: string; id: string }[];
    expect(items.map((i) => i.status)).toEqual(['completed', 'refunded']);
    const receiptPath = (url: string) => new URL(url).pathname + new URL(url).search;

    const refundedReceipt = await t.app.inject(receiptPath(items[1]!.receiptUrl));
    expect(refundedReceipt.statusCode).toBe(200);
    expect(refundedReceipt.body).toContain('Refunded');
    expect(refundedReceipt.headers['cache-control']).toBe('private, no-store');

    const bare = `/receipts/${items[1]!.id}`;
    const bearer = (token: string) =>
      t.app.inject({ url: bare, headers: { authorization: `Bearer ${token}` } });
    expect((await t.app.inject(bare)).statusCode).toBe(403);
    expect((await bearer(stranger!.token)).statusCode).toBe(403);
    expect((await bearer(p!.token)).statusCode).toBe(200);
    expect((await bearer(admin!.token)).statusCode).toBe(200);
    // Another payment's signature does not open this one.
    const otherSig = new URL(items[0]!.receiptUrl).search;
    expect((await t.app.inject(`${bare}${otherSig}`)).statusCode).toBe(403);
    expect((await call('GET', '/api/payments/history', stranger!.token)).json().data).toEqual([]);

    clock.advance(60 * 60_000 + 1000);
    const expired = await t.app.inject(receiptPath(items[1]!.receiptUrl));
    expect(expired.statusCode).toBe(403);
    expect(expired.body).toContain('This receipt link has expired');
  });
});

describe('completion', () => {
  it('completes upcoming appointments once their window has closed, without anyone asking', async () => {
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-12-07', '09:00');
    const cancelled = await f.bookPaid(p!.token, '2026-12-07', '09:30');
    await cancel(p!.token, cancelled.appointmentId);
    // 09:00 Sofia = 07:00Z; the window closes 30 minutes after the start.
    clock.advance(Date.parse('2026-12-07T07:30:00Z') - clock().getTime());
    await t.app.backgroundWork.tick();
    expect((await appointmentRow(appointmentId)).status).toBe('upcoming');
    clock.advance(1000);
    await t.app.backgroundWork.tick();
    expect((await appointmentRow(appointmentId)).status).toBe('completed');
    expect((await appointmentRow(cancelled.appointmentId)).status).toBe('cancelled');
    const list = await call('GET', '/api/appointments', (await f.signIn(p!.userId)).token);
    expect(list.json().counts).toEqual({ upcoming: 0, completed: 1, no_show: 0, cancelled: 1 });
  });
});

describe('PUT /api/appointments/:id/cancel — the doctor, until the consultation begins', () => {
  it('lets the doctor cancel with a refund a minute before the start, not at or after it; the clinic still can', async () => {
    const [p] = await f.patients(1);
    // Tuesday 09:00 and 09:30 Sofia = 07:00Z and 07:30Z.
    const first = await f.bookPaid(p!.token, '2026-12-08', '09:00');
    const second = await f.bookPaid(p!.token, '2026-12-08', '09:30');
    const doctorCancels = async (id: string) =>
      call('PUT', `/api/appointments/${id}/cancel`, (await f.signIn(f.doctorId)).token, {
        reason: 'Called away to an emergency.',
      });

    clock.advance(Date.parse('2026-12-08T06:59:00Z') - clock().getTime());
    const before = await doctorCancels(first.appointmentId);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().data).toMatchObject({
      refund: 'refunded',
      appointment: { status: 'cancelled', cancelledBy: 'doctor' },
    });

    // At the start and a minute after: the consultation has begun, its end is an outcome.
    clock.advance(Date.parse('2026-12-08T07:30:00Z') - clock().getTime());
    for (const step of [0, 60_000]) {
      clock.advance(step);
      const res = await doctorCancels(second.appointmentId);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'cancelTooLate' });
    }
    expect((await appointmentRow(second.appointmentId)).status).toBe('upcoming');
    expect((await paymentOf(second.appointmentId)).status).toBe('completed');
    expect(await mailsTo(p!.email, 'Your Vizita appointment is cancelled')).toHaveLength(1);

    // The clinic, as the operator of last resort, still cancels with a refund (audited).
    const { adminId } = await f.otherStaff();
    const byClinic = await call(
      'POST',
      `/api/admin/appointments/${second.appointmentId}/cancel`,
      (await f.signIn(adminId)).token,
      { reason: 'The video service failed for the whole clinic.' },
    );
    expect(byClinic.statusCode, byClinic.body).toBe(200);
    expect(byClinic.json().data.refund).toBe('refunded');
    expect(await appointmentRow(second.appointmentId)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'clinic',
    });
  });
});
