import { randomBytes, randomUUID } from 'node:crypto';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { isTimeZone } from '@vizita/shared/domain/time-zone';
import type { Locale } from '@vizita/shared/constants';
import type { CreateSessionRequest, PaymentHistoryItem } from '@vizita/shared/contracts/payments';
import {
  CHECKOUT_LIFETIME_MS,
  BOOKING_CURRENCY,
  DEFAULT_VISIT_REASON,
} from '@vizita/shared/contracts/payments';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { audit } from '../../lib/audit.ts';
import { findUserById, markPaid, setMailPreferences } from '../auth/users.ts';
import { queueAppointmentMail } from '../appointments/appointment-mails.ts';
import { offeredSlot } from '../doctors/offered-slot.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import { queueRefund, REFUND_JOB } from './refunds.ts';
import type { ReceiptLinks } from './receipt-links.ts';
import type { Invoicing } from '../invoices/service.ts';
import type { HealthText } from '../appointments/health-text.ts';
import {
  bookingConfirmed,
  cancelHoldWhoseSlotWasTaken,
  confirmHold,
  countOpenHolds,
  expireHold,
  expireLapsedHoldsOnSlot,
  insertHold,
  lapsedHolds,
} from '../appointments/holds.ts';
import { findAppointment, type AppointmentRow } from '../appointments/rows.ts';
import { bookableDependant } from '../family/dependants.ts';
import type { BusinessCounters } from '../../plugins/metrics.ts';
import { notifyAboutAppointment } from '../notifications/appointment-notices.ts';
import { findPaymentById, findPaymentOfAppointment, lockPaymentById } from './payment-records.ts';
import * as repo from './repo.ts';
import { SLOT_LOST_CANCEL_REASON } from '@vizita/shared/contracts/appointments';
import { CHECKOUT_COPY } from './checkout-copy.ts';

export type PaymentDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  provider: PaymentProvider;
  /** Mints the payer's short-lived receipt links. */
  receiptLinks: ReceiptLinks;
  /** Issues the invoice with a payment and the credit note with its refund (ADR 0021). */
  invoicing: Invoicing;
  /** Runs the mails and refunds that fulfilment and refunds queue (modules/jobs). */
  jobs: JobWorker;
  rateLimiter: RateLimiter;
  /** Seals the patient's reason and notes to the appointment (ADR 0009). */
  healthText: HealthText;
  /** Bookings, payments and refunds, counted once their transaction committed (the metrics). */
  counters: Pick<BusinessCounters, 'bookings' | 'payments' | 'refunds'>;
  log: { error: (obj: object, msg: string) => void };
};

/**
 * Unpaid checkouts one patient may have open at once: enough to retry in a second tab, too few to
 * sit on a doctor's week (each hold keeps its slot from everyone else for 30 minutes).
 */
export const MAX_OPEN_HOLDS = 2;
/** Checkouts a patient may open per hour: retries and second thoughts, not a hold-renewal bot. */
export const CHECKOUTS_PER_HOUR = 20;

/** Answers the keys of the jobs to run once the fulfilment committed. */
type PaidHandler = (tx: Tx, appointment: AppointmentRow, now: Date) => Promise<string[]>;

export type FulfilmentResult = { appointmentId: string; status: repo.PaymentRow['status'] };

export function createPaymentService(deps: PaymentDeps) {
  const { db, clock, provider } = deps;

  const receiptNumber = (now: Date) =>
    `VZ-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

  const hasReceipt = (status: repo.PaymentRow['status']) =>
    status === 'completed' || status === 'refunded';

  /** Records a full refund in the caller's transaction and queues the patient's mail. */
  async function markRefunded(
    tx: Tx,
    payment: repo.PaymentRow,
    refundId: string | null,
    now: Date,
    by: 'vizita' | 'provider',
  ) {
    await repo.updatePayment(
      tx,
      payment.id,
      { status: 'refunded', providerRefundId: refundId, refundedAt: now },
      now,
    );
    await deps.invoicing.issueCreditNote(tx, payment.id, now, now);
    await audit(tx, 'payment.refunded', {
      userId: payment.patientId,
      meta: { paymentId: payment.id, appointmentId: payment.appointmentId, refundId, by },
    });
    await notifyAboutAppointment(tx, payment.appointmentId, [
      { to: 'patient', kind: 'refundIssued', link: '/dashboard/billing' },
    ]);
    return queueAppointmentMail(tx, 'refunded', payment.appointmentId, now);
  }

  /** What a paid hold of a plan sets going instead of a booking's confirmation (whenPaid). */
  const paidHandlers = new Map<AppointmentRow['plan'], PaidHandler>();

  const service = {
    /**
     * A plan whose payment does not book a slot says what its payment does instead, in the
     * fulfilment's transaction — a visit with the first free doctor joins the queue (ADR 0042).
     * Registered by the module that owns the plan, so that payments need not know it.
     */
    whenPaid(plan: AppointmentRow['plan'], handler: PaidHandler) {
      paidHandlers.set(plan, handler);
    },

    /**
     * Holds the slot, then opens a hosted checkout. Concurrent attempts on one slot: the partial
     * unique index lets exactly one hold in; every other answers 409. A patient may keep at most
     * MAX_OPEN_HOLDS unpaid holds (the route also limits how often checkouts are created).
     */
    async createSession(
      patientId: string,
      input: CreateSessionRequest,
      locale: Locale,
      localeStated = false,
      timeZone?: string,
    ) {
      const created = await deps.rateLimiter.hit(
        `checkout:${patientId}`,
        CHECKOUTS_PER_HOUR,
        60 * 60_000,
      );
      if (!created.allowed) throw new ApiError(429, 'tooManyRequests');
      const patient = await findUserById(db, patientId);
      if (!patient) throw new ApiError(401, 'authRequired');
      if (!patient.isProfileComplete) throw new ApiError(403, 'profileIncomplete');
      // The language the patient books in is the language of this appointment's mails.
      // …and the zone the browser runs in is the one its times are given in (an unknown zone is
      // ignored, never an error).
      const zone = timeZone && isTimeZone(timeZone) ? timeZone : patient.timeZone;
      if ((localeStated && patient.locale !== locale) || zone !== patient.timeZone)
        await setMailPreferences(db, patientId, {
          locale: localeStated ? locale : patient.locale,
          timeZone: zone,
        });
      const now = clock();
      const slot = await offeredSlot(db, {
        doctorId: input.doctorId,
        date: input.date,
        slot: input.slot,
        now,
        windowDays: BOOKING_WINDOW_DAYS,
      });
      // The doctor's fee, in euro (ADR 0018) — never the client's language, country or a body field.
      const priceMinor = slot.feeMinor;
      const currency = BOOKING_CURRENCY;
      const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
      // For whom: a person in the account whom the age policy lets the holder book for.
      const dependant = input.dependantId
        ? await bookableDependant(db, patientId, input.dependantId, now)
        : undefined;

      // 1. The hold, in a short transaction of its own: no provider call ever holds a pooled
      // connection (a burst on one slot must not freeze the API while Stripe answers).
      // The id first: the health texts are sealed to the appointment they belong to.
      const holdId = randomUUID();
      const hold = await db.transaction(async (tx) => {
        // One patient at a time: the cap below counts holds that no parallel request adds to.
        await repo.lockUser(tx, patientId);
        if ((await countOpenHolds(tx, patientId, now)) >= MAX_OPEN_HOLDS)
          throw new ApiError(409, 'tooManyHolds');
        await expireLapsedHoldsOnSlot(tx, input.doctorId, slot.startsAt, now);
        const row = await insertHold(tx, {
          id: holdId,
          patientId,
          doctorId: input.doctorId,
          dependantId: dependant?.id ?? null,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: slot.timeZone,
          plan: 'consultation',
          status: 'pending',
          reasonEncrypted: deps.healthText.seal(
            holdId,
            'reason',
            input.reason || DEFAULT_VISIT_REASON,
          ),
          notesEncrypted: deps.healthText.seal(holdId, 'notes', input.notes),
          priceMinor,
          currency,
          holdExpiresAt: expiresAt,
        });
        if (!row) throw new ApiError(409, 'slotTaken');
        await audit(tx, 'booking.hold_created', {
          userId: patientId,
          meta: { appointmentId: row.id },
        });
        return row;
      });

      // 2. and 3. The provider's checkout, and the payment that fulfilment will look up.
      const session = await service.openCheckout({
        hold: { ...hold, priceMinor, currency },
        customerEmail: patient.email,
        locale,
        date: input.date,
        slot: input.slot,
      });
      return { ...session, appointmentId: hold.id };
    },

    /**
     * Opens the provider's hosted checkout for a hold already taken (a booking's, a follow-up
     * visit's priced by its proposal, or a prescription request's), outside any transaction, and records the pending payment
     * that fulfilment looks up by the provider's session. A refusal gives the slot back at once.
     */
    async openCheckout({
      hold,
      customerEmail,
      locale,
      date,
      slot,
      onDemand = false,
    }: {
      hold: Pick<AppointmentRow, 'id' | 'patientId' | 'holdExpiresAt'> & {
        priceMinor: number;
        currency: string;
      };
      customerEmail: string;
      locale: Locale;
      /** The slot on the doctor's calendar, for the checkout's and the receipt's line. */
      date: string;
      /** The slot's time; null for a prescription request, which holds none. */
      slot: string | null;
      /** A visit with the first free doctor (ADR 0042): the checkout returns to its queue. */
      onDemand?: boolean;
    }) {
      const copy = CHECKOUT_COPY[locale];
      // A request's page words it as a request (it held no time to give back); a queue entry's
      // page is the queue, before and after paying.
      const queuePage = `${deps.appUrl}/dashboard/see-a-doctor-now/${hold.id}`;
      const returnUrls = onDemand
        ? {
            successUrl: `${queuePage}?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${queuePage}?cancelled=1`,
          }
        : {
            successUrl: `${deps.appUrl}/booking/success?session_id={CHECKOUT_SESSION_ID}`,
            cancelUrl: `${deps.appUrl}/booking/cancel?appointment_id=${hold.id}${slot === null ? '&plan=prescription' : ''}`,
          };
      let session: { sessionId: string; url: string };
      try {
        session = await provider.createCheckout(
          {
            appointmentId: hold.id,
            amountMinor: hold.priceMinor,
            currency: hold.currency,
            // What the hosted checkout and the receipt call it, in the patient's language.
            description: onDemand
              ? copy.onDemandItem
              : slot === null
                ? copy.requestItem(date)
                : copy.item(date, slot),
            customerEmail,
            locale,
            ...returnUrls,
            expiresAt: hold.holdExpiresAt ?? new Date(clock().getTime() + CHECKOUT_LIFETIME_MS),
          },
          db,
        );
      } catch (error) {
        deps.log.error({ err: error }, 'payment provider refused the checkout');
        await expireHold(db, hold.id, clock());
        throw new ApiError(502, 'paymentProviderUnavailable');
      }
      await repo.insertPayment(db, {
        appointmentId: hold.id,
        patientId: hold.patientId,
        provider: provider.name,
        providerSessionId: session.sessionId,
        amountMinor: hold.priceMinor,
        currency: hold.currency,
        status: 'pending',
      });
      return { sessionUrl: session.url, sessionId: session.sessionId };
    },

    /**
     * The one fulfilment path (webhook, success page, dev payment, manual processing): asks the
     * provider for the session's real state and applies it once. Any order, any number of times,
     * concurrently — the payment row lock and the forward-only status make it idempotent.
     */
    async fulfil(sessionId: string): Promise<FulfilmentResult> {
      const state = await provider.retrieveCheckout(sessionId);
      if (!state) throw new ApiError(404, 'paymentSessionNotFound');
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const payment = await repo.lockPaymentBySession(tx, provider.name, sessionId);
        if (!payment) throw new ApiError(404, 'paymentSessionNotFound');
        const unchanged = {
          appointmentId: payment.appointmentId,
          status: payment.status,
          ended: false,
          booked: false,
        };
        if (payment.status !== 'pending') return { ...unchanged, jobKeys: [] };
        if (state.paymentStatus === 'paid') {
          const jobKeys: string[] = [];
          let booked = false;
          const appointment = await findAppointment(tx, payment.appointmentId);
          if (
            appointment &&
            (appointment.status === 'pending' || appointment.status === 'expired')
          ) {
            try {
              // A savepoint: if the hold had lapsed and another patient holds the slot now, the
              // unique index refuses, and only this step is undone.
              await tx.transaction((sp) => confirmHold(sp, appointment.id, now));
              const confirmed = paidHandlers.get(appointment.plan) ?? bookingConfirmed;
              jobKeys.push(...(await confirmed(tx, appointment, now)));
              booked = true;
            } catch (error) {
              if (!isUniqueViolation(error)) throw error;
              await cancelHoldWhoseSlotWasTaken(
                tx,
                appointment.id,
                deps.healthText.seal(appointment.id, 'cancelReason', SLOT_LOST_CANCEL_REASON),
                now,
              );
              deps.log.error(
                { appointmentId: appointment.id, sessionId },
                'paid after the hold lapsed and the slot was taken: refunding',
              );
              await notifyAboutAppointment(tx, appointment.id, [
                { to: 'patient', kind: 'appointmentCancelled', by: 'clinic' },
              ]);
              jobKeys.push(
                await queueAppointmentMail(tx, 'cancelled', appointment.id, now, { refund: 'due' }),
                await queueRefund(tx, payment.id, now),
              );
            }
          }
          await repo.updatePayment(
            tx,
            payment.id,
            {
              status: 'completed',
              providerPaymentId: state.paymentId ?? null,
              receiptNumber: receiptNumber(now),
              // The provider's own receipt (Stripe's), linked from ours; ours is minted per read.
              receiptUrl: state.receiptUrl ?? null,
              paidAt: now,
            },
            now,
          );
          // In this transaction: the number is taken only if the payment is recorded (no gap).
          await deps.invoicing.issueInvoice(tx, payment.id, now);
          await markPaid(tx, payment.patientId);
          await audit(tx, 'booking.paid', {
            userId: payment.patientId,
            meta: { appointmentId: payment.appointmentId, sessionId },
          });
          return {
            appointmentId: payment.appointmentId,
            status: 'completed' as const,
            ended: true,
            booked,
            jobKeys,
          };
        }
        if (state.status === 'expired' || state.paymentStatus === 'failed') {
          const status =
            state.paymentStatus === 'failed' ? ('failed' as const) : ('cancelled' as const);
          await repo.updatePayment(tx, payment.id, { status }, now);
          await expireHold(tx, payment.appointmentId, now);
          return {
            appointmentId: payment.appointmentId,
            status,
            ended: true,
            booked: false,
            jobKeys: [],
          };
        }
        return { ...unchanged, jobKeys: [] };
      });
      // Counted once, by the run that changed the payment, and only after the commit.
      if (outcome.ended) deps.counters.payments.inc({ status: outcome.status });
      if (outcome.booked) deps.counters.bookings.inc({ channel: 'checkout' });
      // Queued with the payment, run now; if this fails, the worker runs them later.
      for (const key of outcome.jobKeys) await deps.jobs.runNow(key);
      return { appointmentId: outcome.appointmentId, status: outcome.status };
    },

    /**
     * GET /api/payments/session/:id — the payer's own session only (404 for anyone else's). A
     * pending payment is first brought up to date with the provider: the success page is one of
     * the fulfilment paths.
     */
    async lookup(patientId: string, sessionId: string) {
      let payment = await repo.findPaymentBySession(db, provider.name, sessionId);
      if (!payment || payment.patientId !== patientId)
        throw new ApiError(404, 'paymentSessionNotFound');
      if (payment.status === 'pending') {
        await service.fulfil(sessionId);
        payment = (await repo.findPaymentBySession(db, provider.name, sessionId))!;
      }
      return {
        id: payment.id,
        appointmentId: hasReceipt(payment.status) ? payment.appointmentId : null,
        status: payment.status,
        amount: payment.amountMinor / 100,
        currency: payment.currency,
        receiptUrl: hasReceipt(payment.status) ? deps.receiptLinks.url(payment) : null,
      };
    },

    /** Asks the provider again for a session of the caller's (spec: process-webhook-manually). */
    async processForPatient(patientId: string, sessionId: string) {
      const payment = await repo.findPaymentBySession(db, provider.name, sessionId);
      if (!payment || payment.patientId !== patientId)
        throw new ApiError(404, 'paymentSessionNotFound');
      return service.fulfil(sessionId);
    },

    /**
     * The patient left the checkout (its cancel link): the provider's session is ended and the
     * hold released at once, instead of when the checkout would have lapsed.
     */
    async releaseHold(patientId: string, appointmentId: string) {
      const payment = await db.query.payments.findFirst({
        where: (p, { eq: equals }) => equals(p.appointmentId, appointmentId),
      });
      if (!payment || payment.patientId !== patientId)
        throw new ApiError(404, 'paymentSessionNotFound');
      if (payment.status === 'pending') await provider.expireCheckout(payment.providerSessionId);
      return service.fulfil(payment.providerSessionId);
    },

    /**
     * Brings an appointment's pending payment up to date with the provider — the page a checkout
     * returns to asks this (a visit with the first free doctor's queue, ADR 0042).
     */
    async settle(appointmentId: string) {
      const payment = await findPaymentOfAppointment(db, appointmentId);
      if (payment?.status === 'pending') await service.fulfil(payment.providerSessionId);
    },

    async history(patientId: string): Promise<PaymentHistoryItem[]> {
      const rows = await repo.paymentHistory(db, patientId);
      return rows.map((r) => ({
        id: r.payment.id,
        date: (r.payment.paidAt ?? r.payment.createdAt).toISOString(),
        doctor: r.doctor
          ? {
              name: doctorDisplayName({ ...r.doctor, title: r.profile?.title }),
              specialties: r.profile?.specialties ?? [],
            }
          : { name: '', specialties: r.onDemandSpecialty ? [r.onDemandSpecialty] : [] },
        ...(r.plan === 'on-demand' ? { onDemand: true } : {}),
        amount: r.payment.amountMinor / 100,
        currency: r.payment.currency,
        status: r.payment.status,
        receiptUrl: hasReceipt(r.payment.status) ? deps.receiptLinks.url(r.payment) : null,
        invoicePdfUrl: hasReceipt(r.payment.status)
          ? deps.receiptLinks.url(r.payment, '/invoice.pdf')
          : null,
      }));
    },

    /** Releases holds whose checkout lapsed (the slot is already free for availability). */
    async expireLapsedHolds() {
      const now = clock();
      for (const { id } of await lapsedHolds(db, now)) {
        const payment = await db.query.payments.findFirst({
          where: (p, { eq: equals }) => equals(p.appointmentId, id),
        });
        if (payment)
          await service
            .fulfil(payment.providerSessionId)
            .catch((err: unknown) => deps.log.error({ err }, 'hold expiry failed'));
        else await expireHold(db, id, now);
      }
    },

    /**
     * Refunds a paid payment in full, once: the `refund` job that a cancellation queues. The
     * provider is called outside any transaction, with one idempotency key per payment, so
     * concurrent runs and a retry after a lost answer (we refunded, then crashed) refund nothing
     * more; the row lock and the status then record it once.
     */
    async refundPayment(paymentId: string) {
      const payment = await findPaymentById(db, paymentId);
      if (payment?.status !== 'completed') return;
      const { refundId } = await provider.refund({
        sessionId: payment.providerSessionId,
        paymentId: payment.providerPaymentId,
        amountMinor: payment.amountMinor,
        idempotencyKey: `refund-${payment.id}`,
        appointmentId: payment.appointmentId,
      });
      const now = clock();
      const mailKey = await db.transaction(async (tx) => {
        const locked = await lockPaymentById(tx, paymentId);
        if (locked?.status !== 'completed') return undefined;
        return markRefunded(tx, locked, refundId, now, 'vizita');
      });
      if (mailKey) {
        deps.counters.refunds.inc({ by: 'vizita' });
        await deps.jobs.runNow(mailKey);
      }
    },

    /**
     * The provider says a payment was refunded in full outside Vizita (a refund from Stripe's
     * dashboard, say): the payment becomes `refunded` and the patient is told, once. Our own
     * refunds find the payment already refunded and change nothing.
     */
    async recordProviderRefund(providerPaymentId: string, refundId: string | null) {
      const now = clock();
      const mailKey = await db.transaction(async (tx) => {
        const payment = await repo.lockPaymentByProviderPaymentId(
          tx,
          provider.name,
          providerPaymentId,
        );
        if (payment?.status !== 'completed') return undefined;
        return markRefunded(tx, payment, refundId, now, 'provider');
      });
      if (mailKey) {
        deps.counters.refunds.inc({ by: 'provider' });
        await deps.jobs.runNow(mailKey);
      }
    },
  };
  deps.jobs.register(REFUND_JOB, (payload) => service.refundPayment(payload.paymentId ?? ''));
  return service;
}
export type PaymentService = ReturnType<typeof createPaymentService>;
