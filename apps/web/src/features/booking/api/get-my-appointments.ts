import {
  appointmentListResponseSchema,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { authApi } from '../../../lib/api-client';

/** GET /api/appointments — the caller's own appointments (spec §7), full entities. */
export async function getMyAppointments(): Promise<Appointment[]> {
  const { data } = appointmentListResponseSchema.parse(await authApi.get('/api/appointments'));
  // Without doctorId the answer is the caller's own appointments, never the occupied-slot form.
  return data.filter((item): item is Appointment => '_id' in item);
}
