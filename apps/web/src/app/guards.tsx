import { Navigate, Outlet, redirect } from 'react-router';
import { DelayedSpinner } from '../components/ui/spinner';
import { useSession } from '../features/auth/hooks/use-session';
import { getSessionState, initializeSession } from '../features/auth/session-store';
import { bookingCalendarPath } from '../lib/booking-intent';
import { loadSignedInTranslations } from '../lib/i18n';

// Route guards of spec §2. They run as loaders — on every navigation, after the session has been
// initialised — so a page never renders for the wrong visitor. RequireAuth also reacts while a
// page is open: a sign-out or a failed token refresh sends the user to the welcome page.

const isDoctor = () => getSessionState().user?.userType === 'doctor';
const isAdmin = () => getSessionState().user?.isAdmin === true;
/** A doctor or admin without two-factor sign-in: their session can only set it up (ADR 0023). */
const mustSetUpTwoFactor = () => getSessionState().user?.twoFactor === 'required';

/** A patient who has not accepted a new version of the terms or privacy notice (ADR 0024). */
const mustAcceptLegalTexts = () => (getSessionState().user?.consentsDue.length ?? 0) > 0;

/** Where two-factor sign-in and the signed-in devices are managed. */
export const SECURITY_PATH = '/security';
/** Where a new version of the legal documents is accepted. */
export const CONSENT_PATH = '/consent';

/** Where a signed-in visitor of a guest-only route belongs. */
function homeOfSignedIn(): string {
  if (mustSetUpTwoFactor()) return SECURITY_PATH;
  if (mustAcceptLegalTexts()) return CONSENT_PATH;
  if (isAdmin()) return '/admin';
  if (isDoctor()) return '/doctor';
  if (!getSessionState().user?.isProfileComplete) return '/complete-profile';
  // A time chosen on a public doctor page before signing in (issue #22): on to its booking.
  return bookingCalendarPath() ?? '/dashboard';
}

/** requiresGuest: signed-out visitors only. */
export async function requireGuest(): Promise<Response | null> {
  await initializeSession();
  return getSessionState().isAuthenticated ? redirect(homeOfSignedIn()) : null;
}

/**
 * requiresAuth: signed-in users only; others go to the welcome page. The signed-in screens' texts
 * (not in the entry, for the first page's budget) load meanwhile.
 */
export async function requireAuth({
  request,
}: { request?: Request } = {}): Promise<Response | null> {
  await Promise.all([initializeSession(), loadSignedInTranslations()]);
  if (!getSessionState().isAuthenticated) return redirect('/');
  // A restricted session goes nowhere but the setup of its second factor; a patient with a new
  // version of the terms to accept, nowhere but its acceptance (the legal pages are public).
  const path = request ? new URL(request.url).pathname : null;
  if (mustSetUpTwoFactor()) return path !== SECURITY_PATH ? redirect(SECURITY_PATH) : null;
  if (mustAcceptLegalTexts()) return path !== CONSENT_PATH ? redirect(CONSENT_PATH) : null;
  return null;
}

/** The patient's screens: a doctor belongs in the doctor area (which has no patient profile). */
export async function requirePatient(): Promise<Response | null> {
  const signedOut = await requireAuth();
  if (signedOut) return signedOut;
  if (isAdmin()) return redirect('/admin');
  return isDoctor() ? redirect('/doctor') : null;
}

/** The doctor area: doctors only; a patient goes to their dashboard. */
export async function requireDoctor(): Promise<Response | null> {
  const signedOut = await requireAuth();
  if (signedOut) return signedOut;
  return isDoctor() ? null : redirect('/dashboard');
}

/** The clinic administration: admins only; everyone else goes to their own area. */
export async function requireAdmin(): Promise<Response | null> {
  const signedOut = await requireAuth();
  if (signedOut) return signedOut;
  if (isAdmin()) return null;
  return redirect(isDoctor() ? '/doctor' : '/dashboard');
}

/** requiresCompleteProfile: an incomplete profile is sent to complete it first. */
export async function requireCompleteProfile(): Promise<Response | null> {
  const notPatient = await requirePatient();
  if (notPatient) return notPatient;
  return getSessionState().user?.isProfileComplete ? null : redirect('/complete-profile');
}

/** The protected-route wrapper: a spinner (after ~100 ms) until the session is known. */
export function RequireAuth() {
  const session = useSession();
  if (!session.initialized) return <DelayedSpinner />;
  if (!session.isAuthenticated) return <Navigate to="/" replace />;
  return <Outlet />;
}
