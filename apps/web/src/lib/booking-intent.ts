// A time chosen with "Book this time" on a public doctor page before signing in (issue #22): kept
// in this browser through registration, sign-in and the profile the booking needs, then taken to
// the booking page. The route guards read it, so this module is on the first page: keep it small.
// The /book route, which checks the link, is the only writer (app/pages/book-link-page.tsx).

/** Its key in localStorage; the prerendered welcome page looks for it too (src/prerender). */
export const BOOKING_INTENT_KEY = 'bookingIntent';

/** How long a chosen time is remembered: a day, enough for validating an e-mail address. */
export const BOOKING_INTENT_TTL_MS = 24 * 60 * 60 * 1000;

/** The doctor (by the public page's slug) and the slot's UTC instant; the name for the notice. */
export interface BookingIntent {
  slug: string;
  at: string;
  /** When it was chosen (epoch milliseconds). */
  savedAt: number;
  doctorName?: string | undefined;
}

/** The remembered time, unless it is a day old (then it counts no more) or unreadable. */
export function readBookingIntent(): BookingIntent | null {
  try {
    const intent = JSON.parse(localStorage.getItem(BOOKING_INTENT_KEY) ?? '0') as BookingIntent;
    // A missing or foreign value has no `savedAt`: NaN is never below the limit.
    if (Date.now() - intent.savedAt < BOOKING_INTENT_TTL_MS) return intent;
  } catch {
    // Storage unavailable (privacy modes) or unreadable: there is no remembered time.
  }
  return null;
}

/** Remembers a booking link's time (checked by the /book route) from now on. */
export function saveBookingIntent(intent: Omit<BookingIntent, 'savedAt'>): void {
  try {
    localStorage.setItem(BOOKING_INTENT_KEY, JSON.stringify({ ...intent, savedAt: Date.now() }));
  } catch {
    // Not remembered (storage unavailable): after signing in she chooses the time again.
  }
}

/** Forgets it: the patient reached the time's confirmation, or chose not to book it. */
export function clearBookingIntent(): void {
  try {
    localStorage.removeItem(BOOKING_INTENT_KEY);
  } catch {
    // Nothing stored, then.
  }
}

/**
 * The booking page for the remembered time, `/calendar?doctor=<slug>&at=<instant>`, or null. Both
 * were checked when stored (a slug is [a-z0-9-], an instant needs no escaping in a query).
 */
export function bookingCalendarPath(
  intent: Pick<BookingIntent, 'slug' | 'at'> | null = readBookingIntent(),
): string | null {
  return intent && `/calendar?doctor=${intent.slug}&at=${intent.at}`;
}
