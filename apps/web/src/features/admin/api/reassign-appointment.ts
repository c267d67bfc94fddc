import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminAppointmentDetailResponseSchema,
  reassignCandidatesResponseSchema,
} from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_APPOINTMENTS_KEY, ADMIN_KEY } from './query-keys';

const path = (id: string) => `/api/admin/appointments/${encodeURIComponent(id)}`;

/** GET /api/admin/appointments/:id/reassign-candidates — doctors free at that very time. */
export const getReassignCandidates = async (id: string) =>
  reassignCandidatesResponseSchema.parse(await authApi.get(`${path(id)}/reassign-candidates`)).data;

export const useReassignCandidates = (id: string) =>
  useQuery({
    queryKey: [...ADMIN_APPOINTMENTS_KEY, 'one', id, 'candidates'],
    queryFn: () => getReassignCandidates(id),
  });

/** POST /api/admin/appointments/:id/reassign — another doctor takes it at the same time. */
export const reassignAppointment = async ({ id, doctorId }: { id: string; doctorId: string }) =>
  adminAppointmentDetailResponseSchema.parse(
    await authApi.post(`${path(id)}/reassign`, { doctorId }),
  ).data;

export function useReassignAppointment() {
  const queryClient = useQueryClient();
  return useMutationAction(reassignAppointment, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
