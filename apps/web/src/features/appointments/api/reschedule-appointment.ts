import { useQueryClient } from '@tanstack/react-query';
import {
  rescheduleAppointmentResponseSchema,
  type Appointment,
} from '@vizita/shared/contracts/appointments';
import { appointmentKeys, availabilityKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';
import { isChosenSlotGone, isStaleAppointmentError } from '../utils/error-keys';

export interface RescheduleAppointmentInput {
  appointmentId: string;
  doctorId: string;
  /** The new calendar day, YYYY-MM-DD in the doctor's calendar. */
  newDate: string;
  /** HH:MM on the doctor's wall clock. */
  newSlot: string;
}

/** PUT /api/appointments/:id/reschedule; spec §7: `newDate` as an ISO midnight-UTC string. */
export async function rescheduleAppointment({
  appointmentId,
  newDate,
  newSlot,
}: RescheduleAppointmentInput): Promise<Appointment> {
  const body = await authApi.put(
    `/api/appointments/${encodeURIComponent(appointmentId)}/reschedule`,
    { newDate: `${newDate}T00:00:00.000Z`, newSlot },
  );
  return rescheduleAppointmentResponseSchema.parse(body).data;
}

/**
 * After a move the lists and the doctor's free slots change. A taken slot (409) reloads the
 * doctor's availability, so that day's slots show what is really free (spec §8 Reschedule).
 */
export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutationAction(rescheduleAppointment, {
    onSuccess: (_data, { doctorId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appointmentKeys.all }),
        queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(doctorId) }),
      ]),
    onError: (error, { doctorId }) => {
      if (isChosenSlotGone(error)) {
        return queryClient.invalidateQueries({ queryKey: availabilityKeys.doctor(doctorId) });
      }
      if (isStaleAppointmentError(error)) {
        return queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
      }
      return undefined;
    },
  });
}
