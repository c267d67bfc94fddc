import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { BellIcon, LogOutIcon, UserIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { useSignOut } from '../use-sign-out';

/** Spec §2: the notification badge always shows 0 and the button has no action yet. */
const UNREAD_NOTIFICATIONS = 0;

export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

const iconButton = cn(
  'relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  focusRing,
);

/**
 * The signed-in top bar (spec §2 Dashboard layout): logo, language, sign out — and for patients
 * the notification button and the profile link. The doctor area has no patient profile.
 */
export function TopBar({ patientLinks = false }: { patientLinks?: boolean }) {
  const { t } = useTranslation('navigation');
  const { signOut, signingOut } = useSignOut();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-1 px-3 sm:gap-2 sm:px-6">
        <Link to="/" aria-label={t('logoLabel')} className={cn('rounded-lg', focusRing)}>
          <Logo />
        </Link>
        <div className="ml-auto flex items-center gap-0.5 sm:gap-2">
          {patientLinks && (
            <button type="button" className={iconButton}>
              <BellIcon />
              {/* Named by its (hidden) text, not aria-label: the visible badge is then no
                  mismatch between what is seen and what is announced (WCAG 2.5.3). */}
              <span className="sr-only">
                {t('notifications', { unread: UNREAD_NOTIFICATIONS })}
              </span>
              <span
                aria-hidden="true"
                className="absolute top-1.5 right-1.5 flex min-w-4 items-center justify-center rounded-full bg-red-700 px-1 text-[10px] leading-4 font-bold text-white"
              >
                {UNREAD_NOTIFICATIONS}
              </span>
            </button>
          )}
          <LanguageMenu />
          {patientLinks && (
            <Link to="/dashboard/profile" aria-label={t('myProfile')} className={iconButton}>
              <UserIcon />
            </Link>
          )}
          <button
            type="button"
            onClick={signOut}
            disabled={signingOut}
            className={cn(
              'inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60 sm:px-3',
              focusRing,
            )}
          >
            <LogOutIcon />
            <span className="sr-only sm:not-sr-only">{t('signOut')}</span>
          </button>
        </div>
      </div>
    </header>
  );
}
