import { useQueryClient } from '@tanstack/react-query';
import {
  scheduleChangeResponseSchema,
  type WeeklyHoursRequest,
} from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { getDoctorScheduleQueryOptions } from './get-doctor-schedule';

/**
 * PUT /api/admin/doctors/:id/schedule/weekly — the whole week at once; a 409 lists the booked
 * appointments the new hours would leave out.
 */
export const setDoctorWeeklyHours = async ({
  id,
  body,
}: {
  id: string;
  body: WeeklyHoursRequest;
}) =>
  scheduleChangeResponseSchema.parse(
    await authApi.put(`/api/admin/doctors/${encodeURIComponent(id)}/schedule/weekly`, body),
  ).data;

export function useSetDoctorWeeklyHours(id: string) {
  const queryClient = useQueryClient();
  return useMutationAction(setDoctorWeeklyHours, {
    onSuccess: () => queryClient.invalidateQueries(getDoctorScheduleQueryOptions(id)),
  });
}
