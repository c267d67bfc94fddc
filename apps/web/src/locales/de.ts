import appointments from './de/appointments.json';
import auth from './de/auth.json';
import billing from './de/billing.json';
import common from './de/common.json';
import dashboard from './de/dashboard.json';
import language from './de/language.json';
import medical from './de/medical.json';
import navigation from './de/navigation.json';
import profile from './de/profile.json';
import validation from './de/validation.json';
import type { Resources } from './en';

/** German: its own chunk, loaded when chosen or stored. */
export const de = {
  common,
  navigation,
  auth,
  appointments,
  profile,
  medical,
  language,
  validation,
  dashboard,
  billing,
} satisfies Resources;
