import auth from './de/auth.json';
import common from './de/common.json';
import language from './de/language.json';
import medical from './de/medical.json';
import navigation from './de/navigation.json';
import validation from './de/validation.json';
import type { Resources } from './en';

/** The German that the first page needs: fetched before its first paint when chosen (150 KB budget). */
export const deFirstPage = {
  common,
  navigation,
  auth,
  medical,
  language,
  validation,
} satisfies Partial<Resources>;
