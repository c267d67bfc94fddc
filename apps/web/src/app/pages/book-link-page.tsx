import { useTranslation } from 'react-i18next';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { Doctor } from '@vizita/shared/contracts/doctors';
import { DOCTOR_SLUG_PATTERN, normalizeInstant } from '@vizita/shared/domain/booking-link';
import { findDoctorBySlug } from '../../api/find-doctor-by-slug';
import { Alert } from '../../components/ui/alert';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { PageTitle } from '../../components/ui/page-title';
import {
  getSessionState,
  initializeSession,
  type SessionUser,
} from '../../features/auth/session-store';
import { bookingCalendarPath, saveBookingIntent } from '../../lib/booking-intent';
import { changeLocale, loadSignedInTranslations } from '../../lib/i18n';
import { isLocale } from '@vizita/shared/constants';

// /book/<slug>?at=<instant>&lang=<en|bg|de>: "Book this time" on a public doctor page (issue #22).
// The time is remembered in this browser (lib/booking-intent.ts) and the visitor goes where the
// booking can go on: to sign in or register, to complete the profile, or straight to the booking
// page, which opens the time's confirmation — or offers the nearest free times if it was taken.

/** Why a booking link leads nowhere. */
export type BookLinkProblem = 'invalidLink' | 'unknownDoctor' | 'staff';

const PROBLEM_KEYS = {
  invalidLink: 'bookingLink.invalidLink',
  unknownDoctor: 'bookingLink.unknownDoctor',
  staff: 'bookingLink.staff',
} as const satisfies Record<BookLinkProblem, string>;

const isStaff = (user: SessionUser | null) =>
  user !== null && (user.isAdmin || user.userType === 'doctor');

/**
 * Where a booking link takes its visitor. `doctor` is the link's doctor, null when no doctor has
 * the slug, undefined when that could not be asked (then the booking page tells).
 */
export function bookLinkOutcome({
  link,
  doctor,
  user,
}: {
  link: { slug: string; at: string } | null;
  doctor: Doctor | null | undefined;
  user: SessionUser | null;
}): { to: string } | { problem: BookLinkProblem } {
  // Doctors and admins have no patient profile to book with: said plainly, not redirected.
  if (isStaff(user)) return { problem: 'staff' };
  if (!link) return { problem: 'invalidLink' };
  if (doctor === null) return { problem: 'unknownDoctor' };
  // Signed out: the welcome page, whose notice names the doctor and the time.
  if (!user) return { to: '/' };
  if (!user.isProfileComplete) return { to: '/complete-profile' };
  return { to: bookingCalendarPath(link) ?? '/calendar' };
}

/** Reads the link, remembers its time, and redirects — or names the problem for the page. */
export async function bookLinkLoader({
  params,
  request,
}: LoaderFunctionArgs): Promise<Response | BookLinkProblem> {
  const query = new URL(request.url).searchParams;
  // The page's own texts are the signed-in screens' (they stay out of `/`'s budget).
  await Promise.all([initializeSession(), loadSignedInTranslations()]);
  // The language the public page was read in.
  const lang = query.get('lang');
  if (isLocale(lang)) await changeLocale(lang);

  const slug = params.slug ?? '';
  const at = normalizeInstant(query.get('at') ?? '');
  const link = DOCTOR_SLUG_PATTERN.test(slug) && at ? { slug, at } : null;
  const { user } = getSessionState();
  // A failed call is no verdict on the doctor: the booking page asks again.
  const doctor =
    link && !isStaff(user) ? await findDoctorBySlug(link.slug).catch(() => undefined) : undefined;
  const outcome = bookLinkOutcome({ link, doctor, user });
  if ('problem' in outcome) return outcome.problem;
  if (link) saveBookingIntent({ ...link, doctorName: doctor?.name });
  return redirect(outcome.to);
}

/** What a booking link that leads nowhere says, and where to go instead. */
export function BookLinkPage() {
  const { t } = useTranslation('appointments');
  const problem = useLoaderData<BookLinkProblem>();
  return (
    <div className="mx-auto w-full max-w-xl">
      <PageTitle title={t('bookingLink.title')} />
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold text-slate-900">{t('bookingLink.title')}</h1>
        <Alert tone="error">{t(PROBLEM_KEYS[problem])}</Alert>
        {problem === 'staff' ? (
          // The welcome page sends a signed-in doctor or admin on to their own area.
          <Link to="/" className={buttonClasses('primary')}>
            {t('bookingLink.toYourArea')}
          </Link>
        ) : (
          // The public directory is served by the server, not this app: a whole page load.
          <a href="/doctors" className={buttonClasses('primary')}>
            {t('bookingLink.toDoctors')}
          </a>
        )}
      </Card>
    </div>
  );
}
