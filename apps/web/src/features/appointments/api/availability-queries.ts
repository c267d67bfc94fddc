import type { UseQueryOptions } from '@tanstack/react-query';
import type { AvailabilityEntry } from '@vizita/shared/contracts/doctors';

type Options<T> = UseQueryOptions<T, Error, T, string[]>;

/**
 * The doctor's free days and slots, for the reschedule dialog. They are the booking feature's
 * queries (GET /api/availability, keyed under ['availability', doctorId]); features do not import
 * each other, so the app hands them in (src/app/pages/appointments-page.tsx).
 */
export interface AvailabilityQueries {
  /** Days with at least one free slot between two dates (YYYY-MM-DD, inclusive). */
  range: (range: {
    doctorId: string;
    startDate: string;
    endDate: string;
  }) => Options<AvailabilityEntry[]>;
  /** One day's free slots: HH:MM on the doctor's wall clock, and the instant. */
  day: (day: { doctorId: string; date: string }) => Options<{ slot: string; startsAt: string }[]>;
}
