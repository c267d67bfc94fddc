import { queryOptions, useQuery } from '@tanstack/react-query';
import { threadSummaryResponseSchema, type ThreadSummary } from '@vizita/shared/contracts/messages';
import { authApi, isApiError } from '../lib/api-client';
import { messageKeys } from './query-keys';

const appointmentPath = (appointmentId: string) =>
  `/api/messages/appointments/${encodeURIComponent(appointmentId)}/thread`;

/**
 * GET /api/messages/appointments/:id/thread — the thread about an appointment; null while none
 * has been started (404 threadNotFound).
 */
export async function getAppointmentThread(appointmentId: string): Promise<ThreadSummary | null> {
  try {
    return threadSummaryResponseSchema.parse(await authApi.get(appointmentPath(appointmentId)))
      .data;
  } catch (error) {
    if (isApiError(error) && error.code === 'threadNotFound') return null;
    throw error;
  }
}

export function appointmentThreadQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: messageKeys.appointment(appointmentId),
    queryFn: () => getAppointmentThread(appointmentId),
  });
}

export function useAppointmentThread(appointmentId: string) {
  return useQuery(appointmentThreadQueryOptions(appointmentId));
}

/** PUT /api/messages/appointments/:id/thread — starts it on first use; answers it either way. */
export async function startAppointmentThread(appointmentId: string): Promise<ThreadSummary> {
  return threadSummaryResponseSchema.parse(await authApi.put(appointmentPath(appointmentId))).data;
}

/** PUT /api/messages/clinic-thread — the patient's general thread with the clinic. */
export async function startClinicThread(): Promise<ThreadSummary> {
  return threadSummaryResponseSchema.parse(await authApi.put('/api/messages/clinic-thread')).data;
}
