/** Interface languages (spec §1, §9). The first is the default and the fallback. */
export const LOCALES = ['en', 'bg', 'de'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** Whether a stored or sent value is one of our languages. */
export const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
/**
 * Each interface language named in itself, whatever the screen's language: a Bulgarian who lands
 * on the English page looks for "Български", not "Bulgarian" (issue #22). Shown with its `lang`
 * attribute, so a screen reader pronounces it in that language — in the app's menu, the PDF
 * language choice and the public doctor pages the server renders.
 */
export const LOCALE_ENDONYMS = {
  en: 'English',
  bg: 'Български',
  de: 'Deutsch',
} as const satisfies Record<Locale, string>;
/** localStorage key under which the web app keeps the chosen locale (spec §1). */
export const LOCALE_STORAGE_KEY = 'locale';

/**
 * The chosen language again, as a cookie: the server sends the prerendered pages in it
 * (prerenderedFileIn, ADR 0061) and writes the answers it puts into a page (PAGE_ANSWERS) in it.
 * Without it, the default language, as the app's own.
 */
export const LOCALE_COOKIE = 'vizita_locale';

/** Name minimum (spec §9); the maximum keeps names printable in mails and receipts. */
export const NAME_MIN = 2;
export const NAME_MAX = 100;

/** Registration password minimum (spec §9); one policy for every new password (ADR 0004). */
export const PASSWORD_MIN = 8;
/** argon2 hashes any length, so an upper bound stops a megabyte password from costing CPU. */
export const PASSWORD_MAX = 128;
/** The special characters the spec's registration rule names (spec §5). */
export const PASSWORD_SPECIALS = '@$!%*?&';

/** RFC 5321 caps a forward path at 256 octets, so 254 characters is the longest usable address. */
export const EMAIL_MAX = 254;

/** Device label sent at login (spec §7: "ip (a fixed label for a mobile app)"). */
export const LOGIN_DEVICE_LABEL = 'web-app';

/** UI delays in milliseconds (spec §9). */
export const DELAYS = {
  registrationRedirectMs: 2000,
  passwordChangeCloseMs: 2000,
  profileSaveRedirectMs: 2000,
  resetRedirectMs: 3000,
  emailValidationRedirectMs: 3000,
  protectedSpinnerMs: 100,
  dashboardFadeInMs: 300,
  toastMs: 4000,
  paymentSessionRetryMs: 2000,
  videoLoadRetryMs: 250,
} as const;

/** Lifetimes of one-time tokens: a validation link is good for a day, a reset link for an hour. */
export const EMAIL_VALIDATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Access tokens are short-lived; the refresh cookie carries the session for longer. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * A cookie that scripts may read, set and cleared with the refresh cookie (which they may not):
 * it says that this browser may have a session, nothing more. Without it the app knows at once
 * that nobody is signed in, and does not wait for GET /auth/status before the first page.
 */
export const SESSION_MARKER_COOKIE = 'vizita_session';

/**
 * The patient's pages the web build renders to HTML as a signed-in patient first sees them, by
 * path, with the build's file of each: the server sends that file to a browser with the session
 * marker that asks for the path, and the app takes the page over (ADR 0055).
 */
export const PRERENDERED_PATIENT_PAGES = {
  '/dashboard/appointments': 'my-appointments.html',
} as const;

/** `/` as a visitor without a session first sees it, rendered by the build (ADR 0050). */
export const PRERENDERED_WELCOME_PAGE = 'welcome.html';

/**
 * The build's file of a prerendered page in `locale` (ADR 0061): the default language's keeps the
 * page's name (`welcome.html`), each other's carries its code (`welcome.bg.html`). The server
 * sends the one of the language cookie's language.
 */
export function prerenderedFileIn(fileName: string, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? fileName : fileName.replace(/\.html$/, `.${locale}.html`);
}

/**
 * The API answers the server writes into a page's HTML for a browser with a session marker, by
 * path: the id of the `<script type="application/json">` that holds each. The page then shows its
 * data in its first paint instead of asking for it once the app runs (ADR 0056).
 */
export const PAGE_ANSWERS = {
  /** The booking page: GET /api/doctors, the doctors it lists first. */
  '/calendar': 'doctors-answer',
} as const;
