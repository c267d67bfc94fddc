import { useQueryClient } from '@tanstack/react-query';
import {
  scheduleChangeResponseSchema,
  type ScheduleExceptionRequest,
} from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { getDoctorScheduleQueryOptions } from './get-doctor-schedule';

/** POST /api/admin/doctors/:id/schedule/exceptions — time off (a whole day or a range). */
export const addDoctorTimeOff = async ({
  id,
  body,
}: {
  id: string;
  body: ScheduleExceptionRequest;
}) =>
  scheduleChangeResponseSchema.parse(
    await authApi.post(`/api/admin/doctors/${encodeURIComponent(id)}/schedule/exceptions`, body),
  ).data;

export function useAddDoctorTimeOff(id: string) {
  const queryClient = useQueryClient();
  return useMutationAction(addDoctorTimeOff, {
    onSuccess: () => queryClient.invalidateQueries(getDoctorScheduleQueryOptions(id)),
  });
}
