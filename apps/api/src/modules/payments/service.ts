import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locale } from '@vizita/shared/constants';
import type { CreateSessionRequest, PaymentHistoryItem } from '@vizita/shared/contracts/payments';
import {
  CHECKOUT_LIFETIME_MS,
  CONSULTATION_FEE_MINOR,
  CURRENCY_BY_COUNTRY,
  DEFAULT_VISIT_REASON,
} from '@vizita/shared/contracts/payments';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import { slotsForDate } from '@vizita/shared/domain/slots';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit, findUserById } from '../auth/repo.ts';
import * as doctorsRepo from '../doctors/repo.ts';
import type { PaymentProvider } from './providers/payment-provider.ts';
import * as repo from './repo.ts';

export type PaymentDeps = {
  db: Db;
  clock: Clock;
  appUrl: string;
  provider: PaymentProvider;
  /** Signs receipt links so that only whoever was given the link (the payer) can open it. */
  receiptSecret: string;
  onPaid?: (appointmentId: string) => Promise<void>;
  log: { error: (obj: object, msg: string) => void };
};

/** Recorded on an appointment paid for after its hold lapsed and someone else took the slot. */
export const SLOT_LOST_REASON =
  'The time slot was taken after the checkout expired; the payment is refunded.';

const isUniqueViolation = (e: unknown): boolean =>
  typeof e === 'object' &&
  e !== null &&
  ((e as { code?: string }).code === '23505' ||
    isUniqueViolation((e as { cause?: unknown }).cause));

export type FulfilmentResult = { appointmentId: string; status: repo.PaymentRow['status'] };

export function createPaymentService(deps: PaymentDeps) {
  const { db, clock, provider } = deps;

  const signature = (paymentId: string) =>
    createHmac('sha256', deps.receiptSecret).update(`receipt:${paymentId}`).digest('base64url');
  const receiptUrl = (paymentId: string) =>
    `${deps.appUrl}/receipts/${paymentId}?sig=${signature(paymentId)}`;
  const receiptNumber = (now: Date) =>
    `VZ-${now.toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(4).toString('hex').toUpperCase()}`;

  /** The slot's UTC start if the doctor offers it on that local date and it has not begun. */
  async function offeredStart(doctorId: string, date: string, slot: string, now: Date) {
    const profile = await doctorsRepo.findDoctorProfile(db, doctorId);
    if (!profile) throw new ApiError(404, 'doctorNotFound');
    const today = zonedDateAndSlot(now, profile.timeZone).date;
    if (date < today || date > addDays(today, BOOKING_WINDOW_DAYS))
      throw new ApiError(400, 'slotNotOffered');
    const [weekly, exceptions] = await Promise.all([
      doctorsRepo.weeklyHours(db, doctorId),
      doctorsRepo.exceptionsBetween(db, doctorId, date, date),
    ]);
    const match = slotsForDate({
      date,
      timeZone: profile.timeZone,
      slotMinutes: profile.slotMinutes,
      weekly: weekly.map((w) => ({ weekday: w.weekday, start: w.startTime, end: w.endTime })),
      exceptions: exceptions.map((e) => ({
        date: e.date,
        kind: e.kind,
        start: e.startTime,
        end: e.endTime,
      })),
    }).find((s) => s.slot === slot);
    if (!match || match.startsAt <= now) throw new ApiError(400, 'slotNotOffered');
    return {
      startsAt: match.startsAt,
      endsAt: new Date(match.startsAt.getTime() + profile.slotMinutes * 60_000),
      timeZone: profile.timeZone,
    };
  }

  return {
    receiptUrl,
    verifyReceiptSignature(paymentId: string, sig: string) {
      const expected = Buffer.from(signature(paymentId));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /**
     * Holds the slot and opens a hosted checkout in one transaction. Concurrent attempts on one
     * slot: the partial unique index lets exactly one hold in; every other answers 409.
     */
    async createSession(patientId: string, input: CreateSessionRequest, locale: Locale) {
      const patient = await findUserById(db, patientId);
      if (!patient) throw new ApiError(401, 'authRequired');
      if (!patient.isProfileComplete) throw new ApiError(403, 'profileIncomplete');
      const now = clock();
      const slot = await offeredStart(input.doctorId, input.date, input.slot, now);
      const currency = CURRENCY_BY_COUNTRY[input.country];
      const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
      const result = await db.transaction(async (tx) => {
        await repo.expireLapsedHoldsOnSlot(tx, input.doctorId, slot.startsAt, now);
        const hold = await repo.insertHold(tx, {
          patientId,
          doctorId: input.doctorId,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: slot.timeZone,
          plan: 'consultation',
          status: 'pending',
          reason: input.reason || DEFAULT_VISIT_REASON,
          notes: input.notes || null,
          priceMinor: CONSULTATION_FEE_MINOR,
          currency,
          holdExpiresAt: expiresAt,
        });
        if (!hold) throw new ApiError(409, 'slotTaken');
        let session: { sessionId: string; url: string };
        try {
          session = await provider.createCheckout(
            {
              appointmentId: hold.id,
              amountMinor: CONSULTATION_FEE_MINOR,
              currency,
              description: `Video consultation ${input.date} ${input.slot}`,
              customerEmail: patient.email,
              locale,
              successUrl: `${deps.appUrl}/booking/success?session_id={CHECKOUT_SESSION_ID}`,
              cancelUrl: `${deps.appUrl}/booking/cancel?appointment_id=${hold.id}`,
              expiresAt,
            },
            tx,
          );
        } catch (error) {
          deps.log.error({ err: error }, 'payment provider refused the checkout');
          throw new ApiError(502, 'paymentProviderUnavailable');
        }
        await repo.insertPayment(tx, {
          appointmentId: hold.id,
          patientId,
          provider: provider.name,
          providerSessionId: session.sessionId,
          amountMinor: CONSULTATION_FEE_MINOR,
          currency,
          status: 'pending',
        });
        await audit(tx, 'booking.hold_created', {
          userId: patientId,
          meta: { appointmentId: hold.id },
        });
        return { sessionUrl: session.url, sessionId: session.sessionId, appointmentId: hold.id };
      });
      return result;
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
        if (payment.status !== 'pending')
          return { appointmentId: payment.appointmentId, status: payment.status, paidNow: false };
        if (state.paymentStatus === 'paid') {
          const appointment = await repo.findAppointment(tx, payment.appointmentId);
          if (
            appointment &&
            (appointment.status === 'pending' || appointment.status === 'expired')
          ) {
            try {
              // A savepoint: if the hold had lapsed and another patient holds the slot now, the
              // unique index refuses, and only this step is undone.
              await tx.transaction((sp) =>
                repo.updateAppointment(
                  sp,
                  appointment.id,
                  { status: 'upcoming', holdExpiresAt: null },
                  now,
                ),
              );
            } catch (error) {
              if (!isUniqueViolation(error)) throw error;
              await repo.updateAppointment(
                tx,
                appointment.id,
                { status: 'cancelled', cancelReason: SLOT_LOST_REASON, cancelledAt: now },
                now,
              );
              deps.log.error(
                { appointmentId: appointment.id, sessionId },
                'paid after the hold lapsed and the slot was taken: refund due',
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
              receiptUrl: state.receiptUrl ?? receiptUrl(payment.id),
              paidAt: now,
            },
            now,
          );
          await tx.update(users).set({ isPaid: true }).where(eq(users.id, payment.patientId));
          await audit(tx, 'booking.paid', {
            userId: payment.patientId,
            meta: { appointmentId: payment.appointmentId, sessionId },
          });
          return {
            appointmentId: payment.appointmentId,
            status: 'completed' as const,
            paidNow: true,
          };
        }
        if (state.status === 'expired' || state.paymentStatus === 'failed') {
          const status =
            state.paymentStatus === 'failed' ? ('failed' as const) : ('cancelled' as const);
          await repo.updatePayment(tx, payment.id, { status }, now);
          await repo.updateAppointment(tx, payment.appointmentId, { status: 'expired' }, now);
          return { appointmentId: payment.appointmentId, status, paidNow: false };
        }
        return { appointmentId: payment.appointmentId, status: payment.status, paidNow: false };
      });
      if (outcome.paidNow && deps.onPaid) {
        await deps
          .onPaid(outcome.appointmentId)
          .catch((err: unknown) => deps.log.error({ err }, 'after-payment work failed'));
      }
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
        await this.fulfil(sessionId);
        payment = (await repo.findPaymentBySession(db, provider.name, sessionId))!;
      }
      return {
        id: payment.id,
        appointmentId:
          payment.status === 'completed' || payment.status === 'refunded'
            ? payment.appointmentId
            : null,
        status: payment.status,
        amount: payment.amountMinor / 100,
        currency: payment.currency,
        receiptUrl: payment.receiptUrl,
      };
    },

    /** Asks the provider again for a session of the caller's (spec: process-webhook-manually). */
    async processForPatient(patientId: string, sessionId: string) {
      const payment = await repo.findPaymentBySession(db, provider.name, sessionId);
      if (!payment || payment.patientId !== patientId)
        throw new ApiError(404, 'paymentSessionNotFound');
      return this.fulfil(sessionId);
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
      return this.fulfil(payment.providerSessionId);
    },

    async history(patientId: string): Promise<PaymentHistoryItem[]> {
      const rows = await repo.paymentHistory(db, patientId);
      return rows.map((r) => ({
        id: r.payment.id,
        date: (r.payment.paidAt ?? r.payment.createdAt).toISOString(),
        doctor: {
          name: [r.profile?.title, r.doctor.firstName, r.doctor.lastName].filter(Boolean).join(' '),
          specialties: r.profile?.specialties ?? [],
        },
        amount: r.payment.amountMinor / 100,
        currency: r.payment.currency,
        status: r.payment.status,
        receiptUrl:
          r.payment.status === 'completed' || r.payment.status === 'refunded'
            ? r.payment.receiptUrl
            : null,
      }));
    },

    /** Releases holds whose checkout lapsed (the slot is already free for availability). */
    async expireLapsedHolds() {
      const now = clock();
      for (const { id } of await repo.lapsedHolds(db, now)) {
        const payment = await db.query.payments.findFirst({
          where: (p, { eq: equals }) => equals(p.appointmentId, id),
        });
        if (payment)
          await this.fulfil(payment.providerSessionId).catch((err: unknown) =>
            deps.log.error({ err }, 'hold expiry failed'),
          );
        else await repo.updateAppointment(db, id, { status: 'expired' }, now);
      }
    },
  };
}
export type PaymentService = ReturnType<typeof createPaymentService>;
