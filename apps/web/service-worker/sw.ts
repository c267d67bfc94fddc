// The service worker (/sw.js, ADR 0046). It keeps one thing: the files of the build that it was
// built with (the shell: the entry's scripts and styles, the offline page and its script),
// listed at build time by build/pwa-plugin.ts. It answers those from its cache, sends the app's
// pages to the network with the offline page as the fallback, and does not answer anything else
// — no API answer, nothing about a person ever enters a cache (routing.ts decides).
import { isShellCache, requestRoute, shellCacheName } from './routing';

declare const self: ServiceWorkerGlobalScope;
// Defined by the build (build/pwa-plugin.ts): a hash of the whole build, so this file's bytes
// change with every deployment that changes anything — which is what makes browsers update it.
declare const __VIZITA_BUILD__: string;
declare const __VIZITA_SHELL__: string[];

const CACHE = shellCacheName(__VIZITA_BUILD__);
const SHELL: ReadonlySet<string> = new Set(__VIZITA_SHELL__);
const OFFLINE_PAGE = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // `no-cache`: the files the server has now, not an older copy the HTTP cache may hold. A
      // file that fails fails the install, and the worker before this one stays in charge.
      await cache.addAll([...SHELL].map((path) => new Request(path, { cache: 'no-cache' })));
      // A new deployment takes over at once instead of waiting for every tab to close: the page
      // decides when to reload into it (src/lib/service-worker.ts), never in the middle of a call.
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The previous builds' files: no page of this deployment asks for them any more.
      for (const name of await caches.keys())
        if (isShellCache(name) && name !== CACHE) await caches.delete(name);
      // Pages opened before this worker existed come under it too, so they get the offline page.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  switch (requestRoute(event.request, self.location.origin, SHELL)) {
    case 'shell':
      event.respondWith(fromShell(event.request));
      return;
    case 'page':
      event.respondWith(pageOrOffline(event.request));
      return;
    case 'network':
      // Not answered here: the browser fetches it as if there were no worker.
      return;
  }
});

// "Which build are you?" through a MessageChannel: how a page, or a person debugging one, tells
// the worker in charge from the one before it (they share the address /sw.js).
self.addEventListener('message', (event) => {
  if (event.data === 'build') event.ports[0]?.postMessage(__VIZITA_BUILD__);
});

async function fromShell(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: CACHE })) ?? fetch(request);
}

/**
 * The page from the network, never from a cache (an old index.html would name an old build's
 * files); only when there is no network at all, the offline page. A server's error page (a 502
 * during a deployment) is still the server's answer and is shown as it is.
 */
async function pageOrOffline(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const offline = await caches.match(OFFLINE_PAGE, { cacheName: CACHE });
    if (offline) return offline;
    throw error;
  }
}
