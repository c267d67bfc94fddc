import { useSession } from '../../features/auth/hooks/use-session';
import { refreshAuthStatus } from '../../features/auth/session-store';
import { ConsentPage } from '../../features/legal/components/consent-page';
import { useSignOut } from '../use-sign-out';
import { SessionPrivacySection } from './session-privacy-section';

/**
 * /consent: the session says what is due; accepting refreshes it (ADR 0024). Who would rather not
 * accept can take their data and delete the account here.
 */
export function ConsentRoute() {
  const { user } = useSession();
  const { signOut, signingOut } = useSignOut();
  return (
    <ConsentPage
      due={user?.consentsDue ?? []}
      onAccepted={refreshAuthStatus}
      onSignOut={signOut}
      signingOut={signingOut}
    >
      <SessionPrivacySection />
    </ConsentPage>
  );
}
