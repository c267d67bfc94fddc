import { runInThisContext } from 'node:vm';
import { prerenderedDocument, type PrerenderedPage } from '../prerender/prerendered-page';

// For the tests of the prerendered pages: the build's file as a browser would build it.

/** index.html as the build writes it, in short: the entry, the stylesheet, an empty #root. */
const INDEX_HTML = [
  '<!doctype html><html lang="en"><head><title>Vizita</title>',
  '<script type="module" crossorigin src="/assets/index-1a2b.js"></script>',
  '<link rel="stylesheet" crossorigin href="/assets/index-3c4d.css"></head>',
  '<body><div id="root"></div></body></html>',
].join('');

/** The document of `page`, with its guard script run (it marks this test's own <html>, copied). */
export function loadPrerendered(page: PrerenderedPage): Document {
  const parsed = new DOMParser().parseFromString(
    prerenderedDocument(INDEX_HTML, page),
    'text/html',
  );
  runInThisContext(parsed.querySelector('head script:not([src])')?.textContent ?? '');
  for (const { name, value } of Array.from(document.documentElement.attributes))
    if (name.startsWith('data-prerender')) parsed.documentElement.setAttribute(name, value);
  return parsed;
}

/** Undoes what loading a page did to this test's own <html>. */
export function unloadPrerendered(): void {
  for (const { name } of Array.from(document.documentElement.attributes))
    if (name.startsWith('data-prerender')) document.documentElement.removeAttribute(name);
}
