import { DashboardHomePage } from '../../features/dashboard/components/dashboard-home-page';
import { useSession } from '../../features/auth/hooks/use-session';

// Features do not import each other: the app hands the dashboard what it needs of the session.

/** /dashboard with the session's profile flag (the banner, the card and the booking guard). */
export function DashboardHomeRoute() {
  const { user } = useSession();
  return <DashboardHomePage isProfileComplete={user?.isProfileComplete ?? false} />;
}
