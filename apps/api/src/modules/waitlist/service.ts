import type { Locale } from '@vizita/shared/constants';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import { BOOKING_CURRENCY } from '@vizita/shared/contracts/payments';
import {
  WAITLIST_JOINS_PER_DAY,
  WAITLIST_OPEN_ENTRIES_MAX,
  type JoinWaitlistRequest,
  type TakeWaitlistOfferRequest,
  type TakeWaitlistOfferResult,
  type WaitlistEntry,
  type WaitlistOffer,
  type WaitlistOfferState,
} from '@vizita/shared/contracts/waitlist';
import { rescheduleAllowed } from '@vizita/shared/domain/appointment-policy';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import {
  WAITLIST_OFFER_RECIPIENTS_MAX,
  offerFits,
  waitlistExpiry,
  waitlistJoinAllowed,
} from '@vizita/shared/domain/waitlist';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AppointmentService } from '../appointments/service.ts';
import { findAppointment } from '../appointments/rows.ts';
import { freeSlotAt } from '../doctors/offered-slot.ts';
import { doctorAccounts } from '../doctors/profiles.ts';
import { notify } from '../notifications/notify.ts';
import type { PaymentService } from '../payments/service.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;
/** Candidates read per freed time before one per patient is kept (a patient may wait twice). */
const CANDIDATES_READ = 50;

/** The web app's page for one offer: the link of its notification. */
export const offerPath = (offerId: string) => `/dashboard/waitlist/offers/${offerId}`;

type EntryRow = repo.EntryWithDetails;

/** The alert's status as of `now`: one past its end, or whose appointment ended, has expired. */
function statusAt({ entry, appointment }: Pick<EntryRow, 'entry' | 'appointment'>, now: Date) {
  if (entry.status !== 'waiting') return entry.status;
  if (entry.expiresAt <= now) return 'expired' as const;
  if (entry.appointmentId && appointment?.status !== 'upcoming') return 'expired' as const;
  return 'waiting' as const;
}

const nameOf = (
  doctor: { firstName: string; lastName: string },
  profile: { title: string } | null,
) =>
  doctorDisplayName({
    title: profile?.title,
    firstName: doctor.firstName,
    lastName: doctor.lastName,
  });

function toEntry(row: EntryRow, now: Date): WaitlistEntry {
  const { entry, doctor, profile } = row;
  return {
    _id: entry.id,
    status: statusAt(row, now),
    appointmentId: entry.appointmentId,
    doctor: doctor
      ? { _id: doctor.id, name: nameOf(doctor, profile), specialties: profile?.specialties ?? [] }
      : null,
    specialty: entry.specialty,
    expiresAt: entry.expiresAt.toISOString(),
    createdAt: entry.createdAt.toISOString(),
  };
}

/**
 * "Tell me if something earlier frees up" (issue #20): a patient's alerts, the job that offers a
 * freed time to the oldest waiting alerts, and taking an offer — a reschedule of the paid
 * appointment through the appointments module's rules, or a new booking through the checkout.
 */
export function createWaitlistService({
  db,
  clock,
  rateLimiter,
  appointments,
  payments,
}: {
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  /** Moves the appointment when an offer is taken (its reschedule, with the waitlist's check). */
  appointments: Pick<AppointmentService, 'reschedule'>;
  /** Holds the time and opens the checkout when an offer without an appointment is taken. */
  payments: Pick<PaymentService, 'createSession'>;
}) {
  /** What an offer is now (WAITLIST_OFFER_STATES), read without a lock: the take decides. */
  async function stateOf(row: repo.OfferWithDetails, now: Date): Promise<WaitlistOfferState> {
    const { offer, entry, appointment } = row;
    if (offer.takenAt) return 'taken';
    if (statusAt({ entry, appointment: appointment?.id ? appointment : null }, now) !== 'waiting')
      return 'expired';
    if (offer.startsAt <= now) return 'expired';
    if (
      appointment?.id &&
      (appointment.doctorId !== offer.doctorId ||
        appointment.startsAt <= offer.startsAt ||
        !rescheduleAllowed(appointment.startsAt, now))
    )
      return 'expired';
    return (await freeSlotAt(db, offer.doctorId, offer.startsAt, now)) ? 'open' : 'gone';
  }

  async function offerOf(patientId: string, offerId: string) {
    const row = await repo.findOfferOf(db, patientId, offerId);
    if (!row) throw new ApiError(404, 'waitlistOfferNotFound');
    return row;
  }

  const service = {
    /**
     * Asks to be told when an earlier time frees up: for the patient's upcoming appointment at
     * least two days away (with its doctor), or for a doctor or a specialty. One waiting alert per
     * appointment, doctor or specialty; at most WAITLIST_OPEN_ENTRIES_MAX waiting at once.
     */
    async join(patientId: string, input: JoinWaitlistRequest): Promise<WaitlistEntry> {
      const limit = await rateLimiter.hit(`waitlist:${patientId}`, WAITLIST_JOINS_PER_DAY, DAY_MS);
      if (!limit.allowed) throw new ApiError(429, 'tooManyRequests');
      const now = clock();
      let target: Parameters<typeof repo.findWaitingFor>[2];
      let values: {
        doctorId: string | null;
        specialty: string | null;
        appointmentStartsAt: Date | null;
      };
      if (input.appointmentId) {
        const a = await findAppointment(db, input.appointmentId);
        // A checkout hold (pending, expired) is not an appointment yet; someone else's is not yours.
        if (!a || a.patientId !== patientId || a.status === 'pending' || a.status === 'expired')
          throw new ApiError(404, 'appointmentNotFound');
        if (a.status !== 'upcoming') throw new ApiError(409, 'appointmentNotUpcoming');
        if (!waitlistJoinAllowed(a.startsAt, now)) throw new ApiError(409, 'waitlistTooSoon');
        target = { appointmentId: a.id };
        values = { doctorId: a.doctorId, specialty: null, appointmentStartsAt: a.startsAt };
      } else if (input.doctorId) {
        const [account] = await doctorAccounts(db, input.doctorId);
        if (!account || account.user.deactivatedAt) throw new ApiError(404, 'doctorNotFound');
        target = { doctorId: input.doctorId };
        values = { doctorId: input.doctorId, specialty: null, appointmentStartsAt: null };
      } else {
        target = { specialty: input.specialty! };
        values = { doctorId: null, specialty: input.specialty!, appointmentStartsAt: null };
      }
      const id = await db.transaction(async (tx) => {
        await repo.lockPatient(tx, patientId);
        if (await repo.findWaitingFor(tx, patientId, target, now))
          throw new ApiError(409, 'waitlistAlreadyWaiting');
        if ((await repo.countWaiting(tx, patientId, now)) >= WAITLIST_OPEN_ENTRIES_MAX)
          throw new ApiError(409, 'waitlistTooManyEntries');
        const row = await repo.insertEntry(tx, {
          patientId,
          doctorId: values.doctorId,
          specialty: values.specialty,
          appointmentId: input.appointmentId ?? null,
          status: 'waiting',
          expiresAt: waitlistExpiry(values.appointmentStartsAt, now),
          createdAt: now,
        });
        return row.id;
      });
      return toEntry((await repo.findEntryOf(db, patientId, id))!, now);
    },

    /** The patient's alerts, waiting ones first. */
    async list(patientId: string): Promise<WaitlistEntry[]> {
      const now = clock();
      return (await repo.listOf(db, patientId)).map((row) => toEntry(row, now));
    },

    /** Stops a waiting alert ("stop"); one already ended stays as it is. Anyone else's: 404. */
    async stop(patientId: string, entryId: string): Promise<WaitlistEntry> {
      const now = clock();
      await db.transaction(async (tx) => {
        const entry = await repo.lockEntry(tx, entryId);
        if (!entry || entry.patientId !== patientId)
          throw new ApiError(404, 'waitlistEntryNotFound');
        if (entry.status === 'waiting') await repo.setEntryStatus(tx, entry.id, 'cancelled');
      });
      return toEntry((await repo.findEntryOf(db, patientId, entryId))!, now);
    },

    /** One offer to the patient, with what it is now; anyone else's: 404. */
    async offer(patientId: string, offerId: string): Promise<WaitlistOffer> {
      const now = clock();
      const row = await offerOf(patientId, offerId);
      const { offer, entry, doctor, profile, appointment } = row;
      const { date, slot } = zonedDateAndSlot(offer.startsAt, profile.timeZone);
      return {
        _id: offer.id,
        entryId: entry.id,
        kind: entry.appointmentId ? 'reschedule' : 'booking',
        state: await stateOf(row, now),
        doctor: { _id: doctor.id, name: nameOf(doctor, profile), specialties: profile.specialties },
        startsAt: offer.startsAt.toISOString(),
        timeZone: profile.timeZone,
        date,
        slot,
        appointment:
          entry.appointmentId && appointment?.id
            ? { _id: appointment.id, startsAt: appointment.startsAt.toISOString() }
            : null,
        price: entry.appointmentId
          ? null
          : { amountMinor: profile.feeMinor, currency: BOOKING_CURRENCY },
        offeredAt: offer.offeredAt.toISOString(),
      };
    },

    /**
     * Takes an offer, first come, first served. With an appointment: the appointment moves to the
     * offered time by the appointments module's reschedule (no second payment), and — in its
     * transaction — the alert is fulfilled; the partial unique index on the doctor's slot lets one
     * taker in and answers every other 409 `slotTaken`. Without one: a new booking's hold and
     * checkout, under the same index; the alert is fulfilled once the time is held.
     */
    async take(
      patientId: string,
      offerId: string,
      input: TakeWaitlistOfferRequest,
      request: { locale: Locale; localeStated: boolean; timeZone?: string | undefined },
    ): Promise<TakeWaitlistOfferResult> {
      const row = await offerOf(patientId, offerId);
      const { offer, entry, profile, appointment } = row;
      const now = clock();
      if (
        offer.takenAt ||
        statusAt({ entry, appointment: appointment?.id ? appointment : null }, now) !== 'waiting'
      )
        throw new ApiError(409, 'waitlistOfferClosed');
      const { date, slot } = zonedDateAndSlot(offer.startsAt, profile.timeZone);

      if (entry.appointmentId) {
        const moved = await appointments.reschedule(
          patientId,
          entry.appointmentId,
          { newDate: date, newSlot: slot },
          {
            // Earlier than the appointment, so within the window it was booked in.
            windowDays: BOOKING_WINDOW_DAYS,
            within: async (tx, { from, to }) => {
              // Moved meanwhile (by the patient, or by another offer of this alert): only earlier.
              if (to.getTime() !== offer.startsAt.getTime() || to >= from)
                throw new ApiError(409, 'waitlistOfferClosed');
              const locked = await repo.lockEntry(tx, entry.id);
              if (!locked || locked.status !== 'waiting')
                throw new ApiError(409, 'waitlistOfferClosed');
              await repo.markTaken(tx, offer.id, entry.id, clock());
            },
          },
        );
        return { kind: 'moved', appointmentId: moved._id, startsAt: moved.startsAt };
      }

      const language = request.localeStated ? request.locale : undefined;
      const session = await payments.createSession(
        patientId,
        {
          doctorId: offer.doctorId,
          date,
          slot,
          ...(input.reason ? { reason: input.reason } : {}),
          // Spec §9: Bulgarian speakers pay as patients in Bulgaria, everyone else as in Germany.
          country: input.country ?? (language === 'bg' ? 'Bulgaria' : 'Germany'),
        },
        request.locale,
        request.localeStated,
        request.timeZone,
      );
      await db.transaction(async (tx) => {
        const locked = await repo.lockEntry(tx, entry.id);
        if (locked?.status === 'waiting') await repo.markTaken(tx, offer.id, entry.id, clock());
      });
      return { kind: 'checkout', ...session };
    },

    /**
     * The job of waitlist/slots-freed.ts: offers each freed time that is still free to up to
     * WAITLIST_OFFER_RECIPIENTS_MAX waiting patients, oldest alert first, one offer per alert per
     * job (the earliest time that fits it). Safe to run again: an alert is offered a time once
     * (the offers' unique index), and a notification is written only with a new offer.
     */
    async offerFreedSlots(payload: Record<string, string>): Promise<void> {
      const doctorId = payload.doctorId;
      if (!doctorId) return;
      const now = clock();
      const [account] = await doctorAccounts(db, doctorId);
      if (!account || account.user.deactivatedAt) return;
      const { profile } = account;
      const name = nameOf(account.user, profile);
      const starts = (payload.starts ?? '')
        .split(',')
        .filter(Boolean)
        .map((s) => new Date(s))
        .filter((d) => !Number.isNaN(d.getTime()))
        .sort((a, b) => a.getTime() - b.getTime());
      const freedAt = payload.freedAt ? new Date(payload.freedAt) : now;
      // One offer per patient per job: the earliest freed time that fits them.
      const offered: string[] = [];
      const offeredPatients = new Set<string>();
      for (const startsAt of starts) {
        if (!offerFits(startsAt, null, now)) continue;
        // Taken again (or no longer offered) before the job ran: nothing to offer.
        const free = await freeSlotAt(db, doctorId, startsAt, now);
        if (!free) continue;
        await db.transaction(async (tx) => {
          const candidates = await repo.candidatesFor(tx, {
            doctorId,
            specialties: profile.specialties,
            startsAt,
            endsAt: free.endsAt,
            now,
            excludeEntryIds: offered,
            limit: CANDIDATES_READ,
          });
          // A retry of this job, or another job for the same freeing, shares its five.
          let recipients = await repo.countOffersSince(tx, doctorId, startsAt, freedAt);
          for (const c of candidates) {
            if (recipients >= WAITLIST_OFFER_RECIPIENTS_MAX) break;
            if (offeredPatients.has(c.patientId)) continue;
            if (!offerFits(startsAt, c.appointmentId ? c.appointmentStartsAt : null, now)) continue;
            const inserted = await repo.insertOffer(tx, {
              entryId: c.id,
              doctorId,
              startsAt,
              offeredAt: now,
            });
            if (!inserted) continue;
            recipients += 1;
            offeredPatients.add(c.patientId);
            offered.push(c.id);
            // The time and the doctor's name only: nothing of the appointment, nor of anyone else.
            await notify(tx, {
              userId: c.patientId,
              kind: 'earlierSlotOffered',
              params: { startsAt: startsAt.toISOString(), timeZone: profile.timeZone, name },
              link: offerPath(inserted.id),
            });
          }
        });
      }
    },

    /** The background loop's sweep: alerts past their end become expired (repo.expireEnded). */
    async expireEnded(): Promise<number> {
      return repo.expireEnded(db, clock());
    },
  };
  return service;
}
export type WaitlistService = ReturnType<typeof createWaitlistService>;
