import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onCallStateResponseSchema, type OnCallState } from '@vizita/shared/contracts/on-demand';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { ADMIN_KEY } from './query-keys';

const path = (doctorId: string) => `/api/admin/doctors/${encodeURIComponent(doctorId)}/on-call`;
const onCallKey = (doctorId: string) => [...ADMIN_KEY, 'on-call', doctorId] as const;

/** GET /api/admin/doctors/:id/on-call — a doctor's "available now", as the doctor sees it. */
export const getDoctorOnCall = async (doctorId: string): Promise<OnCallState> =>
  onCallStateResponseSchema.parse(await authApi.get(path(doctorId))).data;

export const useDoctorOnCall = (doctorId: string) =>
  useQuery({ queryKey: onCallKey(doctorId), queryFn: () => getDoctorOnCall(doctorId) });

/** PUT /api/admin/doctors/:id/on-call — the admin switches it on for a period, or off (0). */
export const setDoctorOnCall = async ({
  doctorId,
  minutes,
}: {
  doctorId: string;
  minutes: number;
}): Promise<OnCallState> =>
  onCallStateResponseSchema.parse(await authApi.put(path(doctorId), { minutes })).data;

/** The answer is the doctor's new state: the row shows it at once. */
export function useSetDoctorOnCall() {
  const queryClient = useQueryClient();
  return useMutationAction(setDoctorOnCall, {
    onSuccess: (state, { doctorId }) => queryClient.setQueryData(onCallKey(doctorId), state),
  });
}
