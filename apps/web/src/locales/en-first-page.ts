import { VALIDATION_MESSAGES_EN } from '@vizita/shared/messages/validation';
import auth from './en/auth.json';
import common from './en/common.json';
import language from './en/language.json';
import medical from './en/medical.json';
import navigation from './en/navigation.json';
import type { Resources } from './en';

/**
 * The English that any page may need at its first paint, fetched before it like the other
 * languages' (src/lib/i18n.ts), so that a Bulgarian or German visitor's entry carries none of it.
 * The signed-in screens' namespaces come with `./en-signed-in` (150 KB budget, ADR 0010).
 */
export const enFirstPage = {
  common,
  navigation,
  auth,
  medical,
  language,
  // One source for the English texts: the API answers with the same ones.
  validation: VALIDATION_MESSAGES_EN,
} satisfies Partial<Resources>;
