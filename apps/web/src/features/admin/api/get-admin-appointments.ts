import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  adminAppointmentListResponseSchema,
  type AdminAppointmentQuery,
} from '@vizita/shared/contracts/admin';
import { authApi } from '../../../lib/api-client';
import { ADMIN_APPOINTMENTS_KEY } from './query-keys';

/** GET /api/admin/appointments — by patient, doctor, dates and status, a page at a time. */
export const getAdminAppointments = async (query: AdminAppointmentQuery) =>
  adminAppointmentListResponseSchema.parse(
    await authApi.get('/api/admin/appointments', { query: { ...query } }),
  ).data;

export const getAdminAppointmentsQueryOptions = (query: AdminAppointmentQuery) => ({
  queryKey: [...ADMIN_APPOINTMENTS_KEY, 'list', query] as const,
  queryFn: () => getAdminAppointments(query),
});

/** `enabled: false` until there is something to ask (a doctor's list after a deactivation). */
export const useAdminAppointments = (query: AdminAppointmentQuery, enabled = true) =>
  useQuery({
    ...getAdminAppointmentsQueryOptions(query),
    placeholderData: keepPreviousData,
    enabled,
  });
