import { randomUUID } from 'node:crypto';
import type { Locale } from '@vizita/shared/constants';
import { BOOKING_CURRENCY, CHECKOUT_LIFETIME_MS } from '@vizita/shared/contracts/payments';
import type {
  CreatePrescriptionRequest,
  CreatePrescriptionRequestResult,
  DoctorPrescriptionRequest,
  PrescriptionRequestOption,
} from '@vizita/shared/contracts/prescription-requests';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import {
  PRESCRIPTION_REQUEST_WINDOW_DAYS,
  prescriptionAnswerBy,
  prescriptionPriceMinor,
  prescriptionRequestable,
} from '@vizita/shared/domain/prescription-requests';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AppointmentService } from '../appointments/service.ts';
import type { HealthText } from '../appointments/health-text.ts';
import { bookingConfirmed, countOpenHolds, insertHold } from '../appointments/holds.ts';
import { requestDetailsOf, sealRequestDetails } from '../appointments/request-details.ts';
import { lastVisitsByDoctor, openRequestsOf } from '../appointments/rows.ts';
import { findUserById } from '../auth/users.ts';
import { doctorAccounts } from '../doctors/profiles.ts';
import type { ClinicalDocumentService } from '../clinical-documents/service.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { CHECKOUTS_PER_HOUR, MAX_OPEN_HOLDS, type PaymentService } from '../payments/service.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Repeat prescriptions asked for without a call (issue #21, the spec's `prescription` plan, ADR
 * 0039). A request is an appointment of that plan holding no slot: it starts when it is made and
 * ends at its answer deadline. It is paid through the same hold and checkout as a booking; once
 * paid it waits in the doctor's queue until the doctor issues a prescription on it (the clinical
 * documents module completes it) or declines it (the appointments module cancels and refunds
 * it); a deadline that passes unanswered refunds it too (the background loop).
 */
export function createPrescriptionRequestService({
  db,
  clock,
  rateLimiter,
  healthText,
  payments,
  appointments,
  clinicalDocuments,
  jobs,
}: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  healthText: HealthText;
  /** The hosted checkout of a paid request's hold (modules/payments). */
  payments: Pick<PaymentService, 'openCheckout'>;
  /** A doctor's decline: the cancellation with its refund and its mails. */
  appointments: Pick<AppointmentService, 'declineRequest'>;
  /** The medicines of the patient's earlier prescriptions, decrypted. */
  clinicalDocuments: Pick<ClinicalDocumentService, 'prescribedMedicines'>;
  jobs: Pick<JobWorker, 'runNow'>;
}) {
  /** The doctors the patient may ask now: seen in the last 12 months, still practising here. */
  async function optionsOf(patientId: string, now: Date) {
    const since = new Date(now.getTime() - PRESCRIPTION_REQUEST_WINDOW_DAYS * DAY_MS);
    const visits = (await lastVisitsByDoctor(db, patientId, since)).filter(
      (v): v is { doctorId: string; lastVisit: Date } =>
        v.lastVisit !== null && prescriptionRequestable(v.lastVisit, now),
    );
    const options = await Promise.all(
      visits.map(async ({ doctorId, lastVisit }) => {
        const [account] = await doctorAccounts(db, doctorId);
        if (!account || account.user.deactivatedAt) return null;
        const { user, profile } = account;
        return {
          doctor: {
            _id: user.id,
            name: doctorDisplayName({ ...user, title: profile.title }),
            specialties: profile.specialties,
          },
          lastVisit: lastVisit.toISOString(),
          price: prescriptionPriceMinor(profile) / 100,
          currency: BOOKING_CURRENCY,
          medications: await clinicalDocuments.prescribedMedicines(patientId, doctorId),
          timeZone: profile.timeZone,
          priceMinor: prescriptionPriceMinor(profile),
        };
      }),
    );
    return options.filter((o) => o !== null) satisfies PrescriptionRequestOption[];
  }

  return {
    /** GET /api/prescription-requests/options — whom the patient may ask, at what price. */
    async options(patientId: string): Promise<PrescriptionRequestOption[]> {
      const options = await optionsOf(patientId, clock());
      return options.map(({ doctor, lastVisit, price, currency, medications }) => ({
        doctor,
        lastVisit,
        price,
        currency,
        medications,
      }));
    },

    /**
     * The patient asks a doctor she has seen for a repeat: the request is held (plan
     * `prescription`, no slot) and the checkout opened at the doctor's prescription fee — or, at
     * a price of 0, the request is sent at once with the mails of a booking.
     */
    async create(
      patientId: string,
      input: CreatePrescriptionRequest,
      locale: Locale,
    ): Promise<CreatePrescriptionRequestResult> {
      const allowed = await rateLimiter.hit(`checkout:${patientId}`, CHECKOUTS_PER_HOUR, HOUR_MS);
      if (!allowed.allowed) throw new ApiError(429, 'tooManyRequests');
      const patient = await findUserById(db, patientId);
      if (!patient) throw new ApiError(401, 'authRequired');
      if (!patient.isProfileComplete) throw new ApiError(403, 'profileIncomplete');
      const now = clock();
      const option = (await optionsOf(patientId, now)).find((o) => o.doctor._id === input.doctorId);
      if (!option) throw new ApiError(403, 'prescriptionRequestNotAllowed');
      const free = option.priceMinor === 0;
      const id = randomUUID();
      const holdExpiresAt = free ? null : new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
      const created = await db.transaction(async (tx) => {
        if (!free && (await countOpenHolds(tx, patientId, now)) >= MAX_OPEN_HOLDS)
          throw new ApiError(409, 'tooManyHolds');
        const row = await insertHold(tx, {
          id,
          patientId,
          doctorId: input.doctorId,
          startsAt: now,
          endsAt: prescriptionAnswerBy(now),
          timeZone: option.timeZone,
          plan: 'prescription',
          status: free ? 'upcoming' : 'pending',
          reasonEncrypted: healthText.seal(id, 'reason', input.reason),
          requestEncrypted: sealRequestDetails(healthText, id, {
            medication: input.medication,
            left: input.left,
          }),
          priceMinor: option.priceMinor,
          currency: option.currency,
          holdExpiresAt,
        });
        // No slot, so no unique index can refuse it: a missing row is a bug, not a race.
        if (!row) throw new Error('prescription request not inserted');
        await audit(tx, 'prescription_request.created', {
          userId: patientId,
          subjectUserId: patientId,
          meta: { appointmentId: id, doctorId: input.doctorId, paid: !free },
        });
        return { row, jobKeys: free ? await bookingConfirmed(tx, row, now) : [] };
      });
      if (free) {
        for (const key of created.jobKeys) await jobs.runNow(key);
        return { outcome: 'requested', appointmentId: id };
      }
      const session = await payments.openCheckout({
        hold: {
          id,
          patientId,
          holdExpiresAt,
          priceMinor: option.priceMinor,
          currency: option.currency,
        },
        customerEmail: patient.email,
        locale,
        date: zonedDateAndSlot(now, patient.timeZone ?? option.timeZone).date,
        slot: null,
      });
      return { outcome: 'checkout', appointmentId: id, ...session };
    },

    /** GET /api/doctor/prescription-requests — the doctor's unanswered requests, soonest due first. */
    async queue(doctorId: string): Promise<DoctorPrescriptionRequest[]> {
      const rows = await openRequestsOf(db, doctorId);
      const requests = await Promise.all(
        rows.map(async (a) => {
          // Every request is made with its details; only an erased patient's lose them, and
          // erasure withdraws her open requests first.
          const details = requestDetailsOf(healthText, a);
          if (!details) return [];
          const patient = await findUserById(db, a.patientId);
          return [
            {
              appointmentId: a.id,
              requestedAt: a.startsAt.toISOString(),
              answerBy: details.answerBy,
              patient: {
                _id: a.patientId,
                name: patient ? `${patient.firstName} ${patient.lastName}`.trim() : '',
              },
              medication: details.medication,
              left: details.left,
              reason: healthText.open(a, 'reason') ?? '',
            },
          ];
        }),
      );
      return requests.flat();
    },

    /** The doctor declines an unanswered request with a reason: refunded in full. */
    async decline(doctorId: string, appointmentId: string, reason: string) {
      return (await appointments.declineRequest(doctorId, appointmentId, reason)).appointment;
    },
  };
}
export type PrescriptionRequestService = ReturnType<typeof createPrescriptionRequestService>;
