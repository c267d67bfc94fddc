import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorKeys } from '../../../api/query-keys';
import { takeDoctors } from '../../../api/get-doctors';

/** The doctors a patient can book (GET /api/doctors), as the booking route started reading them. */
export function getDoctorsQueryOptions() {
  return queryOptions({ queryKey: doctorKeys.all, queryFn: takeDoctors });
}

export function useDoctors() {
  return useQuery(getDoctorsQueryOptions());
}
