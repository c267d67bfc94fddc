import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_COOKIE,
  LOCALES,
  type Locale,
  PAGE_ANSWERS,
  PRERENDERED_PATIENT_PAGES,
  PRERENDERED_WELCOME_PAGE,
  prerenderedFileIn,
  SESSION_MARKER_COOKIE,
} from '@vizita/shared/constants';
import { html, jsonForScript } from '../lib/html.ts';
import { errorBody } from './error-handler.ts';

// First path segments that belong to the server (or to the build's files, /assets): a request
// under one of them that no route answered is a 404, never the page. Anything else is a
// client-side route.
const SERVER_SEGMENTS = new Set([
  'api',
  'auth',
  'dev',
  'ws',
  'assets',
  'docs',
  'healthz',
  'readyz',
  'metrics',
  'receipts',
  'checkout',
  // The public doctor pages (modules/public-pages): a deeper path there is no page of ours.
  'doctors',
]);

/**
 * Whether a client takes an HTML page: a browser names text/html; curl and many tools send
 * `*\/*` or no Accept at all, and should get the page too rather than a JSON 404.
 */
function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return /(^|,)\s*(text\/html|text\/\*|\*\/\*)\s*(;|,|$)/i.test(accept);
}

/**
 * The pages of the build: the app's shell; `/` prerendered for a visitor (ADR 0050); patient's
 * pages prerendered for a browser with a session (ADR 0055); each prerendered page once per
 * language (ADR 0061).
 */
const SHELL = 'index.html';
const PATIENT_PAGES: ReadonlyMap<string, string> = new Map(
  Object.entries(PRERENDERED_PATIENT_PAGES),
);
const PRERENDERED_FILES = [PRERENDERED_WELCOME_PAGE, ...PATIENT_PAGES.values()].flatMap((page) =>
  LOCALES.map((locale) => prerenderedFileIn(page, locale)),
);

/**
 * Reads, for each path of PAGE_ANSWERS, the API answer the server writes into that page, in the
 * language given (ADR 0056): the body the API's own route would answer.
 */
export type PageAnswerReaders = Record<
  keyof typeof PAGE_ANSWERS,
  (locale: Locale) => Promise<unknown>
>;

/** The language the app shows, as its cookie says (the app's default without one). */
function appLocale(request: FastifyRequest): Locale {
  const chosen = request.cookies?.[LOCALE_COOKIE];
  return isLocale(chosen) ? chosen : DEFAULT_LOCALE;
}

/**
 * The shell with `answer` in it, as the data block the app looks for under `id`: its language in
 * `data-locale` (the app takes it only in its own), the JSON escaped so that no value (a bio that
 * says "</script>") can end the block.
 */
function shellWithAnswer(shell: string, id: string, locale: Locale, answer: unknown): string {
  // One line: the JSON is the block's whole text, with no whitespace around it.
  const open = html`<script type="application/json" id="${id}" data-locale="${locale}">`;
  const block = `${open.value}${jsonForScript(answer).value}</script>`;
  // A function, not a string: `$&` or `$'` in a bio would be replacement patterns.
  return shell.replace('</body>', () => `${block}</body>`);
}

/**
 * The Content-Security-Policy sources of the build's inline scripts (the prerendered page's
 * guard): `'sha256-…'` of each, so that exactly these run and no other inline script would.
 */
export function inlineScriptSources(webRoot: string): string[] {
  const sources = new Set<string>();
  for (const page of [SHELL, ...PRERENDERED_FILES]) {
    const path = join(webRoot, page);
    if (!existsSync(path)) continue;
    for (const [, body] of readFileSync(path, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g))
      sources.add(`'sha256-${createHash('sha256').update(body!).digest('base64')}'`);
  }
  return [...sources];
}

/**
 * The page that answers a request for an app's path. The prerendered ones go where the app's
 * first screen is theirs (the bare address: a query string may change the screen): `/` to a
 * browser that holds no session (the marker cookie, ADR 0049) — with one the app goes on to the
 * dashboard; a patient's page to one that holds a session. Each in the language of the browser's
 * language cookie, which the app keeps equal to its own (ADR 0061). Anything else gets the shell.
 */
function pageFor(
  request: FastifyRequest,
  signedIn: boolean,
  available: ReadonlySet<string>,
): string {
  const prerendered = signedIn
    ? PATIENT_PAGES.get(request.url)
    : request.url === '/'
      ? PRERENDERED_WELCOME_PAGE
      : undefined;
  if (!prerendered) return SHELL;
  const file = prerenderedFileIn(prerendered, appLocale(request));
  return available.has(file) ? file : SHELL;
}

/**
 * Serves the built SPA: hashed assets cached for a year; everything else — index.html, the
 * service worker /sw.js, the manifest, the offline page — revalidated on every use, so that a
 * deployment reaches browsers at once (ADR 0046). The build
 * wrote a brotli and a gzip copy beside each compressible file (apps/web/scripts/precompress.mjs):
 * a client that accepts one gets it as it is, nothing is compressed per request — except a page
 * that carries an API answer (PAGE_ANSWERS, ADR 0056), written and compressed per request.
 */
export const spaPlugin = fp<{ webRoot: string; pageAnswers?: PageAnswerReaders }>(
  async (app: FastifyInstance, { webRoot, pageAnswers }) => {
    const hasBuild = existsSync(join(webRoot, SHELL));
    const shell = hasBuild ? readFileSync(join(webRoot, SHELL), 'utf8') : '';
    const answerPaths: ReadonlyMap<string, string> = new Map(Object.entries(PAGE_ANSWERS));
    // What the build holds of its prerendered pages (a build without them serves the shell).
    const prerendered = new Set(
      PRERENDERED_FILES.filter((page) => existsSync(join(webRoot, page))),
    );
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Ours alone: the plugin's own `max-age=0` would otherwise replace the headers below.
        cacheControl: false,
        setHeaders(res, path) {
          // The same URL answers brotli, gzip or plain bytes by Accept-Encoding: caches must
          // keep them apart (the plugin names the encoding but not the Vary).
          res.setHeader('vary', 'Accept-Encoding');
          res.setHeader(
            'cache-control',
            path.includes(`${join(webRoot, 'assets')}`)
              ? 'public, max-age=31536000, immutable'
              : 'no-cache',
          );
        },
      });
    }
    /** The app's page for a path of the app's (no route of the server's), else a 404. */
    async function pageOr404(request: FastifyRequest, reply: FastifyReply) {
      const path = request.url.split('?')[0] ?? '';
      const isPage =
        request.method === 'GET' &&
        !SERVER_SEGMENTS.has(path.split('/')[1] ?? '') &&
        // A missing file (/logo.png) stays a 404; a route (/dashboard/billing) has no extension.
        !/\.[a-z0-9]+$/i.test(path) &&
        acceptsHtml(request.headers.accept);
      if (hasBuild && isPage) {
        // The pages of `/` and of a prerendered patient's page depend on the session marker and
        // the language cookie: a cache must keep them apart (and the encodings, as setHeaders
        // below says for every file; this header replaces that one).
        if (path === '/' || PATIENT_PAGES.has(path) || answerPaths.has(path))
          reply.header('vary', 'Accept-Encoding, Cookie');
        reply.header('cache-control', 'no-cache');
        const signedIn = Boolean(request.cookies?.[SESSION_MARKER_COOKIE]);
        const page = pageFor(request, signedIn, prerendered);
        const id = answerPaths.get(path);
        const read = pageAnswers?.[path as keyof PageAnswerReaders];
        // A page's answer only for a browser that may hold a session: the pages that have one are
        // signed in, and a visitor is sent on to sign in before any would be shown.
        if (page === SHELL && id && read && signedIn) {
          const locale = appLocale(request);
          try {
            const body = shellWithAnswer(shell, id, locale, await read(locale));
            return reply.type('text/html; charset=utf-8').send(body);
          } catch (error) {
            // The page still works without it: the app asks the API, as it would anyway.
            request.log.warn({ err: error, path }, 'page answer not read; the plain shell sent');
          }
        }
        return reply.sendFile(page);
      }
      return reply.status(404).send(errorBody('notFound'));
    }
    app.setNotFoundHandler(pageOr404);
    // The pages written per request are routes of their own as well: the not-found handler is no
    // route, and only routes leave compressed (plugins/compression.ts, ADR 0029).
    for (const path of answerPaths.keys()) app.get(path, pageOr404);
  },
  { name: 'spa' },
);
