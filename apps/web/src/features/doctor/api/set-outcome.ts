import { useQueryClient } from '@tanstack/react-query';
import {
  outcomeResponseSchema,
  type OutcomeRequest,
  type ScheduleEntry,
} from '@vizita/shared/contracts/doctor-console';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

/** PUT /api/doctor/appointments/:id/outcome — completed or no-show, after the start. */
export async function setOutcome({
  appointmentId,
  outcome,
}: OutcomeRequest & { appointmentId: string }): Promise<ScheduleEntry> {
  const body = await authApi.put(
    `/api/doctor/appointments/${encodeURIComponent(appointmentId)}/outcome`,
    { outcome },
  );
  return outcomeResponseSchema.parse(body).data;
}

export function useSetOutcome() {
  const queryClient = useQueryClient();
  return useMutationAction(setOutcome, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
  });
}
