import appointments from './de/appointments.json';
import billing from './de/billing.json';
import dashboard from './de/dashboard.json';
import profile from './de/profile.json';
import type { Resources } from './en';

/** The German of the signed-in screens, loaded by the signed-in routes. */
export const deSignedIn = {
  appointments,
  profile,
  dashboard,
  billing,
} satisfies Partial<Resources>;
