import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { SiteFooter } from '../../components/site-footer';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { useSession } from '../../features/auth/hooks/use-session';
import { MAIN_CONTENT_ID } from './root-layout';

const focusRing =
  'rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

/**
 * The main area fills the screen below the header (h-16), so the footer starts below the fold.
 * For pages whose content arrives after the first paint (the booking page's doctors): otherwise
 * the footer shows at the bottom of the screen, then the list pushes it away — a layout shift
 * (Lighthouse measured 0.16 on the booking page on a phone, issue #23).
 */
export const RESERVED_MAIN_HEIGHT = 'min-h-[calc(100dvh-4rem)]';

/** The signed-in pages outside the dashboard (booking, profile, security): they load data. */
export function SignedInPagesLayout() {
  return <PublicLayout reserveScreen />;
}

/** Pages outside the dashboard: welcome and account screens, booking pages, about. */
export function PublicLayout({ reserveScreen = false }: { reserveScreen?: boolean }) {
  const { t, i18n } = useTranslation(['navigation', 'common']);
  const { isAuthenticated } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link to="/" aria-label={t('logoLabel')} className={focusRing}>
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-2">
            {/* The server renders the directory (issue #22): a whole page, in this language.
                For visitors: a signed-in patient books from the dashboard, and beside its link
                this one would not fit a 375 px header. */}
            {!isAuthenticated && (
              <a
                href={`/doctors?lang=${i18n.language}`}
                className={`${focusRing} px-3 py-2 text-sm font-semibold whitespace-nowrap text-teal-800 hover:bg-teal-50`}
              >
                {t('findDoctor')}
              </a>
            )}
            {isAuthenticated && (
              <Link
                to="/dashboard"
                className={`${focusRing} px-3 py-2 text-sm font-semibold text-teal-800 hover:bg-teal-50`}
              >
                {t('dashboard')}
              </Link>
            )}
            <LanguageMenu />
          </div>
        </div>
      </header>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className={cn(
          'mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-12',
          reserveScreen && RESERVED_MAIN_HEIGHT,
        )}
      >
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
