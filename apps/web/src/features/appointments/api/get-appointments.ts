import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import {
  ownAppointmentListResponseSchema,
  type Appointment,
  type OwnAppointmentList,
} from '@vizita/shared/contracts/appointments';
import { getOwnAppointments, type OwnAppointmentsRequest } from '../../../api/get-own-appointments';
import { appointmentKeys } from '../../../api/query-keys';

/** The list's filter buttons (spec §2): every status, or one. */
export type AppointmentFilter = 'all' | Appointment['status'];

/** How many cards one "Show more" adds (and the first page holds). */
export const APPOINTMENTS_PAGE_SIZE = 10;

/**
 * One page of the caller's own appointments, with the counts by status over all of them (spec §2
 * stat cards) and the filter's total.
 */
export async function getAppointments(
  request: OwnAppointmentsRequest,
): Promise<OwnAppointmentList> {
  return getOwnAppointments(request, (body) => ownAppointmentListResponseSchema.parse(body));
}

/** Upcoming ones soonest first (what comes next); the others latest first (what just happened). */
export function orderOf(filter: AppointmentFilter): 'asc' | 'desc' {
  return filter === 'upcoming' ? 'asc' : 'desc';
}

/**
 * Keyed under `appointmentKeys.all` like every list of the caller's appointments, so that booking,
 * cancelling and rescheduling (which invalidate that key) refresh every filter and the dashboard.
 */
export function getAppointmentsQueryOptions(filter: AppointmentFilter) {
  const status = filter === 'all' ? undefined : filter;
  const order = orderOf(filter);
  return infiniteQueryOptions({
    queryKey: appointmentKeys.list(filter),
    queryFn: ({ pageParam }) =>
      getAppointments({ status, page: pageParam, limit: APPOINTMENTS_PAGE_SIZE, order }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.data.length, 0);
      // An empty page ends the list even if the total says otherwise (it changed meanwhile).
      return last.data.length > 0 && shown < last.pagination.total
        ? last.pagination.page + 1
        : undefined;
    },
  });
}

/**
 * The filter's appointments, page by page. While another filter loads, the previous answer stays
 * (`isPlaceholderData`), so the counts do not blink; the list shows that it is loading.
 */
export function useAppointments(filter: AppointmentFilter) {
  return useInfiniteQuery({
    ...getAppointmentsQueryOptions(filter),
    placeholderData: keepPreviousData,
  });
}
