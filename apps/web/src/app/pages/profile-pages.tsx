import { refreshAuthStatus } from '../../features/auth/session-store';
import { CompleteProfilePage } from '../../features/profile/components/complete-profile-page';
import { EditProfilePage } from '../../features/profile/components/edit-profile-page';
import { EmailPreferences } from '../../features/notifications/components/email-preferences';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { useSignOut } from '../use-sign-out';
import { SessionPrivacySection } from './session-privacy-section';

// The profile route group (one lazily loaded chunk). Features do not import each other: the app
// hands the profile pages the session's actions.

/** /complete-profile: after success the session's status is refreshed (spec §4, §7). */
export function CompleteProfileRoute() {
  return <CompleteProfilePage onCompleted={refreshAuthStatus} />;
}

/**
 * /dashboard/profile, whose actions include signing out, then the patient's e-mail choices and
 * data rights.
 */
export function ProfileRoute() {
  const { signOut, signingOut } = useSignOut();
  return (
    <ProfilePage onSignOut={signOut} signingOut={signingOut}>
      <EmailPreferences />
      <SessionPrivacySection />
    </ProfilePage>
  );
}

/** /dashboard/edit-profile: an edit can complete the profile, so the status is refreshed too. */
export function EditProfileRoute() {
  return <EditProfilePage onSaved={refreshAuthStatus} />;
}
