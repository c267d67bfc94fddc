import { useQuery } from '@tanstack/react-query';
import { adminAppointmentDetailResponseSchema } from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { ADMIN_APPOINTMENTS_KEY } from './query-keys';

/** GET /api/admin/appointments/:id — one appointment with its payment. */
export const getAdminAppointment = async (id: string) =>
  adminAppointmentDetailResponseSchema.parse(
    await authApi.get(`/api/admin/appointments/${encodeURIComponent(id)}`),
  ).data;

export const getAdminAppointmentQueryOptions = (id: string) => ({
  queryKey: [...ADMIN_APPOINTMENTS_KEY, 'one', id] as const,
  queryFn: () => getAdminAppointment(id),
});

export const useAdminAppointment = (id: string) => useQuery(getAdminAppointmentQueryOptions(id));
