import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorListResponseSchema, type Doctor } from '@vizita/shared/contracts/doctors';
import { doctorKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

/** GET /api/doctors — the doctors a patient can book (spec §3 Doctor, §7). */
export async function getDoctors(): Promise<Doctor[]> {
  return doctorListResponseSchema.parse(await api.get('/api/doctors')).data;
}

export function getDoctorsQueryOptions() {
  return queryOptions({ queryKey: doctorKeys.all, queryFn: getDoctors });
}

export function useDoctors() {
  return useQuery(getDoctorsQueryOptions());
}
