#!/usr/bin/env node
// Bundle budgets of the web app (the issue: "the JavaScript loaded for `/` at most 150 KB gzip,
// each lazily loaded route at most 60 KB gzip"), read from the Vite manifest of the last build.
//
//   /        in each language: the entry chunk with everything it imports statically
//            (transitively), which holds the route module that `/` renders, plus — for a
//            language other than the default, which the entry bundles — that language's
//            first-page chunk, which src/lib/i18n.ts fetches before the first paint; each with
//            its static imports: what a first visit to `/` downloads before the page works.
//                                                                           limit 150 KB gzip
//   lazy     each dynamically imported chunk (route modules, languages) with the chunks it imports
//            statically that the entry has not already loaded.              limit 60 KB gzip each,
//                                                                           in at most 8 files
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
// And in at most this many files: each is a request, and a phone on HTTP/1.1 makes six at a time,
// a round trip each. Rollup's own splitting gave a signed-in page some forty (ADR 0048).
const LAZY_FILE_LIMIT = 8;
// Vendor SDKs that are not a route: loaded only when a deployment chose that provider (Daily's
// call frame when VIDEO_PROVIDER=daily, ADR 0015). They are measured against their own limits —
// their size is the vendor's to decide, but it must not grow unnoticed.
const VENDOR_LIMITS = { '@daily-co/daily-js': 75 * KB };
const vendorOf = (src) =>
  Object.keys(VENDOR_LIMITS).find((name) => src.includes(`/node_modules/${name}/`));

const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(appDir, 'dist');
const ROUTE_TABLE = 'src/app/routes.tsx';

// The route module that `/` renders (the guest branch's index route in the route table), as a
// manifest key: a path relative to the app. The route table imports it statically, so it is in
// the entry and counted there (it is the first page; a lazy chunk would cost a round trip before
// the first paint). Checked below against the route table, so a page made lazy again, moved or
// renamed fails this script instead of dropping out of the budget.
const ROOT_ROUTE_MODULE = 'src/features/auth/components/welcome-page.tsx';

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

/** The modules the route table imports, statically and lazily, as manifest-style keys. */
function importsOfRouteTable() {
  const source = readFileSync(join(appDir, ROUTE_TABLE), 'utf8');
  const keyOf = (specifier) => {
    const base = resolve(appDir, dirname(ROUTE_TABLE), specifier);
    const file = ['', '.tsx', '.ts', '.jsx', '.js'].map((ext) => base + ext).find(existsSync);
    return file ? relative(appDir, file).split('\\').join('/') : undefined;
  };
  const keys = (pattern) =>
    new Set([...source.matchAll(pattern)].map(([, specifier]) => keyOf(specifier)));
  return {
    lazy: keys(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
    static: keys(/^import\s[^;]*?\sfrom\s+['"]([^'"]+)['"];/gm),
  };
}

const routeTableImports = importsOfRouteTable();
{
  const where = `Route module of "/" ${ROOT_ROUTE_MODULE} (ROOT_ROUTE_MODULE in scripts/check-budgets.mjs)`;
  if (!existsSync(join(appDir, ROOT_ROUTE_MODULE))) fail(`${where} does not exist. Did it move?`);
  if (routeTableImports.lazy.has(ROOT_ROUTE_MODULE))
    fail(`${where} is imported lazily by ${ROUTE_TABLE}: the first page belongs in the entry.`);
  if (!routeTableImports.static.has(ROOT_ROUTE_MODULE))
    fail(`${where} is not imported by ${ROUTE_TABLE}.`);
  if (manifest[ROOT_ROUTE_MODULE]) fail(`${where} is a chunk of its own, not part of the entry.`);
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
function budgetRow(chunk, keys, limit, fileLimit) {
  const size = jsSize(keys);
  const ok = (limit === undefined || size <= limit) && (!fileLimit || keys.size <= fileLimit);
  failed ||= !ok;
  rows.push({
    chunk,
    files: fileLimit ? `${keys.size}/${fileLimit}` : keys.size,
    gzip: kb(size),
    limit: limit === undefined ? '—' : kb(limit),
    status: limit === undefined ? 'info' : ok ? 'ok' : 'OVER',
  });
}

// The route module of `/` is in the entry (checked above).
const rootPageKeys = entryKeys;

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
  else budgetRow(`lazy ${src.replace(/^src\//, '')}`, keys, LAZY_LIMIT, LAZY_FILE_LIMIT);
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
