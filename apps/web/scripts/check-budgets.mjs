#!/usr/bin/env node
// Bundle budgets of the web app (the issue: "the JavaScript loaded for `/` at most 150 KB gzip,
// each lazily loaded route at most 60 KB gzip"), read from the Vite manifest of the last build.
//
//   /        the entry chunk with everything it imports statically (transitively), plus the lazy
//            route module(s) that `/` renders with their static imports not already counted:
//            what a first visit to `/` downloads before the page works.     limit 150 KB gzip
//   lazy     each dynamically imported chunk (route modules, languages) with the chunks it imports
//            statically that the entry has not already loaded.              limit 60 KB gzip each
//
// Also printed, without a limit: the entry alone, `/` for a visitor whose stored language is
// not English (one language chunk more, fetched before the first paint), and the entry's CSS.
//
// Usage: npm run build -w apps/web && node apps/web/scripts/check-budgets.mjs
// Exits 1 when a budget is exceeded, the manifest is missing, or the route modules of `/` are
// not where this script expects them.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const ROOT_PAGE_LIMIT = 150 * KB;
const LAZY_LIMIT = 60 * KB;

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(appDir, 'dist');
const ROUTE_TABLE = 'src/app/routes.tsx';

// The lazy route modules that `/` renders (the guest branch's index route in the route table),
// as manifest keys: paths relative to the app. Checked below against the route table and the
// manifest, so a moved or renamed page fails this script instead of dropping out of the budget.
const ROOT_ROUTE_MODULES = ['src/features/auth/components/welcome-page.tsx'];

function fail(message) {
  console.error(message);
  process.exit(1);
}

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  fail(`No manifest at ${manifestPath}; run "npm run build -w apps/web" first.`);
}

/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** The modules the route table imports lazily, as manifest keys (relative to the app). */
function lazyImportsOfRouteTable() {
  const source = readFileSync(join(appDir, ROUTE_TABLE), 'utf8');
  const keys = new Set();
  for (const [, specifier] of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const base = resolve(appDir, dirname(ROUTE_TABLE), specifier);
    const file = ['', '.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find(existsSync);
    if (file) keys.add(relative(appDir, file).split('\\').join('/'));
  }
  return keys;
}

const routeTableImports = lazyImportsOfRouteTable();
for (const key of ROOT_ROUTE_MODULES) {
  const where = `Route module of "/" ${key} (ROOT_ROUTE_MODULES in scripts/check-budgets.mjs)`;
  if (!existsSync(join(appDir, key))) fail(`${where} does not exist. Did it move?`);
  if (!routeTableImports.has(key)) fail(`${where} is not imported lazily by ${ROUTE_TABLE}.`);
  if (!manifest[key]?.isDynamicEntry) fail(`${where} is not a lazily loaded chunk of the build.`);
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return gzipCache.get(file);
}

/** The chunk and its static imports, transitively, as manifest keys. */
function withStaticImports(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(imported, into);
  return into;
}

const jsSize = (keys) => [...keys].reduce((sum, key) => sum + gzipSize(manifest[key].file), 0);
const kb = (bytes) => `${(bytes / KB).toFixed(1)} KB`;

const entryKeys = new Set();
for (const [key, chunk] of Object.entries(manifest)) {
  if (chunk.isEntry) withStaticImports(key, entryKeys);
}
if (entryKeys.size === 0) fail('The manifest has no entry chunk.');

const rows = [];
let failed = false;
function budgetRow(chunk, keys, limit) {
  const size = jsSize(keys);
  const ok = limit === undefined || size <= limit;
  failed ||= !ok;
  rows.push({
    chunk,
    files: keys.size,
    gzip: kb(size),
    limit: limit === undefined ? '—' : kb(limit),
    status: limit === undefined ? 'info' : ok ? 'ok' : 'OVER',
  });
}

const rootPageKeys = new Set(entryKeys);
for (const key of ROOT_ROUTE_MODULES) withStaticImports(key, rootPageKeys);

const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => {
    const keys = new Set([...withStaticImports(key)].filter((k) => !entryKeys.has(k)));
    return { key, src: chunk.src ?? key, keys, size: jsSize(keys) };
  })
  .sort((a, b) => b.size - a.size);

budgetRow('/ (entry + its route modules)', rootPageKeys, ROOT_PAGE_LIMIT);
budgetRow('entry (+ static imports)', entryKeys);

// The first paint waits for a stored bg or de (src/lib/i18n.ts), so such a visitor loads more.
const languages = lazy.filter(({ src }) => src.startsWith('src/locales/'));
if (languages.length > 0) {
  const largest = languages[0];
  budgetRow(
    `/ in ${largest.src.replace(/^src\/locales\/|\.ts$/g, '')} (+ language chunk)`,
    new Set([...rootPageKeys, ...largest.keys]),
  );
}

for (const { src, keys } of lazy) {
  budgetRow(`lazy ${src.replace(/^src\//, '')}`, keys, LAZY_LIMIT);
}

const css = new Set([...entryKeys].flatMap((key) => manifest[key].css ?? []));
const cssSize = [...css].reduce((sum, file) => sum + gzipSize(file), 0);
rows.push({ chunk: 'entry CSS', files: css.size, gzip: kb(cssSize), limit: '—', status: 'info' });

console.log('Bundle budgets (gzip, from dist/.vite/manifest.json)');
console.table(rows);

if (failed) fail('A bundle budget is exceeded.');
console.log('All bundle budgets hold.');
