import { useSession } from '../../features/auth/hooks/use-session';
import { clearSession } from '../../features/auth/session-store';
import { PrivacySection } from '../../features/privacy/components/privacy-section';

/**
 * The patient's data rights with what they need from the session: whether a code is asked on
 * deletion, and, once the account is gone, the session ended here (the guards then lead to the
 * welcome page, which says why). On the profile, and on /consent for a patient who would rather
 * leave than accept a new version.
 */
export function SessionPrivacySection() {
  const { user } = useSession();
  return (
    <PrivacySection
      twoFactor={user?.twoFactor === 'on'}
      onDeleted={() => clearSession('accountDeleted')}
    />
  );
}
