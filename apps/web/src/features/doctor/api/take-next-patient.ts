import { useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { takenPatientResponseSchema } from '@vizita/shared/contracts/on-demand';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ON_CALL_KEY } from './get-on-call';

export type TakenPatient = z.infer<typeof takenPatientResponseSchema>['data'];

/**
 * POST /api/doctor/on-demand/take — the doctor takes the next waiting patient of her specialties
 * and languages: the appointment, made for now, whose call she joins at once.
 */
export async function takeNextPatient(): Promise<TakenPatient> {
  return takenPatientResponseSchema.parse(await authApi.post('/api/doctor/on-demand/take')).data;
}

/** Taken or refused (someone was quicker), the queue and her schedule load again. */
export function useTakeNextPatient() {
  const queryClient = useQueryClient();
  return useMutationAction(takeNextPatient, {
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ON_CALL_KEY }),
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
      ]),
  });
}
