import type { WeeklyInterval } from '@vizita/shared/domain/slots';
import type { Tx } from '../../db/client.ts';
import { doctorWeeklyHours } from '../../db/schema.ts';

// The schedules module owns `doctor_weekly_hours` and `doctor_schedule_exceptions` (STYLE.md
// §9a). This file is what it publishes for the clinic's command line (admin/service.ts): a new
// doctor's first weekly hours, written in the transaction that creates the account. Every later
// change goes through the schedule service, which checks it against the booked appointments.

/** The weekly hours of a doctor who has none yet (the ranges were validated by the caller). */
export async function insertFirstWeeklyHours(tx: Tx, doctorId: string, weekly: WeeklyInterval[]) {
  await tx.insert(doctorWeeklyHours).values(
    weekly.map((w) => ({
      doctorId,
      weekday: w.weekday,
      startTime: w.start,
      endTime: w.end,
    })),
  );
}
