#!/usr/bin/env node
// Step two of `npm run build -w apps/web`, after `vite build`: writes a brotli (.br) and a gzip
// (.gz) copy beside every compressible file of dist/, at the highest levels — too slow per
// request, free once per build. The server sends the copy a client accepts as it is, with
// Content-Encoding and Vary (apps/api/src/plugins/spa.ts, @fastify/static's preCompressed).
// A copy that would not be smaller than its file is not written; the file then travels plain.
//
// Usage: node apps/web/scripts/precompress.mjs [dist directory]

import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));
// Text formats; images and fonts (PNG, WOFF2) are compressed already.
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest|map)$/;
// .vite/ holds the build's manifests for scripts/check-budgets.mjs, not files for browsers.
const SKIPPED_DIRS = new Set(['.vite']);

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* filesUnder(path);
    } else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

async function precompress(file) {
  const source = readFileSync(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return {
    plain: source.length,
    br: keepIfSmaller(`${file}.br`, br, source),
    gz: keepIfSmaller(`${file}.gz`, gz, source),
  };
}

/** Writes the copy when it saves bytes; answers the size that travels either way. */
function keepIfSmaller(path, copy, source) {
  if (copy.length >= source.length) return source.length;
  writeFileSync(path, copy);
  return copy.length;
}

if (!statSync(dist, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(`No build at ${dist}; run "vite build" first.`);
  process.exit(1);
}
const files = [...filesUnder(dist)];
const totals = { plain: 0, br: 0, gz: 0 };
// A few at a time: brotli at its highest level is CPU-bound, and the machine may be shared.
const PARALLEL = 4;
for (let i = 0; i < files.length; i += PARALLEL) {
  const results = await Promise.all(files.slice(i, i + PARALLEL).map(precompress));
  for (const r of results) {
    totals.plain += r.plain;
    totals.br += r.br;
    totals.gz += r.gz;
  }
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
console.log(
  `Precompressed ${files.length} files in ${relative(process.cwd(), dist) || '.'}: ` +
    `${kb(totals.plain)} → brotli ${kb(totals.br)}, gzip ${kb(totals.gz)}`,
);
