import type { Doctor } from '@vizita/shared/contracts/doctors';
import { api } from '../lib/api-client';
import { startEarly, takeEarly } from '../lib/early-read';
import { hasPageAnswer } from '../lib/page-answer';

/**
 * GET /api/doctors (public) — the doctors a patient can book (spec §3 Doctor, §7). A plain call,
 * without TanStack Query: the booking's route starts it before its page has loaded, and the
 * public pages' booking link reads it signed out (ADR 0010, 0048). The entry carries this call,
 * not its schema: the doctors' contract is fetched beside the answer, so that every first page
 * does not build its zod schemas as the app starts (main-thread time on a phone, issue #23).
 */
export async function getDoctors(): Promise<Doctor[]> {
  const [body, { doctorListResponseSchema }] = await Promise.all([
    api.get('/api/doctors'),
    import('@vizita/shared/contracts/doctors'),
  ]);
  return doctorListResponseSchema.parse(body).data;
}

const EARLY_KEY = 'doctors';

/**
 * The booking route, as it matches: the list is asked for while the page's code loads — unless
 * the server wrote it into the page (ADR 0056).
 */
export function startReadingDoctors(): void {
  if (hasPageAnswer('/calendar')) return;
  startEarly(EARLY_KEY, getDoctors);
}

/** The booking page's query: the answer the route started, or a new read. */
export function takeDoctors(): Promise<Doctor[]> {
  return takeEarly(EARLY_KEY, getDoctors);
}
