import type { Locale } from '../constants.ts';
import { BOOKING_LINK_PATH } from '../contracts/auth.ts';
import { isInstant } from './instant.ts';

// "Book this time" on a public doctor page (issue #22) links to /book/<slug>?at=<instant>&lang=…
// The same path is what a registration carries through e-mail validation, so the mailed link can
// bring the patient back to her slot: it is an address we put into a mail, hence the strict shape
// (BOOKING_LINK_PATH, in the register contract) and a real instant — never an arbitrary path or
// URL (an open redirect in our own mail). ADR 0041.

/** A doctor's public address part, as the directory makes them ("georgi-dimitrov-2"). */
export const DOCTOR_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A booking link's parts. */
export type BookingLink = { slug: string; at: string; lang?: Locale };

/** `at` as the one canonical spelling (2026-12-01T08:30:00.000Z), or null when it is no instant. */
export function normalizeInstant(value: string): string | null {
  return isInstant(value) ? new Date(value).toISOString() : null;
}

/** /book/<slug>?at=<instant>[&lang=<locale>]: the booking link of one slot. */
export function bookingLinkPath({ slug, at, lang }: BookingLink): string {
  return `/book/${slug}?at=${at}${lang ? `&lang=${lang}` : ''}`;
}

/**
 * The parts of a booking link's path and query (`/book/<slug>?at=…[&lang=…]`, nothing else, in
 * that order; the register contract's BOOKING_LINK_PATH), or null: what a registration may carry
 * back through its validation mail.
 */
export function parseBookingLinkPath(path: string): BookingLink | null {
  const [, slug, at, lang] = BOOKING_LINK_PATH.exec(path) ?? [];
  if (!slug || !at || !isInstant(at)) return null;
  return lang ? { slug, at, lang: lang as Locale } : { slug, at };
}
