import { useSession } from '../../features/auth/hooks/use-session';
import { SecurityPage } from '../../features/auth/components/security-page';
import { EmailPreferences } from '../../features/notifications/components/email-preferences';

/**
 * /security for every role; a doctor or an admin chooses their e-mail notifications here too
 * (a patient does on the profile). Features do not import each other: the app composes them.
 */
export function SecurityRoute() {
  const { user } = useSession();
  const staff = user !== null && (user.isAdmin || user.userType === 'doctor');
  return <SecurityPage>{staff && <EmailPreferences />}</SecurityPage>;
}
