import type { RouteObject } from 'react-router';
import { startReadingDoctors } from '../api/get-doctors';
import { CONSENT_PATH, requireCompleteProfile, requirePatient, SECURITY_PATH } from './guards';

// The signed-in pages outside the dashboard's layout (routes.tsx). The entry carries only this
// table; each page is a lazy chunk, asked for as soon as the router matches it (ADR 0048).
const lazyCompleteProfile = async () => ({
  Component: (await import('./pages/profile-pages')).CompleteProfileRoute,
});
const lazyCalendar = async () => ({
  Component: (await import('../features/booking/components/calendar-page')).CalendarPage,
});
const lazyBookingSuccess = async () => ({
  Component: (await import('../features/booking/components/booking-success-page'))
    .BookingSuccessPage,
});
const lazyBookingCancel = async () => ({
  Component: (await import('../features/booking/components/booking-cancel-page')).BookingCancelPage,
});
const lazySecurity = async () => ({
  Component: (await import('./pages/security-page')).SecurityRoute,
});
// The link mailed to a person whose record is handed over to them (issue #22, ADR 0043).
const lazyHandover = async () => ({
  Component: (await import('../features/family/components/handover-accept-page'))
    .HandoverAcceptPage,
});
const lazyConsent = async () => ({
  Component: (await import('./pages/consent-page')).ConsentRoute,
});

/** Children of the signed-in area's plain layout. */
export const signedInPages: RouteObject[] = [
  // The patient's screens: staff (doctors, admins) are sent to their own area.
  { path: 'complete-profile', loader: requirePatient, lazy: lazyCompleteProfile },
  {
    path: 'calendar',
    // The doctors, which the page shows first, are public: asked for while its code loads.
    loader: () => {
      startReadingDoctors();
      return requireCompleteProfile();
    },
    lazy: lazyCalendar,
  },
  { path: 'booking/success', loader: requirePatient, lazy: lazyBookingSuccess },
  { path: 'booking/cancel', loader: requirePatient, lazy: lazyBookingCancel },
  { path: 'handover', loader: requirePatient, lazy: lazyHandover },
  // Every role: two-factor sign-in and the signed-in devices (ADR 0023).
  { path: SECURITY_PATH.slice(1), lazy: lazySecurity },
  // A patient's acceptance of a new version of the terms (ADR 0024).
  { path: CONSENT_PATH.slice(1), lazy: lazyConsent },
];
