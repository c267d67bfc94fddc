import { NavLink, Outlet } from 'react-router';
import { SiteFooter } from '../../components/site-footer';
import { cn } from '../../lib/cn';
import { MAIN_CONTENT_ID } from './root-layout';
import { focusRing, TopBar } from './top-bar';

export type Section = { to: string; label: string; end: boolean };

/** A staff area's shell (doctor console, clinic administration): top bar, sections, the page. */
export function SectionLayout({ label, sections }: { label: string; sections: Section[] }) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <TopBar />
      <nav aria-label={label} className="border-b border-slate-200 bg-white">
        <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-3 sm:px-6">
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  cn(
                    'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-medium whitespace-nowrap',
                    isActive
                      ? 'border-teal-700 text-teal-800'
                      : 'border-transparent text-slate-700 hover:text-slate-900',
                    focusRing,
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 md:py-8"
      >
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
