import { useSession } from '../../features/auth/hooks/use-session';
import { AppointmentsPage } from '../../features/appointments/components/appointments-page';
import type { AvailabilityQueries } from '../../features/appointments/api/availability-queries';
import { getAvailabilityQueryOptions } from '../../features/booking/api/get-availability';
import { getDaySlotsQueryOptions } from '../../features/booking/api/get-day-slots';
import { CompleteProfileFirstDialog } from '../../features/dashboard/components/complete-profile-first-dialog';

// Features do not import each other: the app hands the appointments list the session's profile
// flag, the booking feature's availability queries (for rescheduling) and the dashboard's
// "complete your profile first" prompt (the same question before any booking, spec §2).

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
      CompleteProfilePrompt={CompleteProfileFirstDialog}
    />
  );
}
