import type { ScheduleExceptionRequest } from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';
import { useScheduleChange } from './use-schedule-change';

/** POST /api/doctor/schedule/exceptions — time off or extra hours on one date. */
export const addScheduleException = (body: ScheduleExceptionRequest) =>
  authApi.post('/api/doctor/schedule/exceptions', body);

export const useAddScheduleException = () => useScheduleChange(addScheduleException);
