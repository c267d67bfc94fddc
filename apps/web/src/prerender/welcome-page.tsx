import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter } from 'react-router';
import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY } from '@vizita/shared/constants';
import { App } from '../app/app';
import { GUEST_ROUTE_ID, routes } from '../app/routes';
import { BOOKING_INTENT_KEY } from '../lib/booking-intent';
import { I18N_OPTIONS } from '../lib/i18n';
import { enFirstPage } from '../locales/en-first-page';
import { PRERENDERED_ATTRIBUTE, STALE_ATTRIBUTE } from './markers';

// `/` as a first-time visitor sees it, rendered to HTML when the app is built (build/
// prerender-plugin.ts, ADR 0050): the phone paints the page as soon as the document and its
// stylesheet arrive, instead of after the entry has downloaded and run. The app then hydrates it
// (ADR 0051). Until then the page is a picture of the app: it takes no input that the app would
// not see.

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
 * A form or a button does nothing until the app runs, and what is typed into a field before the
 * app has hydrated it would not be in the app's state (or, where the app renders the page anew,
 * gone): both are inert (neither focusable nor clickable) meanwhile; the app lifts that
 * (app/mount-app.tsx). Links stay links: they work without the app.
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
  // The app's own route table and tree (app/app.tsx), on the page the app's first render shows a
  // visitor, so that the app can hydrate this markup (app/mount-app.tsx, ADR 0051). The guard's
  // loader counts as run: the build has no session, and a visitor has none either.
  const router = createMemoryRouter(routes, {
    hydrationData: { loaderData: { [GUEST_ROUTE_ID]: null } },
  });
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App router={router} />
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
