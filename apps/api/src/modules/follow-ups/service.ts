import { randomUUID } from 'node:crypto';
import type { Locale } from '@vizita/shared/constants';
import type {
  AcceptFollowUpResult,
  FollowUpListQuery,
  FollowUpProposal,
  FollowUpSlot,
  ProposeFollowUp,
} from '@vizita/shared/contracts/follow-ups';
import { BOOKING_CURRENCY, CHECKOUT_LIFETIME_MS } from '@vizita/shared/contracts/payments';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import {
  followUpExpiresAt,
  followUpPriceMinor,
  followUpProposable,
  followUpState,
  followUpWeekWindow,
  type FollowUpState,
} from '@vizita/shared/domain/follow-ups';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { audit } from '../../lib/audit.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { roleOf, type Role } from '../../plugins/roles.ts';
import {
  bookingConfirmed,
  countOpenHolds,
  expireLapsedHoldsOnSlot,
  insertHold,
} from '../appointments/holds.ts';
import { findAppointment } from '../appointments/rows.ts';
import { findUserById } from '../auth/users.ts';
import { freeSlotAt } from '../doctors/offered-slot.ts';
import { findDoctorProfile } from '../doctors/profiles.ts';
import type { DoctorService } from '../doctors/service.ts';
import type { JobWorker } from '../jobs/queue.ts';
import { notify } from '../notifications/notify.ts';
import { CHECKOUTS_PER_HOUR, MAX_OPEN_HOLDS, type PaymentService } from '../payments/service.ts';
import type { FollowUpNoteCrypto } from './note-crypto.ts';
import * as repo from './repo.ts';

/**
 * Acceptances a patient may try per hour: a few slots taken meanwhile and second thoughts, not a
 * script that holds a doctor's week (each paid acceptance holds a slot for 30 minutes).
 */
export const FOLLOW_UP_ACCEPTS_PER_HOUR = 20;
/** Proposals a doctor may make per hour: a busy clinic day, not a runaway client. */
export const FOLLOW_UP_PROPOSALS_PER_HOUR = 60;

const HOUR_MS = 60 * 60_000;
/** The appointments a doctor's proposal can follow: those that were (or are being) held. */
const HELD = new Set(['upcoming', 'completed', 'no_show', 'cancelled']);

/** Where the patient reads a proposal and chooses its time (the web app's page). */
export const followUpLink = (proposalId: string) => `/dashboard/follow-ups/${proposalId}`;

type Viewer = { userId: string; role: Role };

/** The doctor as the patient's bell names them ("Dr. Anna Petrova"). */
async function doctorNameOf(db: Tx, doctorId: string) {
  const [user, profile] = await Promise.all([
    findUserById(db, doctorId),
    findDoctorProfile(db, doctorId),
  ]);
  return doctorDisplayName({
    title: profile?.title ?? 'Dr.',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
  });
}

/**
 * Follow-up visits (issue #20, the spec's `follow-up` plan): the doctor proposes one after a
 * consultation — times of their own, or "in about N weeks" — with a note and the clinic's price;
 * the patient takes one time as a normal booking (the same hold and unique index, the same
 * checkout when it costs something, upcoming at once when it is free). Only the proposal's
 * patient and doctor see it, and the clinic's admins without its note; to anyone else it does
 * not exist (404).
 */
export function createFollowUpService({
  db,
  clock,
  rateLimiter,
  noteCrypto,
  doctors,
  payments,
  jobs,
}: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  noteCrypto: FollowUpNoteCrypto;
  /** The doctors' free slots, as the booking page reads them (kept in memory, ADR 0033). */
  doctors: Pick<DoctorService, 'availability'>;
  /** The hosted checkout of a paid follow-up's hold (modules/payments). */
  payments: Pick<PaymentService, 'openCheckout'>;
  jobs: Pick<JobWorker, 'runNow'>;
}) {
  async function viewerOf(userId: string): Promise<Viewer> {
    const user = await findUserById(db, userId);
    if (!user || user.deactivatedAt) throw new ApiError(401, 'authRequired');
    return { userId, role: roleOf(user) };
  }

  const mayRead = (row: repo.ProposalWithPeople, viewer: Viewer) =>
    viewer.role === 'admin' ||
    (viewer.role === 'patient' && row.proposal.patientId === viewer.userId) ||
    (viewer.role === 'doctor' && row.proposal.doctorId === viewer.userId);

  const takenOf = (row: repo.ProposalWithPeople) =>
    row.taken?.status ? { status: row.taken.status, holdExpiresAt: row.taken.holdExpiresAt } : null;

  /** The proposal's state, as stored and as the appointment its acceptance took says. */
  async function stateOf(tx: Tx, proposal: repo.ProposalRow, now: Date): Promise<FollowUpState> {
    const taken = proposal.acceptedAppointmentId
      ? await findAppointment(tx, proposal.acceptedAppointmentId)
      : undefined;
    return followUpState(proposal, taken ?? null, now);
  }

  /** The doctor's free slots between two local dates, by start; none for a doctor gone. */
  async function freeStarts(doctorId: string, from: string, to: string) {
    try {
      const days = await doctors.availability(doctorId, from, to);
      return days.flatMap((d) => d.times.map((t) => ({ ...t, date: d.date })));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'doctorNotFound') return [];
      throw error;
    }
  }

  /**
   * The times of a proposal: the offered ones with whether each is free now, or for "in about N
   * weeks" every free slot of that week. Only an open proposal's times are looked up.
   */
  async function slotsOf(row: repo.ProposalWithPeople, state: FollowUpState, timeZone: string) {
    const p = row.proposal;
    const offered = p.slots.map((startsAt) => ({
      startsAt: new Date(startsAt).toISOString(),
      ...zonedDateAndSlot(new Date(startsAt), timeZone),
    }));
    if (state !== 'open') return offered.map((s) => ({ ...s, free: false }));
    if (p.suggestedWeeks !== null) {
      const { from, to } = windowOf(row, timeZone)!;
      return (await freeStarts(p.doctorId, from, to)).map((s) => ({
        startsAt: s.startsAt,
        date: s.date,
        slot: s.slot,
        free: true,
      }));
    }
    if (offered.length === 0) return [];
    const dates = offered.map((s) => s.date).sort();
    const free = new Set(
      (await freeStarts(p.doctorId, dates[0]!, dates.at(-1)!)).map((s) => Date.parse(s.startsAt)),
    );
    return offered.map((s) => ({ ...s, free: free.has(Date.parse(s.startsAt)) }));
  }

  function windowOf(row: repo.ProposalWithPeople, timeZone: string) {
    if (row.proposal.suggestedWeeks === null) return null;
    return followUpWeekWindow(
      zonedDateAndSlot(row.proposal.createdAt, timeZone).date,
      row.proposal.suggestedWeeks,
    );
  }

  async function toProposal(
    row: repo.ProposalWithPeople,
    viewer: Viewer,
    now: Date,
  ): Promise<FollowUpProposal> {
    const p = row.proposal;
    const state = followUpState(p, takenOf(row), now);
    const timeZone = row.timeZone ?? 'UTC';
    const isPatient = viewer.userId === p.patientId;
    return {
      _id: p.id,
      appointmentId: p.appointmentId,
      doctor: {
        _id: row.doctor.id,
        name: doctorDisplayName({ ...row.doctor, title: row.title ?? undefined }),
      },
      patient: isPatient
        ? null
        : {
            _id: row.patient.id,
            // Empty for an account the patient deleted (ADR 0025).
            name: `${row.patient.firstName} ${row.patient.lastName}`.trim(),
          },
      state,
      timeZone,
      slots: await slotsOf(row, state, timeZone),
      suggestedWeeks: p.suggestedWeeks,
      window: windowOf(row, timeZone),
      // Health data: its patient and its doctor read it, the clinic does not.
      note: viewer.role === 'admin' ? null : noteCrypto.open(p.id, p.noteEncrypted) || null,
      price: { amountMinor: p.priceMinor, currency: p.currency },
      createdAt: p.createdAt.toISOString(),
      expiresAt: p.expiresAt.toISOString(),
      followUpAppointmentId:
        state === 'accepted' || state === 'checkout' ? p.acceptedAppointmentId : null,
      mayAccept: isPatient && state === 'open',
      mayWithdraw: viewer.userId === p.doctorId && state === 'open',
    };
  }

  async function readable(viewer: Viewer, id: string) {
    const row = await repo.findProposal(db, id);
    if (!row || !mayRead(row, viewer)) throw new ApiError(404, 'followUpNotFound');
    return row;
  }

  /** The first time of the proposal still free, other than `except` (after a 409). */
  async function nextFreeSlot(id: string, except: number): Promise<FollowUpSlot | null> {
    const row = await repo.findProposal(db, id);
    if (!row) return null;
    const state = followUpState(row.proposal, takenOf(row), clock());
    const slots = await slotsOf(row, state, row.timeZone ?? 'UTC');
    return slots.find((s) => s.free && Date.parse(s.startsAt) !== except) ?? null;
  }

  const service = {
    /**
     * The doctor of a consultation proposes a follow-up: from the call's opening until ADR 0016's
     * 30 days after it, one open proposal per consultation (withdraw it to propose another). The
     * offered times must be the doctor's own free slots now; the price is the clinic's follow-up
     * fee for the doctor (or the consultation fee); the patient is told on their bell and by mail.
     */
    async propose(doctorId: string, appointmentId: string, input: ProposeFollowUp) {
      const now = clock();
      const appointment = await findAppointment(db, appointmentId);
      if (!appointment || appointment.doctorId !== doctorId || !HELD.has(appointment.status))
        throw new ApiError(404, 'appointmentNotFound');
      const allowed = await rateLimiter.hit(
        `follow-up-propose:${doctorId}`,
        FOLLOW_UP_PROPOSALS_PER_HOUR,
        HOUR_MS,
      );
      if (!allowed.allowed) throw new ApiError(429, 'tooManyRequests');
      if (!followUpProposable(appointment, now)) throw new ApiError(409, 'followUpNotProposable');
      const patient = await findUserById(db, appointment.patientId);
      // A guest has no account to accept it with (ADR 0028); an erased patient is no one to ask.
      if (!patient || patient.userType !== 'patient' || patient.erasedAt)
        throw new ApiError(409, 'followUpNotProposable');
      const profile = await findDoctorProfile(db, doctorId);
      if (!profile) throw new ApiError(404, 'doctorNotFound');

      // Each offered time is one of the doctor's own slots, within the booking window, and free
      // now; whether it is still free when the patient chooses is for the unique index to say.
      const slots = [...new Set((input.slots ?? []).map((s) => Date.parse(s)))]
        .sort((a, b) => a - b)
        .map((ms) => new Date(ms));
      for (const startsAt of slots)
        if (!(await freeSlotAt(db, doctorId, startsAt, now)))
          throw new ApiError(409, 'followUpSlotUnavailable');

      const id = randomUUID();
      const doctorName = await doctorNameOf(db, doctorId);
      await db.transaction(async (tx) => {
        // One open proposal per consultation, decided under the lock of the open ones.
        for (const open of await repo.lockOpenProposalsOf(tx, appointmentId)) {
          const state = await stateOf(tx, open, now);
          if (state === 'open' || state === 'checkout')
            throw new ApiError(409, 'followUpAlreadyOpen');
          // What the clock or a payment settled meanwhile is written down.
          if (state === 'accepted' || state === 'expired')
            await repo.updateProposal(tx, open.id, { status: state }, now);
        }
        const priceMinor = followUpPriceMinor(profile);
        await repo.insertProposal(tx, {
          id,
          appointmentId,
          doctorId,
          patientId: appointment.patientId,
          slots: slots.map((s) => s.toISOString()),
          suggestedWeeks: input.suggestedWeeks ?? null,
          noteEncrypted: noteCrypto.seal(id, input.note ?? ''),
          priceMinor,
          currency: BOOKING_CURRENCY,
          status: 'open',
          expiresAt: followUpExpiresAt(now),
          createdAt: now,
          updatedAt: now,
        });
        // The bell and its mail say who proposed, never why (no health word).
        await notify(tx, {
          userId: appointment.patientId,
          kind: 'followUpProposed',
          params: { name: doctorName },
          link: followUpLink(id),
        });
        await audit(tx, 'follow_up.proposed', {
          userId: doctorId,
          subjectUserId: appointment.patientId,
          meta: {
            appointmentId,
            proposalId: id,
            slots: slots.length,
            suggestedWeeks: input.suggestedWeeks ?? null,
            priceMinor,
          },
        });
      });
      return service.get(doctorId, id);
    },

    /** What a follow-up with this doctor costs, as the proposal will say (the clinic sets it). */
    async price(doctorId: string) {
      const profile = await findDoctorProfile(db, doctorId);
      if (!profile) throw new ApiError(404, 'doctorNotFound');
      return { amountMinor: followUpPriceMinor(profile), currency: BOOKING_CURRENCY };
    },

    /** One proposal, for its patient, its doctor or the clinic; 404 for anyone else. */
    async get(userId: string, id: string) {
      const viewer = await viewerOf(userId);
      return toProposal(await readable(viewer, id), viewer, clock());
    },

    /**
     * The proposals of one consultation (its patient, its doctor, the clinic; 404 for anyone
     * else), newest first; without one, the caller's own that still wait for an answer.
     */
    async list(userId: string, query: FollowUpListQuery) {
      const viewer = await viewerOf(userId);
      const now = clock();
      if (query.appointmentId) {
        const a = await findAppointment(db, query.appointmentId);
        const mine =
          a &&
          HELD.has(a.status) &&
          (viewer.role === 'admin' ||
            (viewer.role === 'patient' && a.patientId === userId) ||
            (viewer.role === 'doctor' && a.doctorId === userId));
        if (!mine) throw new ApiError(404, 'appointmentNotFound');
        const rows = await repo.proposalsOfAppointment(db, query.appointmentId);
        return Promise.all(rows.map((row) => toProposal(row, viewer, now)));
      }
      if (viewer.role === 'admin') return [];
      const rows = await repo.proposalsOf(
        db,
        viewer.role === 'doctor' ? { doctorId: userId } : { patientId: userId },
        ['open'],
      );
      const waiting = rows.filter((row) =>
        ['open', 'checkout'].includes(followUpState(row.proposal, takenOf(row), now)),
      );
      return Promise.all(waiting.map((row) => toProposal(row, viewer, now)));
    },

    /**
     * The patient takes one of the proposal's times: a hold under the same unique index as every
     * booking (plan `follow-up`), then the checkout at the proposal's price — or, when it is free,
     * the appointment at once with the mails of a booking. Under the proposal's lock: two
     * acceptances at once give one appointment, the other is told why. A time taken meanwhile
     * answers 409 with the next time still free.
     */
    async accept(
      patientId: string,
      id: string,
      startsAtText: string,
      locale: Locale,
    ): Promise<AcceptFollowUpResult> {
      const allowed = await rateLimiter.hit(
        `follow-up-accept:${patientId}`,
        FOLLOW_UP_ACCEPTS_PER_HOUR,
        HOUR_MS,
      );
      if (!allowed.allowed) throw new ApiError(429, 'tooManyRequests');
      const row = await repo.findProposal(db, id);
      if (!row || row.proposal.patientId !== patientId) throw new ApiError(404, 'followUpNotFound');
      const patient = await findUserById(db, patientId);
      if (!patient) throw new ApiError(401, 'authRequired');
      if (!patient.isProfileComplete) throw new ApiError(403, 'profileIncomplete');
      const p = row.proposal;
      const now = clock();
      const refuse = (state: FollowUpState) => {
        if (state === 'withdrawn') throw new ApiError(409, 'followUpWithdrawn');
        if (state === 'expired') throw new ApiError(410, 'followUpExpired');
        if (state === 'accepted') throw new ApiError(409, 'followUpAlreadyAccepted');
        if (state === 'checkout') throw new ApiError(409, 'followUpCheckoutOpen');
      };
      refuse(followUpState(p, takenOf(row), now));

      // The time must be one the proposal gives: an offered one, or one of that week's.
      const timeZone = row.timeZone ?? 'UTC';
      const startsAt = new Date(startsAtText);
      const window = windowOf(row, timeZone);
      const proposed = window
        ? (() => {
            const { date } = zonedDateAndSlot(startsAt, timeZone);
            return date >= window.from && date <= window.to;
          })()
        : p.slots.some((s) => Date.parse(s) === startsAt.getTime());
      if (!proposed) throw new ApiError(400, 'slotNotOffered');
      const free = p.priceMinor === 0;
      const slotTaken = async (): Promise<never> => {
        throw new ApiError(409, 'followUpSlotTaken', {
          nextSlot: await nextFreeSlot(id, startsAt.getTime()),
        });
      };
      // Offered by the doctor's calendar and nobody's now (else the next free one is named).
      const slot = await freeSlotAt(db, p.doctorId, startsAt, now);
      if (!slot) return slotTaken();
      if (!free) {
        const opened = await rateLimiter.hit(`checkout:${patientId}`, CHECKOUTS_PER_HOUR, HOUR_MS);
        if (!opened.allowed) throw new ApiError(429, 'tooManyRequests');
      }

      const holdId = randomUUID();
      const holdExpiresAt = free ? null : new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
      const taken = await db.transaction(async (tx) => {
        const locked = await repo.lockProposal(tx, id);
        if (!locked) throw new ApiError(404, 'followUpNotFound');
        refuse(await stateOf(tx, locked, now));
        if (!free && (await countOpenHolds(tx, patientId, now)) >= MAX_OPEN_HOLDS)
          throw new ApiError(409, 'tooManyHolds');
        await expireLapsedHoldsOnSlot(tx, p.doctorId, slot.startsAt, now);
        // A follow-up is for whom the consultation was: the child, when the mother booked it.
        const consultation = await findAppointment(tx, p.appointmentId);
        const hold = await insertHold(tx, {
          id: holdId,
          patientId,
          doctorId: p.doctorId,
          dependantId: consultation?.dependantId ?? null,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          timeZone: slot.timeZone,
          plan: 'follow-up',
          status: free ? 'upcoming' : 'pending',
          priceMinor: p.priceMinor,
          currency: p.currency,
          holdExpiresAt,
        });
        if (!hold) return undefined;
        await repo.updateProposal(
          tx,
          id,
          { acceptedAppointmentId: hold.id, status: free ? 'accepted' : 'open' },
          now,
        );
        await audit(tx, 'follow_up.accepted', {
          userId: patientId,
          subjectUserId: patientId,
          meta: { proposalId: id, appointmentId: hold.id, paid: !free },
        });
        return { hold, jobKeys: free ? await bookingConfirmed(tx, hold, now) : [] };
      });
      if (!taken) return slotTaken();
      if (free) {
        for (const key of taken.jobKeys) await jobs.runNow(key);
        return { outcome: 'booked', appointmentId: holdId };
      }
      const { date, slot: time } = zonedDateAndSlot(slot.startsAt, slot.timeZone);
      const session = await payments.openCheckout({
        hold: {
          id: holdId,
          patientId,
          holdExpiresAt,
          priceMinor: p.priceMinor,
          currency: p.currency,
        },
        customerEmail: patient.email,
        locale,
        date,
        slot: time,
      });
      return { outcome: 'checkout', appointmentId: holdId, ...session };
    },

    /** The doctor takes an open proposal back; the patient can no longer accept it. */
    async withdraw(doctorId: string, id: string) {
      const now = clock();
      await db.transaction(async (tx) => {
        const locked = await repo.lockProposal(tx, id);
        if (!locked || locked.doctorId !== doctorId) throw new ApiError(404, 'followUpNotFound');
        const state = await stateOf(tx, locked, now);
        // Asked twice (a double click): it is already withdrawn.
        if (state === 'withdrawn') return;
        if (state === 'accepted') throw new ApiError(409, 'followUpAlreadyAccepted');
        if (state === 'checkout') throw new ApiError(409, 'followUpCheckoutOpen');
        if (state === 'expired') throw new ApiError(410, 'followUpExpired');
        await repo.updateProposal(tx, id, { status: 'withdrawn' }, now);
        // The patient may have been about to choose a time: the bell says it is gone (no mail).
        await notify(tx, {
          userId: locked.patientId,
          kind: 'followUpWithdrawn',
          params: { name: await doctorNameOf(tx, doctorId) },
          link: followUpLink(id),
        });
        await audit(tx, 'follow_up.withdrawn', {
          userId: doctorId,
          subjectUserId: locked.patientId,
          meta: { proposalId: id, appointmentId: locked.appointmentId },
        });
      });
      return service.get(doctorId, id);
    },
  };
  return service;
}
export type FollowUpService = ReturnType<typeof createFollowUpService>;
