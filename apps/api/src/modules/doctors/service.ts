import { DEFAULT_LOCALE, type Locale } from '@vizita/shared/constants';
import type { AvailabilityEntry, Doctor, DoctorListQuery } from '@vizita/shared/contracts/doctors';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { KeptAnswer } from '../../lib/kept-answer.ts';
import type { Clock } from '../../lib/clock.ts';
import { createAvailabilityCache } from './availability-cache.ts';
import { bookingWindowOf, freeDaysAt, type BookingWindow } from './booking-window.ts';
import { listDoctors } from './profiles.ts';

/** How far "next free slot" looks: a doctor with nothing in two weeks shows none. */
const NEXT_SLOT_LOOKAHEAD_DAYS = 14;
/** Every new booking is priced in euro (ADR 0018). */
export const FEE_CURRENCY = 'EUR';

/** How long a doctor's booking window is kept without a change being heard (ADR 0033). */
export const AVAILABILITY_CACHE_TTL_MS = 30_000;
const AVAILABILITY_CACHE_MAX_DOCTORS = 2000;
/** Distinct ranges asked of one doctor whose answers are kept (the booking page asks two or three). */
const ANSWERS_KEPT_PER_DOCTOR = 32;

export function createDoctorService({ db, clock }: { db: Db; clock: Clock }) {
  const calendars = createAvailabilityCache<BookingWindow>({
    ttlMs: AVAILABILITY_CACHE_TTL_MS,
    maxEntries: AVAILABILITY_CACHE_MAX_DOCTORS,
    now: () => clock().getTime(),
  });
  /** The doctor's booking window, kept in memory (availability-cache.ts); 404 for no doctor. */
  async function windowOf(doctorId: string, now: number): Promise<BookingWindow> {
    const window = await calendars.load(
      doctorId,
      () => bookingWindowOf(db, doctorId, new Date(now)),
      (w) => w.validFrom <= now && now < w.validUntil,
    );
    if (!window) throw new ApiError(404, 'doctorNotFound');
    return window;
  }

  const service = {
    /**
     * The bookable doctors, filtered, each with the bio in the reader's language; `slug` (not a
     * filter of the API's) finds the one of a public page.
     */
    async list(
      query: DoctorListQuery & { slug?: string } = {},
      locale: Locale = DEFAULT_LOCALE,
    ): Promise<Doctor[]> {
      const rows = await listDoctors(db, query);
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
            slug: profile.slug ?? user.id,
            name: doctorDisplayName({ ...user, title: profile.title }),
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
            ...(profile.city ? { city: profile.city } : {}),
            ...(profile.country ? { country: profile.country } : {}),
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
      const now = clock().getTime();
      return freeDaysAt(await windowOf(doctorId, now), startDate, endDate, now).entries;
    },

    /**
     * The same answer as the JSON body of GET /api/availability, kept with the doctor's window
     * until a slot in it begins or a hold in it lapses: a booking page that asks again is answered
     * without computing, serializing or compressing anything again (ADR 0033).
     */
    async availabilityAnswer(
      doctorId: string,
      startDate: string,
      endDate: string,
    ): Promise<KeptAnswer> {
      const now = clock().getTime();
      const window = await windowOf(doctorId, now);
      const key = `${startDate}/${endDate}`;
      const kept = window.answers.get(key);
      if (kept && kept.since <= now && now < kept.until) return kept.answer;
      const { entries, until } = freeDaysAt(window, startDate, endDate, now);
      const answer = { json: JSON.stringify({ success: true, data: entries }) };
      if (window.answers.size >= ANSWERS_KEPT_PER_DOCTOR) window.answers.clear();
      window.answers.set(key, { answer, since: now, until });
      return answer;
    },

    /** A change that may move a slot happened (here or on another instance): compute anew. */
    availabilityChanged: () => calendars.forgetAll(),
    cacheStats: () => calendars.stats(),
  };
  return service;
}
export type DoctorService = ReturnType<typeof createDoctorService>;
