import type { AvailabilityEntry } from '@vizita/shared/contracts/doctors';

/** How many other times are offered when a linked time was taken (issue #22). */
export const NEAREST_SLOTS_SHOWN = 6;
/** How far from the wanted time another one is still "near": two weeks either side. */
export const NEAREST_SLOTS_WITHIN_MS = 14 * 24 * 60 * 60 * 1000;

/** A doctor's free slot: the day and time on the doctor's wall clock, and its instant. */
export type DatedSlot = { date: string; slot: string; startsAt: string };

/**
 * The doctor's free slots closest in time to `at` (a time a booking link wanted, no longer free),
 * at most `NEAREST_SLOTS_SHOWN`, none in the past or further than two weeks from it, in order.
 */
export function nearestSlots(entries: AvailabilityEntry[], at: string, now: Date): DatedSlot[] {
  const wanted = Date.parse(at);
  const distance = (slot: DatedSlot) => Math.abs(Date.parse(slot.startsAt) - wanted);
  return entries
    .flatMap((entry) => entry.times.map((time) => ({ date: entry.date, ...time })))
    .filter(
      (slot) =>
        Date.parse(slot.startsAt) > now.getTime() &&
        Date.parse(slot.startsAt) !== wanted &&
        distance(slot) <= NEAREST_SLOTS_WITHIN_MS,
    )
    .sort((a, b) => distance(a) - distance(b))
    .slice(0, NEAREST_SLOTS_SHOWN)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}
