import admin from './de/admin.json';
import appointments from './de/appointments.json';
import billing from './de/billing.json';
import dashboard from './de/dashboard.json';
import doctor from './de/doctor.json';
import profile from './de/profile.json';
import schedule from './de/schedule.json';
import legal from './de/legal.json';
import security from './de/security.json';
import privacy from './de/privacy.json';
import notifications from './de/notifications.json';
import messages from './de/messages.json';
import followUps from './de/follow-ups.json';
import waitlist from './de/waitlist.json';
import clinicalDocuments from './de/clinical-documents.json';
import verification from './de/verification.json';
import prescriptionRequests from './de/prescription-requests.json';
import onDemand from './de/on-demand.json';
import family from './de/family.json';
import type { Resources } from './en';

/** The German of the signed-in screens, loaded by the signed-in routes. */
export const deSignedIn = {
  appointments,
  profile,
  dashboard,
  billing,
  doctor,
  schedule,
  admin,
  security,
  privacy,
  legal,
  notifications,
  messages,
  followUps,
  waitlist,
  clinicalDocuments,
  verification,
  prescriptionRequests,
  onDemand,
  family,
} satisfies Partial<Resources>;
