import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageMenu } from '../../components/language-menu';
import { LogOutIcon, UserIcon } from '../../components/ui/icons';
import { Logo } from '../../components/ui/logo';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { cn } from '../../lib/cn';
import { useSignOut } from '../use-sign-out';

export const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

const iconButton = cn(
  'relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  focusRing,
);

/**
 * The signed-in top bar (spec §2 Dashboard layout): logo, the notification bell (every role,
 * issue #20), language, sign out — and for patients the profile link. The doctor area has no
 * patient profile.
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
          <NotificationBell audience={patientLinks ? 'patient' : 'staff'} />
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
