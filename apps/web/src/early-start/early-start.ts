import { DEFAULT_LOCALE, isLocale, type Locale } from '@vizita/shared/constants';
import { afterFirstPaint } from '../lib/after-first-paint';
import { mayHaveSession } from '../lib/session-marker';
import { storedLocale } from '../lib/stored-locale';
import { PAINTS_BEFORE_APP_ATTRIBUTE } from '../prerender/markers';
import { EARLY_SESSION_ANSWER, REFRESH_PATH } from './early-session';

// The document's head starts what a signed-in page waits for, before the app's entry has arrived
// (ADR 0052). A phone on a slow network otherwise learns of each need only once the entry has
// downloaded and run: then asks for the session, then for the page's code, a round trip each.
// Bundled into an inline classic script of index.html (build/early-start-plugin.ts): it runs
// while the document is parsed, so it may use nothing the entry defines.

/** The files of one build that a signed-in patient's page needs, by what needs them. */
export type EarlyStartFiles = {
  /** The patient area's layouts and the chunk groups its pages import: every such page. */
  patientArea: string[];
  /** A page's own chunk, for the pages opened directly (a bookmark, a mail's link, the start). */
  pages: Record<string, string>;
  /** Each language's texts: the first page's part and the signed-in part (lib/i18n.ts). */
  languages: Record<Locale, string[]>;
};

/**
 * The patient's area: the dashboard and the signed-in pages of a patient (app/routes.tsx). Not a
 * doctor's or an admin's, whose code differs, nor the pages every role or a visitor opens.
 */
export const PATIENT_AREA = /^\/(dashboard|calendar|booking|complete-profile|handover)(\/|$)/;

type Page = {
  document: Pick<Document, 'cookie' | 'createElement' | 'head'>;
  location: Pick<Location, 'pathname'>;
  fetch: typeof fetch;
  target: Record<string, unknown>;
  /** Runs `task` in a task of its own once the page has painted (lib/after-first-paint.ts). */
  afterPaint: (task: () => void) => void;
};

/**
 * Has the browser load its locale data (ICU) now, while the page waits for the app's code. The
 * first `Intl` formatter a page makes, of whatever kind, costs 20–74 ms in Chromium on the
 * project's two-core machine (80–300 ms on a phone's 4× slower CPU); those after it, 0.2–13 ms
 * (ADR 0058). Every signed-in page makes one as it starts (the API client's time zone, an amount, a
 * date): without this, that cost fell in the task that ran the page's code, right after it
 * arrived (issue #23).
 */
export function warmUpIntl(): void {
  Intl.DateTimeFormat().resolvedOptions();
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2 }).format(0);
}

/**
 * In a task of its own once the browser has painted what this document shows without the app:
 * a prerendered page (ADR 0055) first paints only the page's background while its body is still
 * parsed, and work queued then would hold back the paint of its content; the shell paints nothing
 * more until the app has run.
 */
function afterPagePaint(task: () => void): void {
  const paints = document.documentElement.hasAttribute(PAINTS_BEFORE_APP_ATTRIBUTE);
  void afterFirstPaint(paints ? 'first-contentful-paint' : 'first-paint').then(() =>
    setTimeout(task, 0),
  );
}

/**
 * With a session to restore (its marker cookie, ADR 0049): asks for it at once, through the same
 * GET /auth/status the app would send (api-client.ts takes this answer instead of asking again,
 * so the refresh cookie is rotated once), and has the browser load its locale data once the page
 * has painted. In the patient's area it also has the browser fetch the page's code and the
 * signed-in texts of the stored language, which the app then finds loaded.
 */
export function startEarly(
  files: EarlyStartFiles,
  { document, location, fetch, target, afterPaint }: Page = {
    document: window.document,
    location: window.location,
    fetch: window.fetch.bind(window),
    target: window as unknown as Record<string, unknown>,
    afterPaint: afterPagePaint,
  },
): void {
  if (!mayHaveSession(document.cookie)) return;
  const locale = storedLocale() ?? DEFAULT_LOCALE;
  target[EARLY_SESSION_ANSWER] = fetch(REFRESH_PATH, {
    credentials: 'include',
    headers: { Accept: 'application/json', 'Accept-Language': locale },
  });
  // Not before the paint, which it would hold back.
  afterPaint(warmUpIntl);
  const path = location.pathname.replace(/(.)\/$/, '$1');
  if (!PATIENT_AREA.test(path)) return;
  const page = files.pages[path];
  const language = files.languages[isLocale(locale) ? locale : DEFAULT_LOCALE];
  for (const href of [...files.patientArea, ...(page ? [page] : []), ...language]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
}
