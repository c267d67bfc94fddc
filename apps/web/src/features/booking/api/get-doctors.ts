import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorListResponseSchema, type Doctor } from '@vizita/shared/contracts/doctors';
import { doctorKeys } from '../../../api/query-keys';
import { takeDoctors } from '../../../api/get-doctors';
import { takePageAnswer } from '../../../lib/page-answer';

/** The doctors the server wrote into the booking page's HTML, if it did (ADR 0056). */
function doctorsInPage(): Doctor[] | undefined {
  const answer = doctorListResponseSchema.safeParse(takePageAnswer('/calendar'));
  return answer.success ? answer.data.data : undefined;
}

/**
 * The doctors a patient can book (GET /api/doctors): those the page came with, as of the
 * document's request, else as the booking route started reading them.
 */
export function getDoctorsQueryOptions() {
  return queryOptions({
    queryKey: doctorKeys.all,
    queryFn: takeDoctors,
    initialData: doctorsInPage,
    initialDataUpdatedAt: performance.timeOrigin,
  });
}

export function useDoctors() {
  return useQuery(getDoctorsQueryOptions());
}
