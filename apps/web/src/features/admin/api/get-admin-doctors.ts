import { useQuery } from '@tanstack/react-query';
import { adminDoctorListResponseSchema } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { ADMIN_DOCTORS_KEY } from './query-keys';

/** GET /api/admin/doctors — every doctor, active or not, invited or signed up. */
export const getAdminDoctors = async () =>
  adminDoctorListResponseSchema.parse(await authApi.get('/api/admin/doctors')).data;

export const getAdminDoctorsQueryOptions = () => ({
  queryKey: ADMIN_DOCTORS_KEY,
  queryFn: getAdminDoctors,
});

export const useAdminDoctors = () => useQuery(getAdminDoctorsQueryOptions());
