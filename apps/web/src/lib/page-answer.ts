import { DEFAULT_LOCALE, PAGE_ANSWERS } from '@vizita/shared/constants';
import { storedLocale } from './stored-locale';

// The API answers the server writes into a page's HTML (ADR 0056): the page shows its data in its
// first paint instead of asking once the app has started, a round trip later on a phone.

type PagePath = keyof typeof PAGE_ANSWERS;

/** The data block the server wrote for `path`'s page, if it is in the language the app shows. */
function answerBlock(path: PagePath): HTMLScriptElement | null {
  const block = document.getElementById(PAGE_ANSWERS[path]);
  const locale = storedLocale() ?? DEFAULT_LOCALE;
  return block instanceof HTMLScriptElement && block.dataset.locale === locale ? block : null;
}

/** Whether this document carries `path`'s answer (its route then need not ask for it). */
export function hasPageAnswer(path: PagePath): boolean {
  return answerBlock(path) !== null;
}

/**
 * `path`'s answer as the server wrote it (unchecked JSON: parse it with its contract), taken once:
 * a later visit of the page in this document asks the API for a fresh one.
 */
export function takePageAnswer(path: PagePath): unknown {
  const block = answerBlock(path);
  if (!block) return undefined;
  block.remove();
  try {
    return JSON.parse(block.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}
