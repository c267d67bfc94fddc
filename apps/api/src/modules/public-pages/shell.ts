import { LOCALE_ENDONYMS, LOCALES, type Locale } from '@vizita/shared/constants';
import { LEGAL_PAGES } from '@vizita/shared/domain/legal';
import { html, type SafeHtml } from '../../lib/html.ts';
import { PUBLIC_COPY } from './copy.ts';
import type { SpaAssets } from './spa-assets.ts';

/** How the page's language was chosen: by its address (`?lang=`), or from Accept-Language. */
export type LanguageChoice = { locale: Locale; explicit: boolean };

export type PageHead = {
  title: string;
  description: string;
  /** The page's address without `lang`, relative to the site ("/doctors/georgi-dimitrov"). */
  path: string;
  /**
   * Query parameters the language links keep (the directory's filters); the canonical address and
   * the alternates name the page without them.
   */
  query?: URLSearchParams;
  /** Structured data for search engines (json-ld.ts). */
  jsonLd?: SafeHtml;
};

/** The address of a page in one language; `null`, the one whose language the browser chooses. */
export function pageUrl(
  base: string,
  path: string,
  locale: Locale | null,
  query?: URLSearchParams,
): string {
  const params = new URLSearchParams(query);
  params.delete('lang');
  if (locale) params.set('lang', locale);
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

/**
 * The frame of every public page (issue #22): its head for search engines (canonical address,
 * hreflang alternates in the three languages and the browser's choice as x-default), the app's
 * stylesheet, a header with the languages named in themselves, and the legal links. No script:
 * the page is whole without JavaScript.
 */
export function publicShell(
  { locale, explicit }: LanguageChoice,
  head: PageHead,
  assets: SpaAssets,
  appUrl: string,
  main: SafeHtml,
): string {
  const t = PUBLIC_COPY[locale];
  const alternates = LOCALES.map(
    (l) => html`<link rel="alternate" hreflang="${l}" href="${pageUrl(appUrl, head.path, l)}" />`,
  );
  const languageLinks = LOCALES.map((l) =>
    l === locale
      ? html`<li>
          <span
            lang="${l}"
            aria-current="true"
            class="rounded-md bg-teal-50 px-2 py-1 font-semibold text-teal-900"
            >${LOCALE_ENDONYMS[l]}</span
          >
        </li>`
      : html`<li>
          <a
            lang="${l}"
            hreflang="${l}"
            href="${pageUrl('', head.path, l, head.query)}"
            class="rounded-md px-2 py-1 text-teal-800 underline-offset-2 hover:underline focus-visible:outline-3 focus-visible:outline-blue-700"
            >${LOCALE_ENDONYMS[l]}</a
          >
        </li>`,
  );
  // Each address is its own canonical: the one without `lang` (x-default, the language the
  // browser chooses) too. Naming `?lang=en` there would point one hreflang alternate at another,
  // which search engines read as a conflict and Lighthouse fails (issue #23).
  const canonical = pageUrl(appUrl, head.path, explicit ? locale : null);
  const legal = {
    imprint: t.footerImprint,
    privacy: t.footerPrivacy,
    terms: t.footerTerms,
  } satisfies Record<(typeof LEGAL_PAGES)[number], string>;
  const page = html`<!doctype html>
    <html lang="${locale}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${head.title} · Vizita</title>
        <meta name="description" content="${head.description}" />
        <meta name="theme-color" content="#0f766e" />
        <link rel="canonical" href="${canonical}" />
        ${alternates}
        <link rel="alternate" hreflang="x-default" href="${pageUrl(appUrl, head.path, null)}" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        ${assets.stylesheets.map((href) => html`<link rel="stylesheet" href="${href}" />`)}
        ${
          head.jsonLd
            ? html`<script type="application/ld+json">
                ${head.jsonLd}
              </script>`
            : ''
        }
      </head>
      <body class="bg-slate-50 text-slate-900 antialiased">
        <a
          href="#main"
          class="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-teal-900"
          >${t.skip}</a
        >
        <header class="border-b border-slate-200 bg-white">
          <div
            class="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 px-4 py-3"
          >
            <a href="/" class="text-xl font-bold text-teal-800" aria-label="${t.home}">Vizita</a>
            <nav
              aria-label="${t.findDoctor}"
              class="flex flex-wrap items-center gap-4 text-sm font-medium"
            >
              <a
                href="${pageUrl('', '/doctors', explicit ? locale : null)}"
                class="text-slate-800 hover:text-teal-800"
                >${t.findDoctor}</a
              >
              <a href="/" class="rounded-lg bg-teal-700 px-3 py-2 text-white hover:bg-teal-800"
                >${t.signIn}</a
              >
            </nav>
            <nav aria-label="${t.languageMenu}">
              <ul class="flex gap-1 text-sm">
                ${languageLinks}
              </ul>
            </nav>
          </div>
        </header>
        ${explicit ? '' : html`<p role="status" class="mx-auto max-w-5xl px-4 pt-3 text-sm text-slate-600">${t.chosenFromBrowser}</p>`}
        <main id="main" class="mx-auto max-w-5xl px-4 py-6">${main}</main>
        <footer class="mx-auto max-w-5xl px-4 pb-8 text-sm text-slate-600">
          <ul class="flex flex-wrap gap-4">
            ${LEGAL_PAGES.map((p) => html`<li><a class="underline" href="/legal/${p}">${legal[p]}</a></li>`)}
          </ul>
        </footer>
      </body>
    </html>`;
  return page.value;
}
