import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@vizita/shared/constants';
import { PublicLayout } from '../app/layouts/public-layout';
import { RootLayout } from '../app/layouts/root-layout';
import { WelcomePage } from '../features/auth/components/welcome-page';
import { BOOKING_INTENT_KEY } from '../lib/booking-intent';
import { I18N_OPTIONS } from '../lib/i18n';
import { enFirstPage } from '../locales/en-first-page';

// `/` as a first-time visitor sees it, rendered to HTML when the app is built (build/
// prerender-plugin.ts, ADR 0050): the phone paints the page as soon as the document and its
// stylesheet arrive, instead of after the entry has downloaded and run. The app then renders
// over it as before (createRoot empties #root), with the same markup in the same place. Not
// hydrated: the page is a picture of the app until the app takes over, so it cannot take input
// that the app's first render would throw away.

/** Marks the prerendered markup in #root; hidden when this browser would see another page. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** Set on <html> by the guard script when the prerendered page is not what the app will show. */
const STALE_ATTRIBUTE = 'data-prerender-stale';

export type PrerenderedPage = {
  /** The page's <title> text. */
  title: string;
  /** What goes into #root. */
  markup: string;
  /** For <head>: hides the markup from a browser that the app would show something else. */
  guardScript: string;
  guardStyle: string;
};

/**
 * A form or a button does nothing until the app runs, and what is typed into a field would be
 * gone when the app replaces it: both are inert (neither focusable nor clickable) meanwhile.
 * Links stay links: they work without the app.
 */
export function makeControlsInert(markup: string): string {
  return markup.replace(/<(form|button)(?=[\s>])/g, '<$1 inert=""');
}

/**
 * The browser's own state that changes the welcome page: a language other than English chosen
 * here (spec §1, localStorage), or a time chosen on a public doctor page (its notice). Then the
 * prerendered page would show English, or lack the notice, for a moment: it stays hidden and the
 * app paints as it did before. Storage that cannot be read changes nothing, as in the app.
 */
function guardScript(): string {
  const locale = JSON.stringify(LOCALE_STORAGE_KEY);
  const intent = JSON.stringify(BOOKING_INTENT_KEY);
  const english = JSON.stringify(DEFAULT_LOCALE);
  return (
    `try{var s=localStorage,l=s.getItem(${locale});` +
    `if(l&&l!==${english}||s.getItem(${intent}))` +
    `document.documentElement.setAttribute(${JSON.stringify(STALE_ATTRIBUTE)},"")}catch(e){}`
  );
}

export async function renderWelcomePage(): Promise<PrerenderedPage> {
  const i18n = i18next.createInstance();
  await i18n
    .use(initReactI18next)
    .init({ ...I18N_OPTIONS, resources: { [DEFAULT_LOCALE]: enFirstPage } });
  // The part of the route table (app/routes.tsx) that `/` renders for a visitor, without the
  // guard's loader: the build has no session, and a visitor has none either.
  const router = createMemoryRouter([
    {
      path: '/',
      Component: RootLayout,
      children: [{ Component: PublicLayout, children: [{ index: true, Component: WelcomePage }] }],
    },
  ]);
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
  // React 19 renders the page's <title> (components/ui/page-title.tsx) first; it goes to <head>.
  const title = /^<title>([^<]*)<\/title>/.exec(html);
  if (!title) throw new Error('The welcome page rendered no <title> first');
  return {
    title: title[1]!,
    markup: makeControlsInert(html.slice(title[0].length)),
    guardScript: guardScript(),
    guardStyle: `html[${STALE_ATTRIBUTE}] [${PRERENDERED_ATTRIBUTE}]{display:none!important}`,
  };
}

/** index.html with the page in it: its title, its guard in <head>, its markup in #root. */
export function welcomeDocument(indexHtml: string, page: PrerenderedPage): string {
  const replaceOnce = (html: string, search: string, replacement: string) => {
    if (!html.includes(search)) throw new Error(`index.html has no ${search}`);
    return html.replace(search, () => replacement);
  };
  // The guard before the stylesheet's link: a script after it would wait for the stylesheet.
  const html = replaceOnce(
    indexHtml,
    '<title>Vizita</title>',
    `<title>${page.title}</title><style>${page.guardStyle}</style><script>${page.guardScript}</script>`,
  );
  // display: contents: the wrapper adds no box, so the page lays out as the app's will.
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root"><div ${PRERENDERED_ATTRIBUTE} style="display:contents">${page.markup}</div></div>`,
  );
}
