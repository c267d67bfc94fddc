import { DEFAULT_LOCALE, type Locale } from '@vizita/shared/constants';
import type { AvailabilityEntry, Doctor, DoctorListQuery } from '@vizita/shared/contracts/doctors';
import { BOOKING_WINDOW_DAYS } from '@vizita/shared/contracts/doctors';
import { slotsForDate } from '@vizita/shared/domain/slots';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;

/** How far "next free slot" looks: a doctor with nothing in two weeks shows none. */
const NEXT_SLOT_LOOKAHEAD_DAYS = 14;
/** Every new booking is priced in euro (ADR 0018). */
export const FEE_CURRENCY = 'EUR';

export function createDoctorService({ db, clock }: { db: Db; clock: Clock }) {
  const service = {
    /** The bookable doctors, filtered, each with the bio in the reader's language. */
    async list(query: DoctorListQuery = {}, locale: Locale = DEFAULT_LOCALE): Promise<Doctor[]> {
      const rows = await repo.listDoctors(db, query);
      const now = clock();
      return Promise.all(
        rows.map(async ({ user, profile }) => {
          const today = zonedDateAndSlot(now, profile.timeZone).date;
          const [first] = await service.availability(
            user.id,
            today,
            addDays(today, NEXT_SLOT_LOOKAHEAD_DAYS - 1),
          );
          const next = first?.times[0];
          const bio = profile.bios[locale] ?? profile.bios.en;
          return {
            _id: user.id,
            name: [profile.title, user.firstName, user.lastName].filter(Boolean).join(' '),
            specialties: profile.specialties,
            ...(profile.experienceYears !== null ? { experience: profile.experienceYears } : {}),
            ...(profile.photoUrl ? { photoUrl: profile.photoUrl } : {}),
            timeZone: profile.timeZone,
            slotMinutes: profile.slotMinutes,
            languages: profile.languages,
            ...(bio ? { bio } : {}),
            fee: { amountMinor: profile.feeMinor, currency: FEE_CURRENCY },
            nextAvailable:
              first && next ? { startsAt: next.startsAt, date: first.date, slot: next.slot } : null,
          };
        }),
      );
    },

    /**
     * Free slots between two local dates of the doctor's calendar, clipped to the booking window
     * (today … today + 60 days): working slots minus held ones minus those already begun.
     */
    async availability(
      doctorId: string,
      startDate: string,
      endDate: string,
    ): Promise<AvailabilityEntry[]> {
      const profile = await repo.findBookableDoctor(db, doctorId);
      if (!profile) throw new ApiError(404, 'doctorNotFound');
      const now = clock();
      const today = zonedDateAndSlot(now, profile.timeZone).date;
      const from = startDate > today ? startDate : today;
      const last = addDays(today, BOOKING_WINDOW_DAYS);
      const to = endDate < last ? endDate : last;
      if (from > to) return [];

      const [weekly, exceptions] = await Promise.all([
        repo.weeklyHours(db, doctorId),
        repo.exceptionsBetween(db, doctorId, from, to),
      ]);
      const weeklyIntervals = weekly.map((w) => ({
        weekday: w.weekday,
        start: w.startTime,
        end: w.endTime,
      }));
      const dated = exceptions.map((e) => ({
        date: e.date,
        kind: e.kind,
        start: e.startTime,
        end: e.endTime,
      }));
      // A day either side covers every zone's offset from UTC.
      const held = await repo.heldStarts(
        db,
        doctorId,
        new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS),
        new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS),
        now,
      );

      const entries: AvailabilityEntry[] = [];
      for (let date = from; date <= to; date = addDays(date, 1)) {
        const free = slotsForDate({
          date,
          timeZone: profile.timeZone,
          slotMinutes: profile.slotMinutes,
          weekly: weeklyIntervals,
          exceptions: dated,
        }).filter((s) => s.startsAt > now && !held.has(s.startsAt.getTime()));
        if (free.length > 0) {
          entries.push({
            date,
            slots: free.map((s) => s.slot),
            times: free.map((s) => ({ slot: s.slot, startsAt: s.startsAt.toISOString() })),
          });
        }
      }
      return entries;
    },
  };
  return service;
}
export type DoctorService = ReturnType<typeof createDoctorService>;
