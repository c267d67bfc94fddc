import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  DEFAULT_LOCALE,
  type Locale,
  LOCALE_STORAGE_KEY,
  LOCALES,
  prerenderedFileIn,
} from '@vizita/shared/constants';
import { App } from '../app/app';
import type { Router } from '../app/synced-router-provider';
import { I18N_OPTIONS, textsAtFirstRender } from '../lib/i18n';
import { PAINTS_BEFORE_APP_ATTRIBUTE, PRERENDERED_ATTRIBUTE, STALE_ATTRIBUTE } from './markers';

// A page of the app rendered to HTML when the app is built (ADR 0050, 0055): the phone paints it
// as soon as the document and its stylesheet arrive, instead of after the entry has downloaded
// and run; the app then hydrates it (app/mount-app.tsx, ADR 0051). Until then the page is a
// picture of the app: it takes no input that the app would not see. Each page is rendered in
// every language, and the server sends the one of the browser's language cookie (ADR 0061).

export type PrerenderedPage = {
  /** The path the page shows; the app hydrates it only where its router lands there too. */
  path: string;
  /** The language it is rendered in: its `<html lang>`, and the one its guard lets it show in. */
  locale: Locale;
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
function makeControlsInert(markup: string): string {
  return markup.replace(/<(form|button)(?=[\s>])/g, '<$1 inert=""');
}

/**
 * A prerendered page's guard: it marks <html> stale where the page is not what the app will show
 * — then the page stays hidden and the app paints as it would without it. Where the language the
 * app will start in (the one chosen in this browser, spec §1, localStorage; else English) is not
 * the page's: the cookie that picked the page can disagree with it (cleared storage, a choice
 * made before the cookie existed). Also where `alsoStaleIf`, a JavaScript condition over
 * localStorage (`s`), holds. Storage that cannot be read leaves the app in English: only a page
 * in another language is hidden then.
 */
export function guardOf(
  locale: Locale,
  alsoStaleIf?: string,
): Pick<PrerenderedPage, 'guardScript' | 'guardStyle'> {
  const markStale = `document.documentElement.setAttribute(${JSON.stringify(STALE_ATTRIBUTE)},"")`;
  const otherLanguage = `(l||${JSON.stringify(DEFAULT_LOCALE)})!==${JSON.stringify(locale)}`;
  const stale = alsoStaleIf ? `${otherLanguage}||${alsoStaleIf}` : otherLanguage;
  return {
    guardScript:
      `try{var s=localStorage,l=s.getItem(${JSON.stringify(LOCALE_STORAGE_KEY)});` +
      `if(${stale})${markStale}}catch(e){${locale === DEFAULT_LOCALE ? '' : markStale}}`,
    guardStyle: `html[${STALE_ATTRIBUTE}] [${PRERENDERED_ATTRIBUTE}]{display:none!important}`,
  };
}

/**
 * An i18next of its own in `locale`, holding what the app holds as the page first renders
 * (textsAtFirstRender), for one page's render.
 */
export async function pageI18n(locale: Locale, signedIn: boolean): Promise<I18n> {
  const i18n = i18next.createInstance();
  const resources = await textsAtFirstRender(locale, signedIn);
  await i18n.use(initReactI18next).init({ ...I18N_OPTIONS, lng: locale, resources });
  return i18n;
}

/**
 * The app's own tree (app/app.tsx) on `router`, whose first load has ended, in `i18n`'s language:
 * the same tree as the browser's, so that the app can hydrate this markup. Answers the page's
 * title and its markup, controls inert.
 */
export function renderApp(router: Router, i18n: I18n): Pick<PrerenderedPage, 'title' | 'markup'> {
  const html = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <App router={router} />
      </I18nextProvider>
    </StrictMode>,
  );
  // React 19 renders the page's <title> (components/ui/page-title.tsx) first; it goes to <head>.
  const title = /^<title>([^<]*)<\/title>/.exec(html);
  if (!title) throw new Error(`${router.state.location.pathname} rendered no <title> first`);
  return { title: title[1]!, markup: makeControlsInert(html.slice(title[0].length)) };
}

/**
 * index.html with the page in it: its title, its guard in <head>, its markup in #root, and <html>
 * in the page's language, marked as a document that paints before the app.
 */
export function prerenderedDocument(indexHtml: string, page: PrerenderedPage): string {
  const replaceOnce = (html: string, search: string, replacement: string) => {
    if (!html.includes(search)) throw new Error(`index.html has no ${search}`);
    return html.replace(search, () => replacement);
  };
  const marked = replaceOnce(
    indexHtml,
    `<html lang="${DEFAULT_LOCALE}">`,
    `<html ${PAINTS_BEFORE_APP_ATTRIBUTE} lang="${page.locale}">`,
  );
  // The guard before the stylesheet's link: a script after it would wait for the stylesheet.
  const html = replaceOnce(
    marked,
    '<title>Vizita</title>',
    `<title>${page.title}</title><style>${page.guardStyle}</style><script>${page.guardScript}</script>`,
  );
  // display: contents: the wrapper adds no box, so the page lays out as the app's will.
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root"><div ${PRERENDERED_ATTRIBUTE}="${page.path}" style="display:contents">${page.markup}</div></div>`,
  );
}

/**
 * A page in every language, each in `indexHtml`: the file's name for each (prerenderedFileIn of
 * the page's `fileName`) and its contents.
 */
export async function inEveryLanguage(
  indexHtml: string,
  fileName: string,
  render: (locale: Locale) => Promise<PrerenderedPage>,
): Promise<[string, string][]> {
  const files: [string, string][] = [];
  for (const locale of LOCALES)
    files.push([
      prerenderedFileIn(fileName, locale),
      prerenderedDocument(indexHtml, await render(locale)),
    ]);
  return files;
}
