#!/usr/bin/env node
// Bundle budgets of the web app (the issue: "the JavaScript loaded for `/` at most 150 KB gzip,
// each lazily loaded route at most 60 KB gzip"), read from the Vite manifest of the last build.
//
//   /        in each language: the entry chunk with everything it imports statically
//            (transitively), plus the lazy route module(s) that `/` renders, plus — for a
//            language other than the default, which the entry bundles — that language's
//            first-page chunk, which src/lib/i18n.ts fetches before the first paint; each with
//            its static imports: what a first visit to `/` downloads before the page works.
//                                                                           limit 150 KB gzip
//   lazy     each dynamically imported chunk (route modules, languages) with the chunks it imports
//            statically that the entry has not already loaded.              limit 60 KB gzip each
//
// Also checked: no chunk that `/` loads, in any language, holds a package of KEPT_OFF_ROOT (read
// from .vite/chunk-packages.json, which vite.config.ts writes beside the manifest).
// Also printed, without a limit: the entry alone and the entry's CSS.
//
// Usage: npm run build -w apps/web && node apps/web/scripts/check-budgets.mjs
// Exits 1 when a budget is exceeded, a kept-off package is on `/`, the manifest is missing, or
// the route modules or language chunks of `/` are not where this script expects them.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const ROOT_PAGE_LIMIT = 150 * KB;
const LAZY_LIMIT = 60 * KB;
// Vendor SDKs that are not a route: loaded only when a deployment chose that provider (Daily's
// call frame when VIDEO_PROVIDER=daily, ADR 0015). They are measured against their own limits —
// their size is the vendor's to decide, but it must not grow unnoticed.
const VENDOR_LIMITS = { '@daily-co/daily-js': 75 * KB };
const vendorOf = (src) =>
  Object.keys(VENDOR_LIMITS).find((name) => src.includes(`/node_modules/${name}/`));

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(appDir, 'dist');
const ROUTE_TABLE = 'src/app/routes.tsx';

// The lazy route modules that `/` renders (the guest branch's index route in the route table),
// as manifest keys: paths relative to the app. Checked below against the route table and the
// manifest, so a moved or renamed page fails this script instead of dropping out of the budget.
const ROOT_ROUTE_MODULES = ['src/features/auth/components/welcome-page.tsx'];

// The languages (LOCALES, DEFAULT_LOCALE) as the shared constants declare them, and the module
// that holds a language's first-page texts (src/lib/i18n.ts: bundled into the entry for the
// default language, a lazy chunk fetched before the first paint for the others).
const SHARED_CONSTANTS = '../../packages/shared/src/constants.ts';
const firstPageModule = (locale) => `src/locales/${locale}-first-page.ts`;

// Packages that only the signed-in screens may load (ADR 0010: TanStack Query).
const KEPT_OFF_ROOT = ['@tanstack/react-query', '@tanstack/query-core'];
// A package that `/` certainly holds: if the map does not show it there, the map is wrong.
const KNOWN_ON_ROOT = 'react-dom';

function fail(message) {
  console.error(message);
  process.exit(1);
}

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  fail(`No manifest at ${manifestPath}; run "npm run build -w apps/web" first.`);
}

/** @type {Record<string, { file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const chunkPackagesPath = join(dist, '.vite', 'chunk-packages.json');
if (!existsSync(chunkPackagesPath)) {
  fail(`No ${chunkPackagesPath}: vite.config.ts writes it at build time; build again.`);
}
/** @type {Record<string, string[]>} the npm packages whose code each chunk file holds */
const chunkPackages = JSON.parse(readFileSync(chunkPackagesPath, 'utf8'));

/** LOCALES and DEFAULT_LOCALE of the shared constants. */
function readLocales() {
  const path = join(appDir, SHARED_CONSTANTS);
  const source = existsSync(path) ? readFileSync(path, 'utf8') : '';
  const list = /export const LOCALES\b[^=]*=\s*\[([^\]]*)\]/.exec(source)?.[1];
  const fallback = /export const DEFAULT_LOCALE\b[^=]*=\s*'([^']+)'/.exec(source)?.[1];
  const locales = [...(list ?? '').matchAll(/'([^']+)'/g)].map(([, locale]) => locale);
  if (locales.length === 0 || !fallback || !locales.includes(fallback)) {
    fail(`Cannot read LOCALES and DEFAULT_LOCALE from ${SHARED_CONSTANTS} (relative to the app).`);
  }
  return { locales, fallback };
}

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

// What `/` loads in each language. The first-page chunk of a language must be one the entry
// imports dynamically (src/lib/i18n.ts is in the entry); only the default language may have none,
// being bundled into the entry. Anything else fails here rather than leave a language unmeasured.
const entryDynamicImports = new Set(
  [...entryKeys].flatMap((key) => manifest[key].dynamicImports ?? []),
);
const { locales, fallback } = readLocales();
const rootPageByLocale = locales.map((locale) => {
  const key = firstPageModule(locale);
  const chunk = manifest[key];
  if (!chunk) {
    if (locale === fallback) return { locale, keys: rootPageKeys, extra: 'its texts in the entry' };
    fail(
      `No chunk for the first page in "${locale}": expected ${key} as a lazy chunk of the build ` +
        '(src/lib/i18n.ts). Did the language move or get bundled differently?',
    );
  }
  if (!chunk.isDynamicEntry || !entryDynamicImports.has(key)) {
    fail(`${key} is in the build but not a chunk that the entry imports lazily (src/lib/i18n.ts).`);
  }
  const keys = withStaticImports(key, new Set(rootPageKeys));
  return { locale, keys, extra: `+ ${key.replace(/^src\/locales\//, '')}` };
});

const lazy = Object.entries(manifest)
  .filter(([, chunk]) => chunk.isDynamicEntry)
  .map(([key, chunk]) => {
    const keys = new Set([...withStaticImports(key)].filter((k) => !entryKeys.has(k)));
    return { key, src: chunk.src ?? key, keys, size: jsSize(keys) };
  })
  .sort((a, b) => b.size - a.size);

for (const { locale, keys, extra } of rootPageByLocale) {
  budgetRow(`/ in ${locale} (entry, route modules, ${extra})`, keys, ROOT_PAGE_LIMIT);
}
budgetRow('entry (+ static imports)', entryKeys);

for (const { src, keys } of lazy) {
  const vendor = vendorOf(src);
  if (vendor) budgetRow(`vendor ${vendor} (on demand)`, keys, VENDOR_LIMITS[vendor]);
  else budgetRow(`lazy ${src.replace(/^src\//, '')}`, keys, LAZY_LIMIT);
}

const css = new Set([...entryKeys].flatMap((key) => manifest[key].css ?? []));
const cssSize = [...css].reduce((sum, file) => sum + gzipSize(file), 0);
rows.push({ chunk: 'entry CSS', files: css.size, gzip: kb(cssSize), limit: '—', status: 'info' });

console.log('Bundle budgets (gzip, from dist/.vite/manifest.json)');
console.table(rows);

// The packages kept off `/`, judged by the build: the chunks each language's `/` loads.
const packagesOf = (key) => {
  const packages = chunkPackages[manifest[key].file];
  if (!packages) fail(`${manifest[key].file} is missing from ${chunkPackagesPath}; build again.`);
  return packages;
};
if (![...entryKeys].some((key) => packagesOf(key).includes(KNOWN_ON_ROOT))) {
  fail(`The entry holds no ${KNOWN_ON_ROOT} according to ${chunkPackagesPath}: the map is wrong.`);
}
const offenders = new Set();
for (const { locale, keys } of rootPageByLocale) {
  for (const key of keys) {
    for (const name of packagesOf(key).filter((p) => KEPT_OFF_ROOT.includes(p))) {
      offenders.add(`${name} in ${manifest[key].file} (loaded by / in ${locale})`);
    }
  }
}
if (offenders.size > 0) {
  console.error(`Packages kept off / (ADR 0010) are on it:\n  ${[...offenders].join('\n  ')}`);
  failed = true;
} else {
  console.log(`No chunk of / holds ${KEPT_OFF_ROOT.join(' or ')}, in any language.`);
}

if (failed) fail('A bundle budget is exceeded or a kept-off package is on /.');
console.log('All bundle budgets hold.');
