import { redirect, type DOMRouterOpts, type RouteObject } from 'react-router';
import { DelayedSpinner } from '../components/ui/spinner';
import { AboutPage } from '../features/about/components/about-page';
import { WelcomePage } from '../features/auth/components/welcome-page';
import { requireAuth, requireGuest, requirePatient } from './guards';
import { PublicLayout, SignedInPagesLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { patientRoutes } from './patient-routes';
import { RouteErrorBoundary } from './route-error-boundary';
import { signedInPages } from './signed-in-pages';
import { loadSignedInTranslations } from '../lib/i18n';

// The first page, `/`, is in the entry: a chunk of its own cost a round trip before its first paint
// (ADR 0048). The other route modules that carry weight are lazy chunks, loaded in parallel with
// the session restore; Rollup's chunks are grouped by who needs them (build/chunk-groups.ts), so a
// page loads a handful, not dozens. The signed-in layout (TanStack Query) and the signed-in pages
// stay out of what `/` downloads (150 KB budget, scripts/check-budgets.mjs): the entry carries
// their routes only (patient-routes.tsx, signed-in-pages.tsx), so that a signed-in page's chunks
// are asked for as the app starts. The doctor's and the admin's areas are not even in this table:
// their routes (staff-routes.tsx) are added on the first navigation into them (routerOptions
// below).
const lazyValidateEmail = async () => ({
  Component: (await import('../features/auth/components/validate-email-page')).ValidateEmailPage,
});
const lazyForgotPassword = async () => ({
  Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
});
const lazyResetPassword = async () => ({
  Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
});
// A signed-out page with the administration's texts (the invitation): they come with it, not with `/`.
const lazyAcceptInvite = async () => {
  const [page] = await Promise.all([
    import('../features/staff-invite/components/accept-invite-page'),
    loadSignedInTranslations(),
  ]);
  return { Component: page.AcceptInvitePage };
};
const lazySignedInLayout = async () => ({
  Component: (await import('./layouts/signed-in-layout')).SignedInLayout,
});
const lazyDashboardLayout = async () => ({
  Component: (await import('./layouts/dashboard-layout')).DashboardLayout,
});
const lazyDashboardHome = async () => ({
  Component: (await import('./pages/dashboard-home-page')).DashboardHomeRoute,
});
const lazyLegal = async () => {
  const page = await import('../features/legal/components/legal-page');
  return { loader: page.legalPageLoader, Component: page.LegalPage };
};
// A guest's consultation (no account, ADR 0028): the meeting's texts come with it, not with `/`.
const lazyGuest = (page: 'GuestLinkPage' | 'GuestMeetingPage' | 'GuestLeftPage') => async () => {
  const [module] = await Promise.all([
    import('../features/meeting/components/guest-meeting-page'),
    loadSignedInTranslations(),
  ]);
  return { Component: module[page] };
};
// Checking a document anyone holds (ADR 0037): its texts come with it, not with `/`.
const lazyVerify = async () => {
  const page = await import('../features/verification/components/verify-page');
  return { loader: page.verifyPageLoader, Component: page.VerifyPage };
};
// "Book this time" on a public doctor page (issue #22): it decides in its loader and redirects,
// so `/` carries only the route's line; its texts are the signed-in screens'.
const lazyBookLink = async () => {
  const page = await import('./pages/book-link-page');
  return { loader: page.bookLinkLoader, Component: page.BookLinkPage };
};

/** The signed-in layout, under which the staff areas are patched in. */
export const SIGNED_IN_ROUTE_ID = 'signed-in';
/** The patient's dashboard layout, whose loader turns staff away. */
export const PATIENT_AREA_ROUTE_ID = 'dashboard';
/** The signed-out pages' layout, whose loader turns signed-in visitors away. */
export const GUEST_ROUTE_ID = 'guest';
const STAFF_AREA = /^\/(doctor|admin)(\/|$)/;

/** The route table of spec §2. */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: DelayedSpinner,
    children: [
      {
        id: GUEST_ROUTE_ID,
        loader: requireGuest,
        HydrateFallback: DelayedSpinner,
        Component: PublicLayout,
        children: [
          { index: true, Component: WelcomePage },
          { path: 'validate-email', lazy: lazyValidateEmail },
          { path: 'forgot-password', lazy: lazyForgotPassword },
          { path: 'reset-password', lazy: lazyResetPassword },
          { path: 'accept-invite', lazy: lazyAcceptInvite },
        ],
      },
      {
        id: SIGNED_IN_ROUTE_ID,
        loader: requireAuth,
        HydrateFallback: DelayedSpinner,
        lazy: lazySignedInLayout,
        children: [
          {
            id: PATIENT_AREA_ROUTE_ID,
            path: 'dashboard',
            loader: requirePatient,
            lazy: lazyDashboardLayout,
            children: [{ index: true, lazy: lazyDashboardHome }, ...patientRoutes],
          },
          // Completing the profile, booking, security and consent.
          { Component: SignedInPagesLayout, children: signedInPages },
        ],
      },
      {
        Component: PublicLayout,
        children: [
          { path: 'about', Component: AboutPage },
          // Imprint, privacy notice, terms: for everyone, signed in or not.
          { path: 'legal/:page', lazy: lazyLegal },
          // A consultation without an account: the invitation's link, then the call.
          { path: 'guest', lazy: lazyGuest('GuestMeetingPage') },
          { path: 'guest/left', lazy: lazyGuest('GuestLeftPage') },
          { path: 'guest/:token', lazy: lazyGuest('GuestLinkPage') },
          // A document's check, from its QR code (/verify/<id>) or its typed short code.
          { path: 'verify/:idOrCode?', lazy: lazyVerify },
          // A public page's "Book this time": remembers the time, then sign-in or the booking.
          { path: 'book/:slug', lazy: lazyBookLink },
        ],
      },
      // Addresses that only send on: their loaders redirect, and they render nothing meanwhile
      // (said with `element: null`, which React Router otherwise warns of as an empty page).
      { path: 'home', loader: () => redirect('/dashboard'), element: null },
      { path: 'profile', loader: () => redirect('/dashboard/profile'), element: null },
      { path: 'appointments', loader: () => redirect('/dashboard/appointments'), element: null },
      { path: '*', loader: () => redirect('/'), element: null },
    ],
  },
];

/**
 * Options for every router made from `routes`: the first navigation into /doctor or /admin loads
 * their route table and adds it under the signed-in layout (React Router's route discovery), so
 * the staff areas' routes never weigh on what a patient's first page downloads.
 */
export const routerOptions = {
  async patchRoutesOnNavigation({ path, patch }) {
    if (STAFF_AREA.test(path)) {
      const { staffRoutes } = await import('./staff-routes');
      patch(SIGNED_IN_ROUTE_ID, staffRoutes);
    }
  },
} satisfies Pick<DOMRouterOpts, 'patchRoutesOnNavigation'>;
