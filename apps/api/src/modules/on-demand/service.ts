import { randomUUID } from 'node:crypto';
import type { Locale } from '@vizita/shared/constants';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import { BOOKING_CURRENCY, CHECKOUT_LIFETIME_MS } from '@vizita/shared/contracts/payments';
import type { ConsultationLanguage } from '@vizita/shared/contracts/doctors';
import type {
  JoinQueueRequest,
  OnCallState,
  OnDemandOptions,
  QueueEntry,
  QueueState,
} from '@vizita/shared/contracts/on-demand';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Config } from '../../config.ts';
import { findUserById } from '../auth/users.ts';
import { countOpenHolds, insertHold } from '../appointments/holds.ts';
import type { HealthText } from '../appointments/health-text.ts';
import {
  assignOnDemandVisit,
  doctorHasCallBetween,
  endUntakenVisit,
  recentConsultationMinutes,
} from '../appointments/on-demand-visits.ts';
import { findDoctorProfile } from '../doctors/profiles.ts';
import { bookableDependant, dependantNames } from '../family/dependants.ts';
import type { DoctorService } from '../doctors/service.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { findPaymentOfAppointment } from '../payments/payment-records.ts';
import { queueRefund } from '../payments/refunds.ts';
import { CHECKOUTS_PER_HOUR, MAX_OPEN_HOLDS, type PaymentService } from '../payments/service.ts';
import {
  CONSULTATION_MINUTES_RANGE,
  DEFAULT_CONSULTATION_MINUTES,
  estimatedWaitMinutes,
} from './estimate.ts';
import * as repo from './repo.ts';

const HOUR_MS = 60 * 60_000;
/** How far back the consultations are that the wait is estimated from. */
const RECENT_CALLS_MS = 30 * 24 * HOUR_MS;
/** How many free times of other doctors she is offered when nobody took her. */
const NEXT_FREE_SLOTS = 5;

/**
 * What is recorded as the reason of a visit that ended untaken, in English (the queue page shows
 * its own translation): it is the appointment's cancellation reason, sealed like any other.
 */
export const UNTAKEN_REASONS = {
  timed_out: 'No doctor was free to take you in time; the payment is refunded in full.',
  left: 'You left the queue; the payment is refunded in full.',
} as const;

const STATE_OF_END = {
  taken: 'taken',
  timed_out: 'timedOut',
  left: 'left',
  unpaid: 'unpaid',
} as const satisfies Record<NonNullable<repo.OnDemandRequestRow['endReason']>, QueueState>;

export type OnDemandDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'onDemand'>;
  rateLimiter: RateLimiter;
  healthText: HealthText;
  jobs: JobWorker;
  doctors: DoctorService;
  payments: Pick<PaymentService, 'openCheckout' | 'whenPaid' | 'settle'>;
};

/**
 * "See a doctor now" (issue #22, ADR 0042): the patient pays the clinic's fee and waits for the
 * first free doctor of a specialty who speaks her language; a doctor available now takes the
 * next; whoever is not taken within the limit, or leaves, is refunded in full. Every decision is
 * a row lock or a conditional update in PostgreSQL, so any number of instances agree on it.
 */
export function createOnDemandService(deps: OnDemandDeps) {
  const { db, clock, healthText, jobs } = deps;
  const { feeMinor, maxWaitMinutes } = deps.config.onDemand;
  const maxWaitMs = maxWaitMinutes * 60_000;

  /** How long a consultation lasts lately, within sane bounds. */
  async function consultationMinutes(now: Date) {
    const measured = await recentConsultationMinutes(db, new Date(now.getTime() - RECENT_CALLS_MS));
    if (measured === null) return DEFAULT_CONSULTATION_MINUTES;
    const [min, max] = CONSULTATION_MINUTES_RANGE;
    return Math.min(max, Math.max(min, measured));
  }

  /** The doctors available now who could take a patient of this specialty and language. */
  async function doctorsFor(specialty: string, language: string, now: Date) {
    const onCall = await repo.doctorsOnCall(db, now);
    return onCall.filter(
      (d) => d.specialties.includes(specialty) && d.languages.includes(language),
    );
  }

  /** The next free times of doctors of the specialty and language, soonest first. */
  async function nextFreeSlots(specialty: string, language: string) {
    const listed = await deps.doctors.list({
      specialty,
      language: language as ConsultationLanguage,
    });
    return listed
      .flatMap((d) =>
        d.nextAvailable
          ? [{ doctor: { slug: d.slug, name: d.name }, startsAt: d.nextAvailable.startsAt }]
          : [],
      )
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
      .slice(0, NEXT_FREE_SLOTS);
  }

  /** Her own entry, or 404 — to anyone else it does not exist. */
  async function ownRequest(patientId: string, appointmentId: string) {
    const row = await repo.findRequest(db, appointmentId);
    if (!row || row.appointment.patientId !== patientId)
      throw new ApiError(404, 'queueEntryNotFound');
    return row;
  }

  /**
   * Ends a waiting visit untaken — she left, or her time ran out — and refunds it in full, once:
   * the request's lock orders a leave, the sweep and a doctor's take; a visit taken meanwhile
   * stays taken. Answers whether this call ended it.
   */
  async function endUntaken(appointmentId: string, reason: 'left' | 'timed_out') {
    const now = clock();
    const refundKey = await db.transaction(async (tx) => {
      const request = await repo.lockRequest(tx, appointmentId);
      if (!request || request.endedAt || !request.queuedAt) return null;
      const ended = await endUntakenVisit(
        tx,
        appointmentId,
        reason === 'left' ? 'patient' : 'clinic',
        healthText.seal(appointmentId, 'cancelReason', UNTAKEN_REASONS[reason]),
        now,
      );
      if (!ended) return null;
      await repo.markEnded(tx, appointmentId, reason, now);
      const payment = await findPaymentOfAppointment(tx, appointmentId);
      await audit(tx, reason === 'left' ? 'on_demand.left' : 'on_demand.timed_out', {
        userId: payment?.patientId ?? null,
        meta: { appointmentId },
      });
      return payment?.status === 'completed' ? queueRefund(tx, payment.id, now) : undefined;
    });
    // The refund runs at once; if the provider is away, the job worker retries it.
    if (refundKey) await jobs.runNow(refundKey);
    return refundKey !== null;
  }

  async function entryOf(row: NonNullable<Awaited<ReturnType<typeof repo.findRequest>>>) {
    const now = clock();
    const { request, appointment } = row;
    const state: QueueState = request.endReason
      ? STATE_OF_END[request.endReason]
      : appointment.status === 'pending' && request.queuedAt === null
        ? 'paying'
        : appointment.status === 'upcoming'
          ? 'waiting'
          : // The checkout was left or lapsed before she paid.
            'unpaid';
    const base = {
      appointmentId: appointment.id,
      state,
      specialty: request.specialty,
      language: request.language,
      position: null,
      estimatedWaitMinutes: null,
      doctorsAvailable: 0,
      givesUpAt: request.givesUpAt?.toISOString() ?? null,
      doctor: null,
      price: (appointment.priceMinor ?? feeMinor) / 100,
      currency: appointment.currency ?? BOOKING_CURRENCY,
      nextFreeSlots: [],
    } satisfies QueueEntry;
    if (state === 'waiting') {
      const [position, doctors, minutes] = await Promise.all([
        repo.positionOf(db, request),
        doctorsFor(request.specialty, request.language, now),
        consultationMinutes(now),
      ]);
      return {
        ...base,
        position,
        doctorsAvailable: doctors.length,
        estimatedWaitMinutes: estimatedWaitMinutes({
          position,
          doctors: doctors.length,
          free: doctors.filter((d) => !d.inCall).length,
          consultationMinutes: minutes,
        }),
      };
    }
    if (state === 'taken' && appointment.doctorId) {
      const [doctor, profile] = await Promise.all([
        findUserById(db, appointment.doctorId),
        findDoctorProfile(db, appointment.doctorId),
      ]);
      return {
        ...base,
        doctor: doctor ? { name: doctorDisplayName({ ...doctor, title: profile?.title }) } : null,
      };
    }
    if (state === 'timedOut' || state === 'left')
      return { ...base, nextFreeSlots: await nextFreeSlots(request.specialty, request.language) };
    return base;
  }

  /** The doctor's on-call state as her console shows it. */
  async function onCallStateOf(doctorId: string): Promise<OnCallState> {
    const now = clock();
    const [until, profile, current] = await Promise.all([
      repo.onCallUntil(db, doctorId, now),
      findDoctorProfile(db, doctorId),
      doctorHasCallBetween(db, doctorId, now, new Date(now.getTime() + 1)),
    ]);
    return {
      until: until?.toISOString() ?? null,
      waiting: profile ? await repo.countWaitingFor(db, profile.specialties, profile.languages) : 0,
      currentAppointmentId: current ?? null,
    };
  }

  // Paid: she joins the queue, in the fulfilment's transaction, until the limit from now.
  deps.payments.whenPaid('on-demand', async (tx: Tx, appointment, now) => {
    await repo.markQueued(tx, appointment.id, now, new Date(now.getTime() + maxWaitMs));
    return [];
  });

  return {
    /** GET /api/on-demand/options — the fee, the limit, and who is available now. */
    async options(): Promise<OnDemandOptions> {
      const onCall = await repo.doctorsOnCall(db, clock());
      const bySpecialty = new Map<string, { languages: Set<string>; doctors: number }>();
      for (const d of onCall)
        for (const specialty of d.specialties) {
          const entry = bySpecialty.get(specialty) ?? { languages: new Set(), doctors: 0 };
          d.languages.forEach((l) => entry.languages.add(l));
          entry.doctors += 1;
          bySpecialty.set(specialty, entry);
        }
      return {
        price: feeMinor / 100,
        currency: BOOKING_CURRENCY,
        maxWaitMinutes,
        availableNow: [...bySpecialty].map(([specialty, { languages, doctors }]) => ({
          specialty,
          languages: [...languages].sort(),
          doctors,
        })),
      };
    },

    /**
     * POST /api/on-demand — the visit is held without a doctor (plan `on-demand`) and the
     * checkout of the clinic's fee opened; paying puts her in the queue. One entry at a time.
     */
    async join(patientId: string, input: JoinQueueRequest, locale: Locale) {
      const allowed = await deps.rateLimiter.hit(
        `checkout:${patientId}`,
        CHECKOUTS_PER_HOUR,
        HOUR_MS,
      );
      if (!allowed.allowed) throw new ApiError(429, 'tooManyRequests');
      const patient = await findUserById(db, patientId);
      if (!patient) throw new ApiError(401, 'authRequired');
      if (!patient.isProfileComplete) throw new ApiError(403, 'profileIncomplete');
      const now = clock();
      // For whom: a person in her account whom the age policy lets her book for (ADR 0043).
      const dependant = input.dependantId
        ? await bookableDependant(db, patientId, input.dependantId, now)
        : undefined;
      const id = randomUUID();
      const holdExpiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
      await db.transaction(async (tx) => {
        // One patient at a time: the checks below see no entry a parallel request adds.
        await repo.lockPatient(tx, patientId);
        if (await repo.openRequestOf(tx, patientId, now)) throw new ApiError(409, 'alreadyInQueue');
        if ((await countOpenHolds(tx, patientId, now)) >= MAX_OPEN_HOLDS)
          throw new ApiError(409, 'tooManyHolds');
        const row = await insertHold(tx, {
          id,
          patientId,
          doctorId: null,
          dependantId: dependant?.id ?? null,
          // Until a doctor takes it: from now to the latest it could still be taken.
          startsAt: now,
          endsAt: new Date(holdExpiresAt.getTime() + maxWaitMs),
          timeZone: patient.timeZone ?? 'UTC',
          plan: 'on-demand',
          status: 'pending',
          reasonEncrypted: healthText.seal(id, 'reason', input.reason),
          priceMinor: feeMinor,
          currency: BOOKING_CURRENCY,
          holdExpiresAt,
        });
        // No doctor, so no unique index can refuse it: a missing row is a bug, not a race.
        if (!row) throw new Error('on-demand visit not inserted');
        await repo.insertRequest(tx, {
          appointmentId: id,
          specialty: input.specialty,
          language: input.language,
        });
        await audit(tx, 'on_demand.joined', {
          userId: patientId,
          meta: { appointmentId: id, specialty: input.specialty, language: input.language },
        });
      });
      const session = await deps.payments.openCheckout({
        hold: { id, patientId, holdExpiresAt, priceMinor: feeMinor, currency: BOOKING_CURRENCY },
        customerEmail: patient.email,
        locale,
        date: zonedDateAndSlot(now, patient.timeZone ?? 'UTC').date,
        slot: null,
        onDemand: true,
      });
      return { appointmentId: id, ...session };
    },

    /**
     * GET /api/on-demand/:id — her place. A payment still pending is asked after first (the
     * page she returns to from the checkout is a fulfilment path), and a wait past its limit is
     * ended here at once rather than at the next sweep.
     */
    async entry(patientId: string, appointmentId: string): Promise<QueueEntry> {
      let row = await ownRequest(patientId, appointmentId);
      if (row.appointment.status === 'pending') {
        await deps.payments.settle(appointmentId);
        row = await ownRequest(patientId, appointmentId);
      }
      const { givesUpAt, endedAt } = row.request;
      if (!endedAt && givesUpAt && givesUpAt <= clock()) {
        await endUntaken(appointmentId, 'timed_out');
        row = await ownRequest(patientId, appointmentId);
      }
      return entryOf(row);
    },

    /** POST /api/on-demand/:id/leave — she leaves the queue and is refunded in full. */
    async leave(patientId: string, appointmentId: string): Promise<QueueEntry> {
      const before = await ownRequest(patientId, appointmentId);
      if (!before.request.endedAt && before.request.queuedAt)
        await endUntaken(appointmentId, 'left');
      const row = await ownRequest(patientId, appointmentId);
      // Taken meanwhile, unpaid or already ended: she is told she is no longer waiting.
      if (row.request.endReason !== 'left') throw new ApiError(409, 'queueEntryClosed');
      return entryOf(row);
    },

    /** The background sweep: every wait past its limit ends, refunded. */
    async endTimedOut() {
      let ended = 0;
      for (const { appointmentId } of await repo.timedOut(db, clock()))
        if (await endUntaken(appointmentId, 'timed_out')) ended += 1;
      return ended;
    },

    onCallState: onCallStateOf,

    /**
     * PUT /api/doctor/on-call (the doctor) and /api/admin/doctors/:id/on-call (an admin for her):
     * available now for `minutes` from now; 0 switches it off. A waiting patient stays in the
     * queue either way.
     */
    async setOnCall(actorId: string, doctorId: string, minutes: number): Promise<OnCallState> {
      const doctor = await findUserById(db, doctorId);
      if (!doctor || doctor.userType !== 'doctor' || doctor.deactivatedAt)
        throw new ApiError(404, 'doctorNotFound');
      const now = clock();
      await db.transaction(async (tx) => {
        if (minutes === 0) await repo.clearOnCall(tx, doctorId);
        else
          await repo.setOnCall(
            tx,
            doctorId,
            new Date(now.getTime() + minutes * 60_000),
            actorId,
            now,
          );
        await audit(tx, 'on_demand.availability_changed', {
          userId: actorId,
          meta: { doctorId, minutes },
        });
      });
      return onCallStateOf(doctorId);
    },

    /**
     * POST /api/doctor/on-demand/take — the doctor takes the longest waiting patient she can see
     * (her specialties, her languages): the visit becomes hers, starting now, and both meet in
     * the room. Her on-call row is locked first, so her own double click takes one patient; the
     * queue's rows are claimed with SKIP LOCKED, so two doctors never take the same one.
     */
    async take(doctorId: string) {
      const now = clock();
      const taken = await db.transaction(async (tx) => {
        const until = await repo.lockOnCall(tx, doctorId);
        if (!until || until <= now) throw new ApiError(409, 'notOnCall');
        if (await doctorHasCallBetween(tx, doctorId, now, new Date(now.getTime() + 1)))
          throw new ApiError(409, 'inOnDemandCall');
        const profile = await findDoctorProfile(tx, doctorId);
        if (!profile) throw new ApiError(404, 'doctorNotFound');
        const next = await repo.lockNextFor(tx, profile.specialties, profile.languages);
        if (!next) throw new ApiError(404, 'nobodyWaiting');
        const visit = await assignOnDemandVisit(
          tx,
          next,
          {
            doctorId,
            startsAt: now,
            endsAt: new Date(now.getTime() + profile.slotMinutes * 60_000),
            timeZone: profile.timeZone,
          },
          now,
        );
        // Locked above and still waiting, so still without a doctor: anything else is a bug.
        if (!visit) throw new Error(`on-demand visit ${next} could not be taken`);
        await repo.markEnded(tx, next, 'taken', now);
        await audit(tx, 'on_demand.taken', {
          userId: doctorId,
          subjectUserId: visit.patientId,
          meta: { appointmentId: next },
        });
        return visit;
      });
      // The person she sees: the account holder, or the child the holder booked for.
      const holder = await findUserById(db, taken.patientId);
      const dependant = (await dependantNames(db, [taken.dependantId])).get(
        taken.dependantId ?? '',
      );
      return {
        appointmentId: taken.id,
        patient: {
          name: dependant ?? (holder ? `${holder.firstName} ${holder.lastName}`.trim() : ''),
        },
        reason: healthText.open(taken, 'reason') ?? '',
      };
    },
  };
}
export type OnDemandService = ReturnType<typeof createOnDemandService>;
