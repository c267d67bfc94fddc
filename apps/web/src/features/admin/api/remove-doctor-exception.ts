import { useQueryClient } from '@tanstack/react-query';
import { scheduleChangeResponseSchema } from '@vizita/shared/contracts/schedule';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { getDoctorScheduleQueryOptions } from './get-doctor-schedule';

/** DELETE /api/admin/doctors/:id/schedule/exceptions/:exceptionId */
export const removeDoctorException = async ({
  id,
  exceptionId,
}: {
  id: string;
  exceptionId: string;
}) =>
  scheduleChangeResponseSchema.parse(
    await authApi.delete(
      `/api/admin/doctors/${encodeURIComponent(id)}/schedule/exceptions/${encodeURIComponent(exceptionId)}`,
    ),
  ).data;

export function useRemoveDoctorException(id: string) {
  const queryClient = useQueryClient();
  return useMutationAction(removeDoctorException, {
    onSuccess: () => queryClient.invalidateQueries(getDoctorScheduleQueryOptions(id)),
  });
}
