import { useQuery } from '@tanstack/react-query';
import {
  patientChartResponseSchema,
  type PatientChart,
} from '@vizita/shared/contracts/doctor-console';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';

/**
 * GET /api/doctor/appointments/:id/patient — the patient's health profile for this appointment.
 * Every read is written to the audit log, so it is asked for only when the doctor opens it.
 */
export async function getPatientChart(appointmentId: string): Promise<PatientChart> {
  const body = await authApi.get(
    `/api/doctor/appointments/${encodeURIComponent(appointmentId)}/patient`,
  );
  return patientChartResponseSchema.parse(body).data;
}

export function usePatientChart(appointmentId: string, enabled: boolean) {
  return useQuery({
    queryKey: appointmentKeys.patientChart(appointmentId),
    queryFn: () => getPatientChart(appointmentId),
    enabled,
    // Read once per opening: health data is not kept in the cache longer than the page.
    staleTime: Infinity,
    gcTime: 0,
  });
}
