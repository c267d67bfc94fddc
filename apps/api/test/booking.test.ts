import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, payments } from '../src/db/schema.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createFieldEncryption } from '../src/lib/field-encryption.ts';
import { createHealthText } from '../src/modules/appointments/health-text.ts';
import { createTestApp, signUp, TEST_ENCRYPTION_KEY, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC (10:00 in Sofia). Dr. Petrova works 09:00–17:00 Sofia time.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let doctorId: string;
let patients: (count: number) => Promise<{ userId: string; sessionId: string; token: string }[]>;
let book: Fixture['book'];
let pay: Fixture['pay'];
let freeSlots: Fixture['freeSlots'];
let signIn: Fixture['signIn'];
type Fixture = Awaited<ReturnType<typeof createBookingFixture>>;

const sessionIdOf = (res: { json: () => { data: { sessionId: string } } }) =>
  res.json().data.sessionId;

beforeAll(async () => {
  t = await createTestApp({ clock });
  ({ doctorId, patients, book, pay, freeSlots, signIn } = await createBookingFixture(t));
});
afterAll(() => t.close());

describe('POST /api/payments/create-session', () => {
  it('holds the slot, prices it on the server and opens the local checkout', async () => {
    const [p] = await patients(1);
    const res = await book(p!.token, { date: '2026-11-24', slot: '10:00', reason: 'Palpitations' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.sessionUrl).toBe(`http://vizita.test/checkout/${data.sessionId}`);
    const [hold] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, data.appointmentId));
    expect(hold).toMatchObject({
      status: 'pending',
      priceMinor: 6000,
      currency: 'EUR',
      // Sealed to this appointment (ADR 0009); the API opens it for the patient and the doctor.
      reasonEncrypted: expect.stringMatching(/^v1\./),
      legacyReason: null,
      timeZone: 'Europe/Sofia',
    });
    expect(hold!.startsAt.toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(await freeSlots('2026-11-24')).not.toContain('10:00');
    const german = await book(p!.token, { date: '2026-11-24', slot: '11:00', country: 'Germany' });
    const [de] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, german.json().data.appointmentId));
    expect(de).toMatchObject({ priceMinor: 6000, currency: 'EUR' });
    // No reason typed: the spec's default, sealed like any other.
    const healthText = createHealthText(createFieldEncryption(TEST_ENCRYPTION_KEY));
    expect(healthText.open(de!, 'reason')).toBe('General consultation');
  });

  it('refuses a client-sent amount, an unoffered time, an incomplete profile and a stranger', async () => {
    const [p] = await patients(1);
    expect(
      (await book(p!.token, { date: '2026-11-24', slot: '12:00', amount: 1 })).statusCode,
    ).toBe(400);
    expect((await book(p!.token, { date: '2026-11-24', slot: '12:15' })).json()).toMatchObject({
      code: 'slotNotOffered',
    });
    expect((await book(p!.token, { date: '2026-11-23', slot: '09:00' })).json()).toMatchObject({
      code: 'slotNotOffered',
    }); // already begun
    expect((await book(p!.token, { date: '2027-03-01', slot: '10:00' })).json()).toMatchObject({
      code: 'slotNotOffered',
    }); // beyond 60 days
    const fresh = await signUp(t);
    const incomplete = await book(fresh.accessToken, { date: '2026-11-24', slot: '12:00' });
    expect(incomplete.statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/create-session',
          payload: { doctorId, date: '2026-11-24', slot: '12:00', country: 'Bulgaria' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('lets exactly one of 200 concurrent patients hold a slot, and exactly one again after the hold lapses', async () => {
    const wave = async () => {
      const racers = await patients(200);
      const results = await Promise.all(
        racers.map((r) => book(r.token, { date: '2026-11-25', slot: '14:00' })),
      );
      const codes = results.map((r) => r.statusCode);
      return {
        ok: codes.filter((c) => c === 200).length,
        conflict: codes.filter((c) => c === 409).length,
        other: codes.filter((c) => c !== 200 && c !== 409),
        message: results.find((r) => r.statusCode === 409)?.json().message,
      };
    };
    const first = await wave();
    expect(first).toMatchObject({
      ok: 1,
      conflict: 199,
      other: [],
      message: 'This time slot is no longer available. Please choose a different time.',
    });
    clock.advance(31 * 60_000);
    const second = await wave();
    expect(second).toMatchObject({ ok: 1, conflict: 199, other: [] });
    const held = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, new Date('2026-11-25T12:00:00Z')));
    expect(held.filter((a) => a.status === 'pending')).toHaveLength(1);
    expect(held.filter((a) => a.status === 'expired')).toHaveLength(1);
    console.log(
      `race: wave 1 → ${first.ok} hold, ${first.conflict} × 409; wave 2 (after expiry) → ${second.ok} hold, ${second.conflict} × 409`,
    );
  });
});

describe('one patient cannot sit on the calendar', () => {
  it('keeps at most two unpaid checkouts per patient, even when asked for many at once', async () => {
    const [p] = await patients(1);
    const slots = ['09:00', '09:30', '11:00', '11:30', '12:00'];
    const answers = await Promise.all(
      slots.map((slot) => book(p!.token, { date: '2026-12-02', slot })),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 409, 409, 409]);
    const refused = answers.find((r) => r.statusCode === 409)!;
    expect(refused.json()).toMatchObject({ success: false, code: 'tooManyHolds' });
    // The refused slots stay free for everyone else.
    expect((await freeSlots('2026-12-02')).length).toBe(14);
    // Paying one makes room for the next.
    const paid = answers.find((r) => r.statusCode === 200)!;
    expect((await pay(sessionIdOf(paid))).statusCode).toBe(303);
    expect((await book(p!.token, { date: '2026-12-02', slot: '14:00' })).statusCode).toBe(200);
  });

  it('limits how often one patient opens a checkout (no renewing holds every 30 minutes)', async () => {
    const [p] = await patients(1);
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await book(p!.token, { date: '2026-12-03', slot: '09:00' });
      codes.push(res.statusCode);
      // Given back at once, so only the rate limit stands in the way.
      if (res.statusCode === 200)
        await t.app.inject({
          method: 'POST',
          url: '/api/payments/release-hold',
          headers: { authorization: `Bearer ${p!.token}` },
          payload: { appointmentId: res.json().data.appointmentId },
        });
    }
    expect(codes.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(codes[20]).toBe(429);
  });
});

describe('fulfilment', () => {
  it('pays on the local checkout, redirects to the success page and confirms once whatever path repeats it', async () => {
    const [p] = await patients(1);
    const sessionId = sessionIdOf(await book(p!.token, { date: '2026-11-26', slot: '09:30' }));
    const page = await t.app.inject(`/checkout/${sessionId}`);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('4242 4242 4242 4242');
    const paid = await pay(sessionId);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(
      `http://vizita.test/booking/success?session_id=${sessionId}`,
    );

    const auth = { authorization: `Bearer ${p!.token}` };
    const paths = await Promise.all([
      t.app.inject({ method: 'GET', url: `/api/payments/session/${sessionId}`, headers: auth }),
      t.app.inject({
        method: 'POST',
        url: '/api/payments/process-webhook-manually',
        headers: auth,
        payload: { sessionId },
      }),
      t.app.inject({
        method: 'POST',
        url: '/api/payments/process-dev-payment',
        headers: auth,
        payload: { sessionId },
      }),
      pay(sessionId),
    ]);
    const appointmentId = paths[0].json().data.payment.appointmentId;
    expect(appointmentId).toEqual(expect.any(String));
    expect(paths[1].json().data.appointmentId).toBe(appointmentId);
    expect(paths[2].json().data.appointmentId).toBe(appointmentId);
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'completed', amountMinor: 6000, currency: 'EUR' });
    expect(rows[0]!.receiptNumber).toMatch(/^VZ-\d{8}-[0-9A-F]{8}$/);
    const [appointment] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    expect(appointment!.status).toBe('upcoming');
  });

  it('mails one confirmation in the patient’s language with an .ics invite at the right instant', async () => {
    const [p] = await patients(1);
    const [{ email }] = (await t.pool.query('select email from users where id = $1', [p!.userId]))
      .rows;
    // Booked in the German interface: the appointment's mails are German.
    const sessionId = sessionIdOf(
      await book(p!.token, { date: '2026-11-26', slot: '15:00' }, 'de'),
    );
    await pay(sessionId);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/process-webhook-manually',
      headers: { authorization: `Bearer ${p!.token}` },
      payload: { sessionId },
    });
    const mails = await t.mails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ihr Vizita-Termin ist bestätigt');
    expect(mails[0]!.text).toContain('Dr. Elena Petrova');
    expect(mails[0]!.text).toContain('Donnerstag, 26. November 2026');
    expect(mails[0]!.text).toContain('15:00 (Europe/Sofia)');
    const [invite] = mails[0]!.attachments;
    expect(invite).toMatchObject({
      filename: 'invite.ics',
      contentType: expect.stringContaining('text/calendar'),
    });
    expect(invite!.content).toContain('DTSTART:20261126T130000Z');
    expect(invite!.content).toContain('DTEND:20261126T133000Z');
  });

  it('pays through process-dev-payment alone (the spec’s localhost path)', async () => {
    const [p] = await patients(1);
    const sessionId = sessionIdOf(await book(p!.token, { date: '2026-11-26', slot: '10:30' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process-dev-payment',
      headers: { authorization: `Bearer ${p!.token}` },
      payload: { sessionId },
    });
    expect(res.json().data.appointmentId).toEqual(expect.any(String));
  });

  it('declines 4000 0000 0000 0002 with a clear page and frees the slot again', async () => {
    const [p] = await patients(1);
    const sessionId = sessionIdOf(await book(p!.token, { date: '2026-11-26', slot: '11:00' }));
    expect(await freeSlots('2026-11-26')).not.toContain('11:00');
    const declined = await pay(sessionId, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect(await freeSlots('2026-11-26')).toContain('11:00');
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/payments/session/${sessionId}`,
      headers: { authorization: `Bearer ${p!.token}` },
    });
    expect(lookup.json().data.payment).toMatchObject({ status: 'failed', appointmentId: null });
    expect((await pay(sessionId)).statusCode).toBe(410);
  });

  it('keeps a mistyped card on the form without ending the checkout, and never stores the number', async () => {
    const [p] = await patients(1);
    const sessionId = sessionIdOf(await book(p!.token, { date: '2026-11-26', slot: '11:30' }));
    const typo = await pay(sessionId, '4242 4242 4242 4241');
    expect(typo.statusCode).toBe(422);
    expect(typo.body).toContain('Your card number is invalid.');
    await pay(sessionId);
    const dump = JSON.stringify((await t.pool.query('select * from local_checkout_sessions')).rows);
    expect(dump).not.toContain('4242424242424242');
  });

  it('shows the payer a signed receipt and the billing history; nobody else sees either', async () => {
    const [p, stranger] = await patients(2);
    const sessionId = sessionIdOf(await book(p!.token, { date: '2026-11-27', slot: '09:00' }));
    await pay(sessionId);
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/payments/history',
      headers: { authorization: `Bearer ${p!.token}` },
    });
    const [item] = history.json().data;
    expect(item).toMatchObject({
      doctor: { name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
      amount: 60,
      currency: 'EUR',
      status: 'completed',
    });
    const receipt = await t.app.inject(
      new URL(item.receiptUrl).pathname + new URL(item.receiptUrl).search,
    );
    expect(receipt.statusCode).toBe(200);
    // The receipt is the invoice now, with its gap-free number (ADR 0021).
    expect(receipt.body).toMatch(/VZ-2026-\d{6}/);
    expect(receipt.body).toContain('4242');
    expect((await t.app.inject(new URL(item.receiptUrl).pathname)).statusCode).toBe(403);
    expect((await t.app.inject(`${new URL(item.receiptUrl).pathname}?sig=forged`)).statusCode).toBe(
      403,
    );
    const strangers = { authorization: `Bearer ${stranger!.token}` };
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/payments/session/${sessionId}`,
          headers: strangers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({ method: 'GET', url: '/api/payments/history', headers: strangers })
      ).json().data,
    ).toEqual([]);
  });
});

describe('abandoned checkout', () => {
  it('gives the slot back at once, only to the patient who held it, and cannot be paid afterwards', async () => {
    const [p, stranger] = await patients(2);
    const { sessionId, appointmentId } = (
      await book(p!.token, { date: '2026-12-01', slot: '10:00' })
    ).json().data;
    const release = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/release-hold',
        headers: { authorization: `Bearer ${token}` },
        payload: { appointmentId },
      });
    expect((await release(stranger!.token)).statusCode).toBe(404);
    expect(await freeSlots('2026-12-01')).not.toContain('10:00');
    const res = await release(p!.token);
    expect(res.json().data).toEqual({ status: 'cancelled' });
    expect(await freeSlots('2026-12-01')).toContain('10:00');
    expect((await pay(sessionId)).statusCode).toBe(410);
    expect((await release(p!.token)).json().data).toEqual({ status: 'cancelled' });
  });
});

describe('hold expiry', () => {
  it('marks lapsed holds expired and their payments cancelled', async () => {
    const [p] = await patients(1);
    const { appointmentId } = (await book(p!.token, { date: '2026-11-27', slot: '16:00' })).json()
      .data;
    clock.advance(31 * 60_000);
    await t.app.backgroundWork.tick();
    const [appointment] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointmentId));
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId));
    expect(appointment!.status).toBe('expired');
    expect(payment!.status).toBe('cancelled');
  });
});

describe('GET /api/appointments?doctorId=…', () => {
  it('shows the booking page which slots are taken, and nothing about who took them', async () => {
    const [p, other] = await patients(2);
    const sessionId = sessionIdOf(
      await book(p!.token, { date: '2026-11-30', slot: '09:00', reason: 'Very private reason' }),
    );
    await pay(sessionId);
    await book(p!.token, { date: '2026-11-30', slot: '09:30' }); // a live hold
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/appointments?doctorId=${doctorId}&date=2026-11-30`,
      headers: { authorization: `Bearer ${other!.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { date: '2026-11-30', slot: '09:00', status: 'upcoming' },
      { date: '2026-11-30', slot: '09:30', status: 'upcoming' },
    ]);
    expect(res.body).not.toContain('Very private reason');
    expect(res.body).not.toContain(p!.userId);
  });
});

describe('a payment completed after its hold lapsed', () => {
  it('re-takes the slot when it is still free, and cancels and refunds when another patient holds it', async () => {
    const [late] = await patients(1);
    // Free: the late payer gets the slot back.
    const first = (await book(late!.token, { date: '2026-11-30', slot: '14:00' })).json().data;
    clock.advance(31 * 60_000);
    await t.db
      .update(appointments)
      .set({ status: 'expired' })
      .where(eq(appointments.id, first.appointmentId));
    const { localCheckoutSessions } = await import('../src/db/schema.ts');
    await t.db
      .update(localCheckoutSessions)
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where(eq(localCheckoutSessions.id, first.sessionId));
    // Access tokens last 15 minutes; the clock moved 31.
    const lateToken = (await signIn(late!.userId)).token;
    const retake = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process-webhook-manually',
      headers: { authorization: `Bearer ${lateToken}` },
      payload: { sessionId: first.sessionId },
    });
    expect(retake.statusCode).toBe(200);
    expect(
      (await t.db.select().from(appointments).where(eq(appointments.id, first.appointmentId)))[0]!
        .status,
    ).toBe('upcoming');

    // Taken: another patient holds the slot by the time the late payment lands.
    const [other] = await patients(1);
    const second = (await book(other!.token, { date: '2026-11-30', slot: '14:30' })).json().data;
    clock.advance(31 * 60_000);
    const [third] = await patients(1);
    const winner = await book(third!.token, { date: '2026-11-30', slot: '14:30' });
    expect(winner.statusCode).toBe(200);
    await t.db
      .update(localCheckoutSessions)
      .set({ status: 'complete', paymentStatus: 'paid' })
      .where(eq(localCheckoutSessions.id, second.sessionId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process-webhook-manually',
      headers: {
        authorization: `Bearer ${(await signIn(other!.userId)).token}`,
      },
      payload: { sessionId: second.sessionId },
    });
    expect(res.statusCode).toBe(200);
    const [lost] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, second.appointmentId));
    expect(lost).toMatchObject({ status: 'cancelled' });
    expect(lost!.cancelReasonEncrypted).toMatch(/^v1\./);
    // …and the refund went through the provider at once.
    const [refunded] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, second.appointmentId));
    expect(refunded).toMatchObject({ status: 'refunded' });
    expect(refunded!.refundedAt).not.toBeNull();
    // The patient's mail says why in words, not the stored English reason.
    const { email } = (
      await t.pool.query<{ email: string }>('select email from users where id = $1', [
        other!.userId,
      ])
    ).rows[0]!;
    const [mail] = (await t.mails(email)).filter(
      (m) => m.subject === 'Your Vizita appointment is cancelled',
    );
    expect(mail!.text).toContain('booked by someone else after your checkout expired');
  });
});
