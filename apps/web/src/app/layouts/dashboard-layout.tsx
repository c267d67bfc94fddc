import { useId, useState, type ComponentType, type ReactNode, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { DELAYS } from '@vizita/shared/constants';
import {
  CalendarIcon,
  ChevronDownIcon,
  HomeIcon,
  MailIcon,
  UserIcon,
} from '../../components/ui/icons';
import { SiteFooter } from '../../components/site-footer';
import { cn } from '../../lib/cn';
import { enteredFromAnotherScreen } from '../first-screen';
import { MAIN_CONTENT_ID } from './root-layout';
import { focusRing, TopBar } from './top-bar';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

function SideLink({
  to,
  end,
  icon: IconComponent,
  children,
}: {
  to: string;
  end?: boolean;
  icon?: Icon;
  children: ReactNode;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(
          'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
          focusRing,
          isActive ? 'bg-teal-50 text-teal-900' : 'text-slate-700 hover:bg-slate-100',
        )
      }
    >
      {IconComponent && <IconComponent />}
      {children}
    </NavLink>
  );
}

function SideNavigation() {
  const { t } = useTranslation(['navigation', 'messages', 'waitlist', 'family']);
  const { pathname } = useLocation();
  const groupId = useId();
  const inAppointments =
    pathname.startsWith('/dashboard/appointments') ||
    pathname.startsWith('/dashboard/billing') ||
    pathname.startsWith('/dashboard/waitlist');
  const [appointmentsOpen, setAppointmentsOpen] = useState(inAppointments);
  // Arriving at one of the group's pages (from a card's link, say) opens the group, so the
  // current page is always visible in the navigation; leaving it keeps what the user chose.
  const [seenPath, setSeenPath] = useState(pathname);
  if (seenPath !== pathname) {
    setSeenPath(pathname);
    if (inAppointments) setAppointmentsOpen(true);
  }
  return (
    <nav aria-label={t('mainNavigation')} className="hidden w-60 shrink-0 md:block">
      <ul className="sticky top-20 space-y-1">
        <li>
          <SideLink to="/dashboard" end icon={HomeIcon}>
            {t('dashboard')}
          </SideLink>
        </li>
        <li>
          <SideLink to="/dashboard/profile" icon={UserIcon}>
            {t('profile')}
          </SideLink>
        </li>
        <li>
          <button
            type="button"
            aria-expanded={appointmentsOpen}
            aria-controls={groupId}
            onClick={() => setAppointmentsOpen((open) => !open)}
            className={cn(
              'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100',
              focusRing,
            )}
          >
            <CalendarIcon />
            <span className="flex-1">{t('appointments')}</span>
            <ChevronDownIcon
              width={16}
              height={16}
              className={cn('transition-transform', appointmentsOpen && 'rotate-180')}
            />
          </button>
          <ul id={groupId} hidden={!appointmentsOpen} className="mt-1 space-y-1 pl-8">
            <li>
              <SideLink to="/dashboard/appointments">{t('myAppointments')}</SideLink>
            </li>
            <li>
              <SideLink to="/calendar">{t('bookAppointment')}</SideLink>
            </li>
            <li>
              <SideLink to="/dashboard/billing">{t('billing')}</SideLink>
            </li>
            <li>
              <SideLink to="/dashboard/waitlist">{t('waitlist:list.nav')}</SideLink>
            </li>
          </ul>
        </li>
        <li>
          <SideLink to="/dashboard/people" icon={UserIcon}>
            {t('family:nav')}
          </SideLink>
        </li>
        <li>
          <SideLink to="/dashboard/messages" icon={MailIcon}>
            {t('messages:nav.messages')}
          </SideLink>
        </li>
      </ul>
    </nav>
  );
}

function BottomLink({
  to,
  end,
  icon: IconComponent,
  label,
}: {
  to: string;
  end?: boolean;
  icon: Icon;
  label: string;
}) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        cn(
          'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg text-xs font-medium',
          focusRing,
          isActive ? 'text-teal-800' : 'text-slate-600 hover:text-slate-900',
        )
      }
    >
      <IconComponent />
      {label}
    </NavLink>
  );
}

function BottomNavigation() {
  const { t } = useTranslation(['navigation', 'messages']);
  return (
    <nav
      aria-label={t('mobileNavigation')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
    >
      <div className="flex px-2">
        <BottomLink to="/dashboard" end icon={HomeIcon} label={t('home')} />
        <BottomLink to="/dashboard/appointments" icon={CalendarIcon} label={t('appointments')} />
        <BottomLink to="/dashboard/messages" icon={MailIcon} label={t('messages:nav.messages')} />
        <BottomLink to="/dashboard/profile" icon={UserIcon} label={t('profile')} />
      </div>
    </nav>
  );
}

/** The signed-in shell (spec §2 Dashboard layout). */
export function DashboardLayout() {
  // Decided as the layout mounts: moving between its pages keeps it, and its content, on screen.
  const [fadeIn] = useState(enteredFromAnotherScreen);
  return (
    // Room at the bottom on phones, where the bottom navigation covers the page's end.
    <div className="flex min-h-dvh flex-col bg-slate-50 pb-20 md:pb-0">
      <TopBar patientLinks />

      <div className="mx-auto flex w-full max-w-7xl flex-1 gap-8 px-4 py-6 sm:px-6 md:py-8">
        <SideNavigation />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          // Spec §2: the content fades in (about 300 ms) when the dashboard is entered from
          // another screen, not on the document's first paint (ADR 0053); never for reduced motion.
          style={fadeIn ? { animationDuration: `${DELAYS.dashboardFadeInMs}ms` } : undefined}
          className={cn(
            'min-w-0 flex-1 focus:outline-none',
            fadeIn && 'animate-fade-in motion-reduce:animate-none',
          )}
        >
          <Outlet />
        </main>
      </div>
      <SiteFooter />

      <BottomNavigation />
    </div>
  );
}
