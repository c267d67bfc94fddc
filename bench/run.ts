// `npm run bench`: throughput and tail latency of the authentication routes, next to a Fastify
// hello world on the same machine. Starts everything itself on 127.0.0.1 and stops by itself.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { format, resolveConfig } from 'prettier';
import { startApp, type RunningApp } from '../e2e/support/start-app.ts';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_FILE = fileURLToPath(new URL('results/latest.json', import.meta.url));
const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP_S = 2;
// However things go wrong (a hung server, a stuck connection), the run ends by itself.
const WATCHDOG_MS = 5 * 60 * 1000;

type Scenario = {
  name: string;
  target: 'baseline' | 'app';
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

type Measurement = {
  name: string;
  request: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  ratioToBaseline: number;
};

const children: ChildProcess[] = [];
let app: RunningApp | undefined;

async function stopEverything(): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await app?.stop();
}

const watchdog = setTimeout(() => {
  console.error(`The benchmark did not finish within ${WATCHDOG_MS / 60_000} minutes; stopping.`);
  for (const child of children) child.kill('SIGKILL');
  void app?.stop().finally(() => process.exit(1));
}, WATCHDOG_MS);
watchdog.unref();

/** Forks the baseline server and resolves with its URL once it listens. */
function startBaseline(): Promise<string> {
  // fork() passes on our execArgv, which carries tsx's loader, so the child runs TypeScript too.
  const child = fork(fileURLToPath(new URL('baseline-server.ts', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url: string }) => resolve(message.url));
    child.once('exit', (code) => reject(new Error(`The baseline server exited (code ${code})`)));
  });
}

async function json(
  url: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    ...init,
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

function expectStatus(what: string, result: { status: number; body: unknown }, status: number) {
  if (result.status !== status) {
    throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.body)}`);
  }
}

type OutboxMessage = { to: string; links: string[] };

/** The validation link from the development outbox (no SMTP_URL, NODE_ENV not production). */
async function validationLink(baseUrl: string, email: string): Promise<URL> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { body } = await json(`${baseUrl}/dev/mail/messages.json`);
    const messages = (body as { data?: OutboxMessage[] } | undefined)?.data ?? [];
    for (const message of messages.filter((m) => m.to.toLowerCase().includes(email))) {
      const link = message.links.find((l) => new URL(l).pathname === '/validate-email');
      if (link) return new URL(link);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No validation mail to ${email} in ${baseUrl}/dev/mail/messages.json`);
}

/** Registers and validates the user the benchmark signs in as; returns an access token. */
async function prepareUser(baseUrl: string, email: string, password: string): Promise<string> {
  const registered = await json(`${baseUrl}/auth/register-minimal`, {
    method: 'POST',
    body: JSON.stringify({
      firstName: 'Bench',
      lastName: 'Mark',
      email,
      password,
      termsAccepted: true,
    }),
  });
  expectStatus('register-minimal', registered, 201);
  const token = (await validationLink(baseUrl, email)).searchParams.get('token') ?? '';
  const validated = await json(
    `${baseUrl}/auth/validate-email?token=${encodeURIComponent(token)}`,
    {
      method: 'POST',
    },
  );
  expectStatus('validate-email', validated, 200);
  const login = await json(`${baseUrl}/auth/login`, {
    method: 'POST',
    body: JSON.stringify({ email, password }),
  });
  expectStatus('login', login, 200);
  return (login.body as { data: { accessToken: string } }).data.accessToken;
}

async function measure(url: string, scenario: Scenario, seconds: number) {
  return autocannon({
    url: `${url}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 10,
  });
}

function table(rows: Measurement[]): string {
  const header = ['scenario', 'request', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'non-2xx'];
  const cells = rows.map((r) => [
    r.name,
    r.request,
    r.requestsPerSecond.toFixed(0),
    r.latencyP50Ms.toFixed(1),
    r.latencyP99Ms.toFixed(1),
    `${(r.ratioToBaseline * 100).toFixed(1)} %`,
    String(r.non2xx + r.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) =>
    values.map((v, i) => (i < 2 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

async function main(): Promise<number> {
  await buildIfStale({ root: ROOT, log: (m) => console.log(m) });

  console.log('Starting the baseline and the server…');
  const baselineUrl = await startBaseline();
  app = await startApp({
    env: {
      // The outbox viewer, from which the bench reads its validation link, exists outside production.
      NODE_ENV: 'test',
      // Per-request logging would measure the log pipe; warnings and errors still show.
      LOG_LEVEL: 'warn',
      // The limits exist to stop guessing; here one client signs in thousands of times on purpose.
      LOGIN_RATE_LIMIT_PER_IP: '100000000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '100000000',
    },
  });

  const email = `bench.${randomBytes(4).toString('hex')}@example.test`;
  const password = 'Bench-2026-Aa1!';
  const accessToken = await prepareUser(app.url, email, password);

  // The demo doctors are seeded outside production; the booking page asks for 60 days at once.
  const doctors = (await (await fetch(`${app.url}/api/doctors`)).json()) as {
    data: { _id: string }[];
  };
  const doctorId = doctors.data[0]?._id;
  if (!doctorId) throw new Error('The server has no doctors to ask availability for');
  const today = new Date().toISOString().slice(0, 10);
  const inSixtyDays = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);

  const scenarios: Scenario[] = [
    { name: 'baseline', target: 'baseline', method: 'GET', path: '/' },
    { name: 'health', target: 'app', method: 'GET', path: '/healthz' },
    {
      name: 'login',
      target: 'app',
      method: 'POST',
      path: '/auth/login',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    },
    {
      // A refresh cookie rotates on every call, so concurrent calls would invalidate each other;
      // a bearer access token is the status call's non-rotating alternative.
      name: 'status',
      target: 'app',
      method: 'GET',
      path: '/auth/status',
      headers: { authorization: `Bearer ${accessToken}` },
    },
    {
      // Spec §7: the booking page's 60-day window, computed from weekly hours across DST.
      name: 'availability',
      target: 'app',
      method: 'GET',
      path: `/api/availability?doctorId=${doctorId}&startDate=${today}&endDate=${inSixtyDays}`,
    },
  ];

  const rows: Measurement[] = [];
  for (const scenario of scenarios) {
    const url = scenario.target === 'baseline' ? baselineUrl : app.url;
    console.log(
      `${scenario.name}: ${scenario.method} ${scenario.path} (${WARMUP_S} s warm-up, ${DURATION_S} s)`,
    );
    await measure(url, scenario, WARMUP_S);
    const result = await measure(url, scenario, DURATION_S);
    const baseline = rows[0]?.requestsPerSecond ?? result.requests.average;
    rows.push({
      name: scenario.name,
      request: `${scenario.method} ${scenario.path}`,
      requestsPerSecond: result.requests.average,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      ratioToBaseline: result.requests.average / baseline,
    });
  }

  console.log(`\n${table(rows)}\n`);
  const report = {
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${availableParallelism()} × ${cpus()[0]?.model ?? 'unknown'}`,
    connections: CONNECTIONS,
    durationSeconds: DURATION_S,
    note: 'Load generator, baseline and server share this machine; compare ratios, not raw numbers.',
    scenarios: rows,
  };
  mkdirSync(fileURLToPath(new URL('results', import.meta.url)), { recursive: true });
  // Formatted as the repository's Prettier check expects, so a committed result passes it.
  const prettierOptions = (await resolveConfig(RESULTS_FILE)) ?? {};
  writeFileSync(
    RESULTS_FILE,
    await format(JSON.stringify(report), { ...prettierOptions, filepath: RESULTS_FILE }),
  );
  console.log(`Wrote ${RESULTS_FILE}`);

  const broken = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
  if (broken.length > 0) {
    console.error(
      `Some responses were not 2xx or failed (${broken.map((r) => r.name).join(', ')}); ` +
        'those figures measure errors, not the route.',
    );
    return 1;
  }
  return 0;
}

let exitCode = 1;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopEverything().finally(() => process.exit(130));
  });
}
try {
  exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  if (app)
    console.error(`Server output (last lines):\n${app.logs().split('\n').slice(-30).join('\n')}`);
} finally {
  await stopEverything();
}
process.exit(exitCode);
