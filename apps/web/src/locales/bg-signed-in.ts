import appointments from './bg/appointments.json';
import billing from './bg/billing.json';
import dashboard from './bg/dashboard.json';
import profile from './bg/profile.json';
import type { Resources } from './en';

/** The Bulgarian of the signed-in screens, loaded by the signed-in routes. */
export const bgSignedIn = {
  appointments,
  profile,
  dashboard,
  billing,
} satisfies Partial<Resources>;
