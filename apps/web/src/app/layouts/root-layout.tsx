import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration } from 'react-router';

export const MAIN_CONTENT_ID = 'main-content';

/** Every page: the skip link first in tab order, then the layout of the route. */
export function RootLayout() {
  const { t } = useTranslation();

  // Focus the main landmark without a hash in the URL (the router owns the URL).
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus();
    main.scrollIntoView();
  };

  return (
    <>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        onClick={skipToContent}
        className="sr-only z-50 rounded-lg bg-teal-800 px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-teal-400 focus:ring-offset-2"
      >
        {t('skipToContent')}
      </a>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
