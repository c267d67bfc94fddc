import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, payments } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { startFakeStripe } from './fake-stripe.ts';
import { createTestApp, signUp, testClock, type TestApp } from './test-app.ts';

const WEBHOOK_SECRET = 'whsec_test_secret';
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
let doctorId: string;
const stripe = new Stripe('sk_test_unused');

beforeAll(async () => {
  fake = await startFakeStripe({ clock });
  t = await createTestApp({
    clock,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_vizita',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      // Every booking here is a new patient, all from one address.
      REGISTER_RATE_LIMIT_PER_IP: '1000',
    },
  });
  doctorId = await createAdminService(t.db).createDoctor({
    email: 'weber@vizita.test',
    password: 'Doctor-2026!',
    firstName: 'Jonas',
    lastName: 'Weber',
    specialties: ['dermatology'],
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });
});
afterAll(async () => {
  await t.close();
  await fake.stop();
});

/** A new patient books the slot (one patient may keep only two unpaid checkouts open). */
const book = async (slot: string) => {
  const patient = await signUp(t);
  await t.pool.query('update users set is_profile_complete = true where id = $1', [patient.userId]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/create-session',
    headers: { authorization: `Bearer ${patient.accessToken}`, 'accept-language': 'de-DE' },
    payload: { doctorId, date: '2026-11-24', slot, country: 'Germany' },
  });
  return Object.assign(res, { token: patient.accessToken });
};
const webhook = (payload: string, secret = WEBHOOK_SECRET) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
const appointmentOf = async (id: string) =>
  (await t.db.select().from(appointments).where(eq(appointments.id, id)))[0]!;

describe('Stripe provider', () => {
  it('creates a Checkout Session with the server price, the hold expiry, the locale and {CHECKOUT_SESSION_ID}', async () => {
    const res = await book('10:00');
    expect(res.statusCode).toBe(200);
    const { sessionId, sessionUrl, appointmentId } = res.json().data;
    expect(sessionUrl).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
    const sent = fake.requests.find((r) => r.method === 'POST')!;
    expect(Object.fromEntries(sent.params)).toMatchObject({
      mode: 'payment',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '6000',
      // Named in the patient's language on Stripe's page and receipt.
      'line_items[0][price_data][product_data][name]': 'Videosprechstunde 2026-11-24 10:00',
      'line_items[0][quantity]': '1',
      locale: 'de',
      success_url: 'http://vizita.test/booking/success?session_id={CHECKOUT_SESSION_ID}',
      'metadata[appointmentId]': appointmentId,
      // The hold's 30 minutes, and 5 more: Stripe counts its 30 from when the request arrives.
      expires_at: String(Math.floor(clock().getTime() / 1000) + 35 * 60),
    });
    expect(sent.idempotencyKey).toBe(`checkout-${appointmentId}`);
  });

  it('fulfils on a signed checkout.session.completed, once, with the receipt URL of the charge', async () => {
    const { sessionId, appointmentId } = (await book('10:30')).json().data;
    fake.complete(sessionId);
    const event = fake.event('checkout.session.completed', sessionId);
    const results = await Promise.all([webhook(event), webhook(event), webhook(event)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await appointmentOf(appointmentId)).status).toBe('upcoming');
    const rows = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'completed',
      provider: 'stripe',
      receiptUrl: `https://pay.stripe.test/receipts/${sessionId}`,
      providerPaymentId: `pi_${sessionId.slice(8)}`,
    });
  });

  it('does not trust the event body: a "completed" event for an unpaid session changes nothing', async () => {
    const { sessionId, appointmentId } = (await book('11:00')).json().data;
    expect((await webhook(fake.event('checkout.session.completed', sessionId))).statusCode).toBe(
      200,
    );
    expect((await appointmentOf(appointmentId)).status).toBe('pending');
  });

  it('refuses an unsigned or wrongly signed webhook', async () => {
    const { sessionId } = (await book('11:30')).json().data;
    fake.complete(sessionId);
    const event = fake.event('checkout.session.completed', sessionId);
    expect((await webhook(event, 'whsec_wrong')).statusCode).toBe(400);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event,
    });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload: event,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload: event.replace('checkout.session.completed', 'checkout.session.expired'),
    });
    expect(tampered.statusCode).toBe(400);
  });

  it('releases the slot on checkout.session.expired', async () => {
    const { sessionId, appointmentId } = (await book('12:00')).json().data;
    fake.expire(sessionId);
    expect((await webhook(fake.event('checkout.session.expired', sessionId))).statusCode).toBe(200);
    expect((await appointmentOf(appointmentId)).status).toBe('expired');
    const again = await book('12:00');
    expect(again.statusCode).toBe(200);
  });

  it('releases an abandoned checkout at once: the session is expired at Stripe and the slot is free', async () => {
    const booked = await book('14:00');
    const { token } = booked;
    const { sessionId, appointmentId } = booked.json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/release-hold',
      headers: { authorization: `Bearer ${token}` },
      payload: { appointmentId },
    });
    expect(res.json().data).toEqual({ status: 'cancelled' });
    expect(fake.sessions.get(sessionId)!.status).toBe('expired');
    expect((await appointmentOf(appointmentId)).status).toBe('expired');
    expect((await book('14:00')).statusCode).toBe(200);
  });

  it('lets the success page and process-webhook-manually fulfil without any webhook', async () => {
    const booked = await book('13:00');
    const { token } = booked;
    const { sessionId, appointmentId } = booked.json().data;
    fake.complete(sessionId);
    const lookup = await t.app.inject({
      method: 'GET',
      url: `/api/payments/session/${sessionId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(lookup.json().data.payment).toMatchObject({ appointmentId, status: 'completed' });
    const manual = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process-webhook-manually',
      headers: { authorization: `Bearer ${token}` },
      payload: { sessionId },
    });
    expect(manual.json().data.appointmentId).toBe(appointmentId);
    const dev = await t.app.inject({
      method: 'POST',
      url: '/api/payments/process-dev-payment',
      headers: { authorization: `Bearer ${token}` },
      payload: { sessionId },
    });
    expect(dev.statusCode).toBe(403);
  });

  it('refunds a cancellation through Stripe once, even when the refund is run again after a crash', async () => {
    const booked = await book('15:00');
    const { token } = booked;
    const { sessionId, appointmentId } = booked.json().data;
    fake.complete(sessionId);
    await webhook(fake.event('checkout.session.completed', sessionId));
    const [cancelA, cancelB] = await Promise.all(
      [0, 1].map(() =>
        t.app.inject({
          method: 'PUT',
          url: `/api/appointments/${appointmentId}/cancel`,
          headers: { authorization: `Bearer ${token}` },
          payload: { reason: 'Ich bin wieder gesund.' },
        }),
      ),
    );
    expect([cancelA!.statusCode, cancelB!.statusCode].sort()).toEqual([200, 409]);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, appointmentId));
    expect(payment).toMatchObject({ status: 'refunded', providerRefundId: fake.refunds[0]!.id });
    expect(fake.refunds).toEqual([
      { id: expect.any(String), payment_intent: `pi_${sessionId.slice(8)}`, amount: 6000 },
    ]);
    const refundRequest = fake.requests.find((r) => r.path === '/v1/refunds')!;
    expect(refundRequest.idempotencyKey).toBe(`refund-${payment!.id}`);

    // Stripe refunded, and we crashed before recording it: the job runs again and Stripe answers
    // the same refund for the same key — no second refund.
    await t.db
      .update(payments)
      .set({ status: 'completed', providerRefundId: null })
      .where(eq(payments.id, payment!.id));
    await t.pool.query('update jobs set done_at = null where key = $1', [`refund:${payment!.id}`]);
    await t.app.backgroundWork.tick();
    expect(fake.refunds).toHaveLength(1);
    const [again] = await t.db.select().from(payments).where(eq(payments.id, payment!.id));
    expect(again).toMatchObject({ status: 'refunded', providerRefundId: fake.refunds[0]!.id });
  });

  it('records a refund made in Stripe’s dashboard (charge.refunded), once, and tells the patient', async () => {
    const { sessionId, appointmentId } = (await book('16:00')).json().data;
    fake.complete(sessionId);
    await webhook(fake.event('checkout.session.completed', sessionId));
    const charge = (refunded: boolean) =>
      JSON.stringify({
        id: `evt_${sessionId.slice(8, 20)}`,
        object: 'event',
        type: 'charge.refunded',
        data: {
          object: {
            id: `ch_${sessionId.slice(8)}`,
            object: 'charge',
            payment_intent: `pi_${sessionId.slice(8)}`,
            refunded,
            refunds: { data: [{ id: 're_dashboard_1' }] },
          },
        },
      });
    const paymentRow = async () =>
      (await t.db.select().from(payments).where(eq(payments.appointmentId, appointmentId)))[0]!;
    const refundMails = async () =>
      // The patient booked in the German interface, so the mail is German.
      (await t.mails()).filter((m) => m.subject === 'Ihre Vizita-Erstattung ist veranlasst').length;
    const refundMailsBefore = await refundMails();
    // A partial refund leaves the payment paid.
    expect((await webhook(charge(false))).statusCode).toBe(200);
    expect((await paymentRow()).status).toBe('completed');
    const results = await Promise.all([webhook(charge(true)), webhook(charge(true))]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await paymentRow()).toMatchObject({
      status: 'refunded',
      providerRefundId: 're_dashboard_1',
    });
    expect(await refundMails()).toBe(refundMailsBefore + 1);
    // Unsigned, it changes nothing and says so.
    expect((await webhook(charge(true), 'whsec_wrong')).statusCode).toBe(400);
  });
});

describe('Stripe outside the database transactions', () => {
  it('holds no database connection while Stripe is slow: the API keeps answering', async () => {
    const release = fake.stall();
    try {
      // More checkouts waiting on Stripe than the pool has connections (20 in tests).
      const slots = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
      const dates = ['2026-11-25', '2026-11-26', '2026-11-27'];
      // Signed up one after the other: registrations beyond a few at once wait their turn for
      // argon2id behind sign-ins (passwords.ts), and this test is about Stripe, not hashing.
      const patients: Awaited<ReturnType<typeof signUp>>[] = [];
      for (let i = 0; i < dates.length * slots.length; i += 1) {
        const patient = await signUp(t);
        await t.pool.query('update users set is_profile_complete = true where id = $1', [
          patient.userId,
        ]);
        patients.push(patient);
      }
      const waiting = dates.flatMap((date, d) =>
        slots.map(async (slot, s) => {
          const patient = patients[d * slots.length + s]!;
          return t.app.inject({
            method: 'POST',
            url: '/api/payments/create-session',
            headers: { authorization: `Bearer ${patient.accessToken}` },
            payload: { doctorId, date, slot, country: 'Germany' },
          });
        }),
      );
      // Wait until every hold is in (each was committed before Stripe was asked).
      await expect
        .poll(
          async () =>
            Number(
              (
                await t.pool.query(
                  `select count(*) from appointments where status = 'pending' and starts_at >= '2026-11-25'`,
                )
              ).rows[0].count,
            ),
          { timeout: 20_000 },
        )
        .toBe(24);
      const started = performance.now();
      const doctors = await t.app.inject('/api/doctors');
      expect(doctors.statusCode).toBe(200);
      expect(performance.now() - started).toBeLessThan(2000);
      release();
      const answers = await Promise.all(waiting);
      expect(answers.map((r) => r.statusCode)).toEqual(Array(24).fill(200));
    } finally {
      release();
    }
  });

  it('gives the slot back at once when Stripe refuses the checkout', async () => {
    fake.failCreates(3); // the first try and the SDK's two retries
    const refused = await book('16:30');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ success: false, code: 'paymentProviderUnavailable' });
    const [hold] = await t.db
      .select()
      .from(appointments)
      .where(eq(appointments.startsAt, new Date('2026-11-24T15:30:00Z')));
    expect(hold!.status).toBe('expired');
    expect((await book('16:30')).statusCode).toBe(200);
  });
});
