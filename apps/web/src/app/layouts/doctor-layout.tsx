import { Outlet } from 'react-router';
import { MAIN_CONTENT_ID } from './root-layout';
import { TopBar } from './top-bar';

/** The doctor area's shell: the top bar and the page, without the patient's navigation. */
export function DoctorLayout() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <TopBar />
      <main
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl px-4 py-6 focus:outline-none sm:px-6 md:py-8"
      >
        <Outlet />
      </main>
    </div>
  );
}
