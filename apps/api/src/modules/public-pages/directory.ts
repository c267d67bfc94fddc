import type { Locale } from '@vizita/shared/constants';
import type { Doctor } from '@vizita/shared/contracts/doctors';
import type { PublicDirectoryQuery } from '@vizita/shared/contracts/public-doctors';
import { addDays, zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { DoctorService } from '../doctors/service.ts';

/** The filters a visitor chose, empty values dropped. */
export type DirectoryFilters = {
  specialty?: string;
  language?: string;
  place?: string;
  within?: number;
  maxFeeMinor?: number;
};

export function filtersOf(query: PublicDirectoryQuery): DirectoryFilters {
  return {
    ...(query.specialty ? { specialty: query.specialty } : {}),
    ...(query.language ? { language: query.language } : {}),
    ...(query.place ? { place: query.place } : {}),
    ...(query.within ? { within: Number(query.within) } : {}),
    ...(query.maxFee
      ? { maxFeeMinor: Math.round(Number(query.maxFee.replace(',', '.')) * 100) }
      : {}),
  };
}

/** A doctor's place as the place filter names it: "DE", or "DE/Berlin" with a city. */
export const placeOf = (doctor: Doctor) =>
  doctor.country ? (doctor.city ? `${doctor.country}/${doctor.city}` : doctor.country) : null;

/** Whether the doctor's next free slot falls within `days` of the doctor's today (1: today). */
function freeWithin(doctor: Doctor, days: number, now: Date): boolean {
  if (!doctor.nextAvailable) return false;
  const today = zonedDateAndSlot(now, doctor.timeZone).date;
  return doctor.nextAvailable.date <= addDays(today, days - 1);
}

/** The active doctors the filters let through, each with its next free slot (doctors/service). */
export async function directory(
  doctors: DoctorService,
  filters: DirectoryFilters,
  locale: Locale,
  now: Date,
): Promise<{ shown: Doctor[]; all: Doctor[] }> {
  const all = await doctors.list({}, locale);
  const shown = all.filter(
    (d) =>
      (!filters.specialty || d.specialties.includes(filters.specialty)) &&
      (!filters.language || d.languages.includes(filters.language)) &&
      (!filters.place ||
        placeOf(d) === filters.place ||
        (!filters.place.includes('/') && d.country === filters.place)) &&
      (filters.within === undefined || freeWithin(d, filters.within, now)) &&
      (filters.maxFeeMinor === undefined || d.fee.amountMinor <= filters.maxFeeMinor),
  );
  return { shown, all };
}

/** How far the doctor's page lists free times. */
export const FREE_TIMES_DAYS = 14;
/** At most this many days, and times a day, on the doctor's page: the rest is a later look. */
export const FREE_DAYS_SHOWN = 5;
export const TIMES_PER_DAY_SHOWN = 12;

/** The next days with free times of one doctor, for the public page. */
export async function freeTimesOf(doctors: DoctorService, doctor: Doctor, now: Date) {
  const today = zonedDateAndSlot(now, doctor.timeZone).date;
  const entries = await doctors.availability(
    doctor._id,
    today,
    addDays(today, FREE_TIMES_DAYS - 1),
  );
  return entries
    .filter((e) => e.times.length > 0)
    .slice(0, FREE_DAYS_SHOWN)
    .map((e) => ({ date: e.date, times: e.times.slice(0, TIMES_PER_DAY_SHOWN) }));
}
