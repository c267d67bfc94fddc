// `npm run bench:size -w bench`: how many bytes a first visit to `/` transfers — the HTML and the
// JavaScript and CSS the page needs before it works — without compression, with gzip and with
// brotli, from the built server (`npm run build` first). Checks on the way that every compressed
// answer says its encoding, varies on Accept-Encoding and decodes to the same bytes as the plain
// one. Prints a table and writes bench/results/transfer-size.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startApp, type RunningApp } from '../e2e/support/start-app.ts';

const RESULTS_FILE = fileURLToPath(new URL('results/transfer-size.json', import.meta.url));
const MANIFEST = fileURLToPath(new URL('../apps/web/dist/.vite/manifest.json', import.meta.url));
// What `/` fetches after the entry and before its first paint: the default language's texts
// (src/lib/i18n.ts; apps/web/scripts/check-budgets.mjs counts them too). The page itself is in
// the entry since ADR 0048.
const FIRST_PAINT_MODULES = ['src/locales/en-first-page.ts'];
const ENCODINGS = ['identity', 'gzip', 'br'] as const;
type Encoding = (typeof ENCODINGS)[number];
// A browser's Accept for a page; curl's `*/*` is served the same page (plugins/spa.ts).
const HTML_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const WATCHDOG_MS = 3 * 60 * 1000;

type Answer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

/** One GET as it crosses the wire: the body's bytes as sent, not decoded (fetch would decode). */
function rawGet(url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on('error', reject);
    });
    request.setTimeout(15_000, () => request.destroy(new Error(`GET ${url} timed out`)));
    request.on('error', reject);
  });
}

function decode(answer: Answer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  return answer.body;
}

/** The scripts and style sheets index.html names, in order. */
function assetsOfPage(html: string): string[] {
  const paths = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="(\/assets\/[^"]+)"/g)];
  return paths.map((m) => m[1]!);
}

/** What `/` fetches before its first paint, with the chunks and CSS it imports statically. */
function assetsOfFirstPaint(): string[] {
  type Chunk = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Record<string, Chunk>;
  const files = new Set<string>();
  const visit = (key: string) => {
    // index.html is the entry: already counted from the page itself.
    if (key === 'index.html') return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest; update FIRST_PAINT_MODULES`);
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) files.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of FIRST_PAINT_MODULES) visit(key);
  return [...files];
}

type Row = { path: string } & Record<Encoding, number>;

async function measure(app: RunningApp): Promise<Row[]> {
  const page = await rawGet(`${app.url}/`, { accept: HTML_ACCEPT });
  if (page.status !== 200) throw new Error(`GET / answered ${page.status}`);
  const paths = [
    '/',
    ...new Set([...assetsOfPage(page.body.toString('utf8')), ...assetsOfFirstPaint()]),
  ];
  const rows: Row[] = [];
  for (const path of paths) {
    const row = { path } as Row;
    let plain: Buffer | undefined;
    for (const encoding of ENCODINGS) {
      const answer = await rawGet(`${app.url}${path}`, {
        accept: path === '/' ? HTML_ACCEPT : '*/*',
        'accept-encoding': encoding,
      });
      if (answer.status !== 200)
        throw new Error(`GET ${path} (${encoding}) answered ${answer.status}`);
      const sent = String(answer.headers['content-encoding'] ?? 'identity');
      const decoded = decode(answer);
      plain ??= decoded;
      if (!decoded.equals(plain)) throw new Error(`${path} decodes differently with ${encoding}`);
      // A plain answer to a client that asked for compression is allowed (nothing to gain);
      // a compressed answer must vary on Accept-Encoding, or a cache hands it to anyone.
      if (sent !== 'identity') {
        if (sent !== encoding) throw new Error(`${path}: asked for ${encoding}, got ${sent}`);
        if (!/accept-encoding/i.test(String(answer.headers.vary)))
          throw new Error(`${path} is ${sent}-encoded without Vary: Accept-Encoding`);
      }
      row[encoding] = answer.body.length;
    }
    rows.push(row);
  }
  return rows;
}

function table(rows: Row[]): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const total = (e: Encoding) => rows.reduce((sum, r) => sum + r[e], 0);
  const header = ['file', 'none', 'gzip', 'brotli'];
  const cells = [
    ...rows.map((r) => [r.path, kb(r.identity), kb(r.gzip), kb(r.br)]),
    ['total', kb(total('identity')), kb(total('gzip')), kb(total('br'))],
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

async function main(): Promise<void> {
  console.log('Starting the built server…');
  const app = await startApp({ env: { LOG_LEVEL: 'warn' } });
  const watchdog = setTimeout(() => {
    console.error('The measurement did not finish in time; stopping.');
    void app.stop().finally(() => process.exit(1));
  }, WATCHDOG_MS);
  try {
    const rows = await measure(app);
    console.log(`\nWhat a first visit to / transfers (${rows.length} files):\n`);
    console.log(table(rows));
    const totals = Object.fromEntries(
      ENCODINGS.map((e) => [e, rows.reduce((sum, r) => sum + r[e], 0)]),
    );
    mkdirSync(fileURLToPath(new URL('results', import.meta.url)), { recursive: true });
    writeFileSync(
      RESULTS_FILE,
      `${JSON.stringify({ measuredAt: new Date().toISOString(), totals, files: rows }, null, 2)}\n`,
    );
    console.log(`\nWritten to ${RESULTS_FILE}`);
  } finally {
    clearTimeout(watchdog);
    await app.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
