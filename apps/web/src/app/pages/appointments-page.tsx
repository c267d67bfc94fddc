import { useSession } from '../../features/auth/hooks/use-session';
import { AppointmentsPage } from '../../features/appointments/components/appointments-page';
import type { AvailabilityQueries } from '../../features/appointments/api/availability-queries';
import { getAvailabilityQueryOptions } from '../../features/booking/api/get-availability';
import { getDaySlotsQueryOptions } from '../../features/booking/api/get-day-slots';

// Features do not import each other: the app hands the appointments list the session's profile
// flag and the booking feature's availability queries (for rescheduling).

const availability: AvailabilityQueries = {
  range: getAvailabilityQueryOptions,
  day: getDaySlotsQueryOptions,
};

/** /dashboard/appointments */
export function AppointmentsRoute() {
  const { user } = useSession();
  return (
    <AppointmentsPage
      isProfileComplete={user?.isProfileComplete ?? false}
      availability={availability}
    />
  );
}
