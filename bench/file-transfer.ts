// `npm run bench -w bench` (after the HTTP benchmark): a 10 MB file over a WebRTC data channel in
// real Chromium, through our file-transfer protocol and through a raw channel, in the same
// browser and the same run; prints both medians and their ratio (target: within 1.5×).
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchBrowser } from '../e2e/support/browser.ts';
import { serveTransferPage } from './transfer-page-server.ts';
import { median } from './stats.ts';

const RUNS = Number(process.env.BENCH_TRANSFER_RUNS ?? 7);
const TARGET_RATIO = 1.5;
const RESULTS_FILE = fileURLToPath(new URL('results/file-transfer.json', import.meta.url));

const server = await serveTransferPage();

const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => 'benchTransfer' in window);
  const run = (kind: 'raw' | 'protocol') =>
    page.evaluate(
      (k) =>
        (window as unknown as { benchTransfer: (k: string) => Promise<number> }).benchTransfer(k),
      kind,
    );

  // One warm-up each, then alternate which goes first, so that drift hits both sides alike.
  await run('raw');
  await run('protocol');
  const times = { raw: [] as number[], protocol: [] as number[] };
  for (let i = 0; i < RUNS; i++) {
    for (const kind of i % 2 === 0
      ? (['raw', 'protocol'] as const)
      : (['protocol', 'raw'] as const))
      times[kind].push(await run(kind));
  }
  const raw = median(times.raw);
  const ours = median(times.protocol);
  const mbps = (ms: number) => (10 / (ms / 1000)).toFixed(1);
  const ratio = ours / raw;
  console.table([
    { transfer: 'raw data channel (baseline)', 'median ms': raw.toFixed(0), 'MB/s': mbps(raw) },
    { transfer: 'file-transfer protocol', 'median ms': ours.toFixed(0), 'MB/s': mbps(ours) },
  ]);
  console.log(
    `10 MB over a data channel: protocol ${ours.toFixed(0)} ms vs raw ${raw.toFixed(0)} ms = ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×, ${RUNS} runs each, medians)`,
  );
  mkdirSync(fileURLToPath(new URL('results', import.meta.url)), { recursive: true });
  writeFileSync(
    RESULTS_FILE,
    `${JSON.stringify({ date: new Date().toISOString(), runs: RUNS, times, medianMs: { raw, protocol: ours }, ratio }, null, 2)}\n`,
  );
  if (ratio > TARGET_RATIO) process.exitCode = 1;
} finally {
  await browser.close();
  server.close();
}
