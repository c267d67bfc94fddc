import type { WeeklyHoursRequest } from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';
import { useScheduleChange } from './use-schedule-change';

/** PUT /api/doctor/schedule/weekly — the whole week at once; a 409 names the bookings in the way. */
export const setWeeklyHours = (body: WeeklyHoursRequest) =>
  authApi.put('/api/doctor/schedule/weekly', body);

export const useSetWeeklyHours = () => useScheduleChange(setWeeklyHours);
