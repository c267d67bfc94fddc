// What the service worker does with a request, as a pure function so that its one promise —
// nothing about a person is ever kept in a cache — is tested without a browser (ADR 0046).

/**
 * First path segments that belong to the server: the API and the session (answers about a
 * person), receipts and the checkout (a person's money), health and metrics, the development
 * outbox, the documentation and the signalling socket. apps/api/src/plugins/spa.ts keeps the
 * page off the same segments. The worker leaves every request under them to the browser.
 */
export const SERVER_SEGMENTS: ReadonlySet<string> = new Set([
  'api',
  'auth',
  'receipts',
  'checkout',
  'healthz',
  'readyz',
  'metrics',
  'dev',
  'docs',
  'ws',
]);

/** The worker's caches are named for the build that filled them; nothing else is ours. */
const CACHE_PREFIX = 'vizita-shell-';

export const shellCacheName = (build: string): string => `${CACHE_PREFIX}${build}`;

export const isShellCache = (name: string): boolean => name.startsWith(CACHE_PREFIX);

/**
 * - `shell`: one of the build's own files listed at install — answered from the cache;
 * - `page`: a navigation to one of the app's pages — the network, or the offline page when
 *   there is none; the answer itself is never kept;
 * - `network`: anything else — the worker does not answer it at all (no respondWith), as if it
 *   were not there.
 */
export type RequestRoute = 'shell' | 'page' | 'network';

export type RequestFacts = { method: string; mode: string; url: string };

/** Whether the path is the server's own (see SERVER_SEGMENTS). */
export function isServerPath(pathname: string): boolean {
  return SERVER_SEGMENTS.has(pathname.split('/')[1] ?? '');
}

/** Decides what the worker does with a request of a page of `origin`. */
export function requestRoute(
  request: RequestFacts,
  origin: string,
  shell: ReadonlySet<string>,
): RequestRoute {
  // A write is never answered by anything but the server.
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || isServerPath(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  // The shell's files are requested without a query; anything with one is not the same file.
  if (url.search === '' && shell.has(url.pathname)) return 'shell';
  return 'network';
}
