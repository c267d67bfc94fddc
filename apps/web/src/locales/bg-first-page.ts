import auth from './bg/auth.json';
import common from './bg/common.json';
import language from './bg/language.json';
import medical from './bg/medical.json';
import navigation from './bg/navigation.json';
import validation from './bg/validation.json';
import type { Resources } from './en';

/** The Bulgarian that the first page needs: fetched before its first paint when chosen (150 KB budget). */
export const bgFirstPage = {
  common,
  navigation,
  auth,
  medical,
  language,
  validation,
} satisfies Partial<Resources>;
