import admin from './en/admin.json';
import appointments from './en/appointments.json';
import billing from './en/billing.json';
import dashboard from './en/dashboard.json';
import doctor from './en/doctor.json';
import profile from './en/profile.json';
import schedule from './en/schedule.json';
import legal from './en/legal.json';
import security from './en/security.json';
import privacy from './en/privacy.json';
import notifications from './en/notifications.json';
import messages from './en/messages.json';
import followUps from './en/follow-ups.json';
import waitlist from './en/waitlist.json';
import clinicalDocuments from './en/clinical-documents.json';
import verification from './en/verification.json';
import prescriptionRequests from './en/prescription-requests.json';
import onDemand from './en/on-demand.json';
import family from './en/family.json';
import type { Resources } from './en';

/** The English of the signed-in screens, loaded by the signed-in routes (the entry has the rest). */
export const enSignedIn = {
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
