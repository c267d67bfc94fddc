import { authApi } from '../../../lib/api-client';
import { useScheduleChange } from './use-schedule-change';

/**
 * DELETE /api/doctor/schedule/exceptions/:id — removing extra hours can leave bookings outside
 * the hours, so it takes the same confirmation as any other change.
 */
export const removeScheduleException = ({
  id,
  ...query
}: {
  id: string;
  cancelBooked?: boolean;
  cancelReason?: string;
}) => authApi.delete(`/api/doctor/schedule/exceptions/${encodeURIComponent(id)}`, { query });

export const useRemoveScheduleException = () => useScheduleChange(removeScheduleException);
