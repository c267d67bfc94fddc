import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  consultationNotesResponseSchema,
  type ConsultationNotes,
  type SaveNotesRequest,
} from '@vizita/shared/contracts/doctor-console';
import { appointmentKeys } from '../../../api/query-keys';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

const path = (id: string) => `/api/doctor/appointments/${encodeURIComponent(id)}/notes`;

/** GET …/notes — every version, newest first, and until when they can be edited. */
export async function getConsultationNotes(appointmentId: string): Promise<ConsultationNotes> {
  return consultationNotesResponseSchema.parse(await authApi.get(path(appointmentId))).data;
}

export function consultationNotesQueryOptions(appointmentId: string) {
  return queryOptions({
    queryKey: appointmentKeys.notes(appointmentId),
    queryFn: () => getConsultationNotes(appointmentId),
  });
}

export function useConsultationNotes(appointmentId: string) {
  return useQuery(consultationNotesQueryOptions(appointmentId));
}

/** PUT …/notes — saves the next version (the earlier ones stay). */
export async function saveConsultationNotes({
  appointmentId,
  ...body
}: SaveNotesRequest & { appointmentId: string }): Promise<ConsultationNotes> {
  return consultationNotesResponseSchema.parse(await authApi.put(path(appointmentId), body)).data;
}

export function useSaveConsultationNotes() {
  const queryClient = useQueryClient();
  return useMutationAction(saveConsultationNotes, {
    onSuccess: (notes, { appointmentId }) => {
      queryClient.setQueryData(consultationNotesQueryOptions(appointmentId).queryKey, notes);
      return queryClient.invalidateQueries({ queryKey: appointmentKeys.doctorSchedules() });
    },
  });
}
