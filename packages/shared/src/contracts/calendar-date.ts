import * as z from 'zod/mini';
import { isCalendarDate } from '../domain/calendar-date.ts';

/** A `YYYY-MM-DD` that names a real day: 2026-02-30 is a 400, never a 500 further in. */
export const calendarDateSchema = z
  .string()
  .check(z.refine(isCalendarDate, { message: 'invalidValue', abort: true }));
