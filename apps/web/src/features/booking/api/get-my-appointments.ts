import {
  ownAppointmentListResponseSchema,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { getOwnAppointments } from '../../../api/get-own-appointments';

/** The caller's own appointments as the server pages them by default (spec §7), full entities. */
export async function getMyAppointments(): Promise<Appointment[]> {
  return getOwnAppointments({}, (body) => ownAppointmentListResponseSchema.parse(body).data);
}
