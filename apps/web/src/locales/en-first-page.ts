import { VALIDATION_MESSAGES_EN } from '@vizita/shared/messages/validation';
import auth from './en/auth.json';
import common from './en/common.json';
import language from './en/language.json';
import medical from './en/medical.json';
import navigation from './en/navigation.json';
import type { Resources } from './en';

/**
 * The English that any page may need at its first paint, bundled into the entry (English is the
 * default and the fallback, spec §1). The namespaces of the signed-in screens come with `./en`,
 * which the signed-in routes load (src/app/guards.tsx), so `/` does not carry them (150 KB budget).
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
