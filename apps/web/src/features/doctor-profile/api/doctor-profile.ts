import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  doctorOwnProfileResponseSchema,
  type UpdateDoctorProfile,
} from '@vizita/shared/contracts/doctor-profile';
import { doctorKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

const KEY = ['doctor-profile'] as const;
const parse = (body: unknown) => doctorOwnProfileResponseSchema.parse(body).data;

/** GET /api/doctor/profile */
export async function getDoctorProfile() {
  return parse(await authApi.get('/api/doctor/profile'));
}

export function useDoctorProfile() {
  return useQuery(queryOptions({ queryKey: KEY, queryFn: getDoctorProfile }));
}

function useProfileChange<V>(call: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutationAction(async (variables: V) => parse(await call(variables)), {
    onSuccess: (profile) => {
      queryClient.setQueryData(KEY, profile);
      // The booking page's cards show the same profile.
      return queryClient.invalidateQueries({ queryKey: doctorKeys.all });
    },
  });
}

/** PUT /api/doctor/profile */
export const useUpdateDoctorProfile = () =>
  useProfileChange((body: UpdateDoctorProfile) => authApi.put('/api/doctor/profile', body));

/** PUT /api/doctor/profile/photo — the image itself as the body. */
export const useUploadPhoto = () =>
  useProfileChange((file: File) => authApi.put('/api/doctor/profile/photo', file));

/** DELETE /api/doctor/profile/photo */
export const useRemovePhoto = () =>
  useProfileChange(() => authApi.delete('/api/doctor/profile/photo'));
