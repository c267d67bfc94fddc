import { VALIDATION_MESSAGES_EN } from '@vizita/shared/messages/validation';
import admin from './en/admin.json';
import appointments from './en/appointments.json';
import auth from './en/auth.json';
import billing from './en/billing.json';
import common from './en/common.json';
import dashboard from './en/dashboard.json';
import doctor from './en/doctor.json';
import language from './en/language.json';
import medical from './en/medical.json';
import navigation from './en/navigation.json';
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

/** The shape every language must have: the English keys, any string values. */
type Translation<T> = { [K in keyof T]: T[K] extends string ? string : Translation<T[K]> };

/**
 * English, every namespace: the default and fallback language (spec §1). The entry carries only
 * the part the first page needs (`./en-first-page`); this whole bundle is loaded like bg and de.
 */
export const en = {
  common,
  navigation,
  auth,
  appointments,
  profile,
  medical,
  language,
  // One source for the English texts: the API answers with the same ones.
  validation: VALIDATION_MESSAGES_EN,
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
};

export type Resources = Translation<typeof en>;
