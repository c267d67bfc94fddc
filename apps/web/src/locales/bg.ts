import appointments from './bg/appointments.json';
import auth from './bg/auth.json';
import billing from './bg/billing.json';
import common from './bg/common.json';
import dashboard from './bg/dashboard.json';
import language from './bg/language.json';
import medical from './bg/medical.json';
import navigation from './bg/navigation.json';
import profile from './bg/profile.json';
import validation from './bg/validation.json';
import type { Resources } from './en';

/** Bulgarian: its own chunk, loaded when chosen or stored. */
export const bg = {
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
