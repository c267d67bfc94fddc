import type { RouteObject } from 'react-router';
import { requireAdmin, requireDoctor } from './guards';

// The doctor's console and the clinic administration (issue #10): added to the route table on the
// first navigation into them (routes.tsx, routerOptions), each page its own lazy chunk.
const lazyDoctorLayout = async () => ({
  Component: (await import('./layouts/doctor-layout')).DoctorLayout,
});
const lazyDoctorHome = async () => ({
  Component: (await import('../features/doctor/components/doctor-home-page')).DoctorHomePage,
});
const lazyDoctorAvailability = async () => ({
  Component: (await import('../features/doctor-schedule/components/availability-page'))
    .AvailabilityPage,
});
const lazyDoctorProfile = async () => ({
  Component: (await import('../features/doctor-profile/components/doctor-profile-page'))
    .DoctorProfilePage,
});
const lazyDoctorAppointment = async () => ({
  Component: (await import('../features/doctor/components/doctor-appointment-page'))
    .DoctorAppointmentPage,
});
const lazyDoctorMeeting = async () => ({
  Component: (await import('./pages/doctor-meeting-page')).DoctorMeetingRoute,
});
const lazyDoctorGuestConsultation = async () => ({
  Component: (await import('./pages/doctor-guest-consultation-page')).DoctorGuestConsultationRoute,
});
const lazyMessages =
  (page: 'DoctorMessagesPage' | 'AdminMessagesPage' | 'DoctorThreadPage' | 'AdminThreadPage') =>
  async () => ({
    Component: (await import('../features/messages/components/messages-pages'))[page],
  });
const lazyAdminLayout = async () => ({
  Component: (await import('./layouts/admin-layout')).AdminLayout,
});
const lazyAdminDoctors = async () => ({
  Component: (await import('../features/admin/components/doctors-page')).AdminDoctorsPage,
});
const lazyAdminAppointments = async () => ({
  Component: (await import('../features/admin/components/appointments-page')).AdminAppointmentsPage,
});
const lazyAdminAudit = async () => ({
  Component: (await import('../features/admin/components/audit-page')).AdminAuditPage,
});
const lazyAdminGuestConsultation = async () => ({
  Component: (await import('../features/admin/components/guest-consultation-page'))
    .AdminGuestConsultationPage,
});
const lazyAdminAppointment = async () => ({
  Component: (await import('../features/admin/components/appointment-page')).AdminAppointmentPage,
});

/** /doctor (doctors only) and /admin (admins only), children of the signed-in layout. */
export const staffRoutes: RouteObject[] = [
  {
    path: 'doctor',
    loader: requireDoctor,
    lazy: lazyDoctorLayout,
    children: [
      { index: true, lazy: lazyDoctorHome },
      { path: 'availability', lazy: lazyDoctorAvailability },
      { path: 'profile', lazy: lazyDoctorProfile },
      { path: 'appointments/:id', lazy: lazyDoctorAppointment },
      { path: 'meeting/:id', lazy: lazyDoctorMeeting },
      { path: 'guest-consultations/new', lazy: lazyDoctorGuestConsultation },
      { path: 'messages', lazy: lazyMessages('DoctorMessagesPage') },
      { path: 'messages/:threadId', lazy: lazyMessages('DoctorThreadPage') },
    ],
  },
  {
    path: 'admin',
    loader: requireAdmin,
    lazy: lazyAdminLayout,
    children: [
      { index: true, lazy: lazyAdminDoctors },
      { path: 'appointments', lazy: lazyAdminAppointments },
      { path: 'appointments/:id', lazy: lazyAdminAppointment },
      { path: 'guest-consultations/new', lazy: lazyAdminGuestConsultation },
      { path: 'audit', lazy: lazyAdminAudit },
      { path: 'messages', lazy: lazyMessages('AdminMessagesPage') },
      { path: 'messages/:threadId', lazy: lazyMessages('AdminThreadPage') },
    ],
  },
];
