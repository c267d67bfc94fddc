import admin from './bg/admin.json';
import appointments from './bg/appointments.json';
import billing from './bg/billing.json';
import dashboard from './bg/dashboard.json';
import doctor from './bg/doctor.json';
import profile from './bg/profile.json';
import schedule from './bg/schedule.json';
import legal from './bg/legal.json';
import security from './bg/security.json';
import privacy from './bg/privacy.json';
import notifications from './bg/notifications.json';
import messages from './bg/messages.json';
import followUps from './bg/follow-ups.json';
import waitlist from './bg/waitlist.json';
import clinicalDocuments from './bg/clinical-documents.json';
import verification from './bg/verification.json';
import prescriptionRequests from './bg/prescription-requests.json';
import onDemand from './bg/on-demand.json';
import family from './bg/family.json';
import type { Resources } from './en';

/** The Bulgarian of the signed-in screens, loaded by the signed-in routes. */
export const bgSignedIn = {
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
