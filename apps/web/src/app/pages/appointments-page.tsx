import { useSession } from '../../features/auth/hooks/use-session';
import { AppointmentsPage } from '../../features/appointments/components/appointments-page';

// Features do not import each other: the app hands the appointments list the session's profile
// flag.

/** /dashboard/appointments */
export function AppointmentsRoute() {
  const { user } = useSession();
  return <AppointmentsPage isProfileComplete={user?.isProfileComplete ?? false} />;
}
