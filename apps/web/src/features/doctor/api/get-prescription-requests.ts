import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  doctorPrescriptionRequestsResponseSchema,
  type DoctorPrescriptionRequest,
} from '@vizita/shared/contracts/prescription-requests';
import { prescriptionRequestKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';

/**
 * GET /api/doctor/prescription-requests — the doctor's unanswered repeat prescription requests
 * (issue #21), the most urgent first. They hold no time, so the schedule does not list them.
 */
export async function getPrescriptionRequests(): Promise<DoctorPrescriptionRequest[]> {
  const body = await authApi.get('/api/doctor/prescription-requests');
  return doctorPrescriptionRequestsResponseSchema.parse(body).data;
}

/** Refetched when the bell changes (a new request, one withdrawn): `prescriptionRequestKeys`. */
export function getPrescriptionRequestsQueryOptions() {
  return queryOptions({
    queryKey: prescriptionRequestKeys.doctorQueue(),
    queryFn: getPrescriptionRequests,
  });
}

export function usePrescriptionRequests() {
  return useQuery(getPrescriptionRequestsQueryOptions());
}
