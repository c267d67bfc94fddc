import type { RouteObject } from 'react-router';
import { requireCompleteProfile } from './guards';

// The patient's dashboard pages beyond its home, under the dashboard route (routes.tsx). The entry
// carries only this table; each page is a lazy chunk, asked for as soon as the router matches it
// (ADR 0048).
const lazyProfile = async () => ({
  Component: (await import('./pages/profile-pages')).ProfileRoute,
});
const lazyEditProfile = async () => ({
  Component: (await import('./pages/profile-pages')).EditProfileRoute,
});
const lazyAppointments = async () => ({
  Component: (await import('./pages/appointments-page')).AppointmentsRoute,
});
const lazyMeeting = async () => ({
  Component: (await import('../features/meeting/components/meeting-page')).MeetingPage,
});
// A follow-up visit the doctor proposed (issue #20), where the patient chooses its time.
const lazyFollowUp = async () => ({
  Component: (await import('../features/follow-ups/components/follow-up-page')).FollowUpPage,
});
// A repeat prescription asked for without a call (issue #21), of a doctor seen in the last year.
const lazyPrescriptionRequest = async () => ({
  Component: (
    await import('../features/prescription-requests/components/prescription-request-page')
  ).PrescriptionRequestPage,
});
// "See a doctor now" (issue #22): the form that opens the checkout, then her place in the queue.
const lazySeeDoctorNow = async () => ({
  Component: (await import('../features/on-demand/components/see-doctor-now-page'))
    .SeeDoctorNowPage,
});
const lazyQueue = async () => ({
  Component: (await import('../features/on-demand/components/queue-page')).QueuePage,
});
const lazyBilling = async () => ({
  Component: (await import('../features/billing/components/billing-history-page'))
    .BillingHistoryPage,
});
// Earlier-time alerts (issue #20): the patient's alerts, and an offer (a notification's link).
const lazyWaitlist = async () => ({
  Component: (await import('../features/waitlist/components/alerts-page')).AlertsPage,
});
const lazyWaitlistOffer = async () => ({
  Component: (await import('../features/waitlist/components/offer-page')).OfferPage,
});
// Messages with the practice (issue #20): the list, one thread, and opening an appointment's.
const lazyMessages =
  (page: 'MessagesPage' | 'PatientThreadPage' | 'StartAppointmentThreadPage') => async () => ({
    Component: (await import('../features/messages/components/messages-pages'))[page],
  });

// "People in my account" (issue #22): the children and adults in care the patient books for.
const lazyPeople = async () => ({
  Component: (await import('../features/family/components/people-page')).PeoplePage,
});

/** Children of /dashboard (the patient's layout) besides its home page. */
export const patientRoutes: RouteObject[] = [
  { path: 'profile', lazy: lazyProfile },
  { path: 'appointments', lazy: lazyAppointments },
  { path: 'meeting/:id', lazy: lazyMeeting },
  { path: 'follow-ups/:id', lazy: lazyFollowUp },
  // Paid like a booking, so asked like one: with a complete profile.
  { path: 'prescriptions/new', loader: requireCompleteProfile, lazy: lazyPrescriptionRequest },
  // Paid like a booking, so asked like one; the queue page is where the checkout returns.
  { path: 'see-a-doctor-now', loader: requireCompleteProfile, lazy: lazySeeDoctorNow },
  { path: 'see-a-doctor-now/:id', lazy: lazyQueue },
  { path: 'billing', lazy: lazyBilling },
  { path: 'waitlist', lazy: lazyWaitlist },
  { path: 'waitlist/offers/:id', lazy: lazyWaitlistOffer },
  { path: 'messages', lazy: lazyMessages('MessagesPage') },
  {
    path: 'messages/appointment/:appointmentId',
    lazy: lazyMessages('StartAppointmentThreadPage'),
  },
  { path: 'messages/:threadId', lazy: lazyMessages('PatientThreadPage') },
  { path: 'edit-profile', lazy: lazyEditProfile },
  { path: 'people', lazy: lazyPeople },
];
