import { appointmentSchema, type Appointment } from '@vizita/shared/contracts/appointments';
import { successSchema } from '@vizita/shared/contracts/api-response';
import { authApi } from '../../../lib/api-client';

const appointmentResponseSchema = successSchema(appointmentSchema);

/** GET /api/appointments/:id — one of the caller's appointments (spec §7). */
export async function getAppointment(id: string): Promise<Appointment> {
  const body = await authApi.get(`/api/appointments/${encodeURIComponent(id)}`);
  return appointmentResponseSchema.parse(body).data;
}
