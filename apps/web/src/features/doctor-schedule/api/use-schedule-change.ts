import { useQueryClient } from '@tanstack/react-query';
import { scheduleChangeResponseSchema } from '@vizita/shared/contracts/schedule';
import { appointmentKeys } from '../../../api/query-keys';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { SCHEDULE_KEY } from './get-schedule';

/**
 * Every change of hours answers the same shape and refreshes the same reads: the schedule, its
 * preview, and the appointments it may have cancelled.
 */
export function useScheduleChange<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutationAction(
    async (variables: V) => scheduleChangeResponseSchema.parse(await call(variables)).data,
    {
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: SCHEDULE_KEY }),
          queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        ]),
    },
  );
}
