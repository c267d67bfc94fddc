import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Pg from 'pg';
import { startEmbeddedPostgres } from '../../apps/api/src/db/embedded-postgres.ts';
import { freePort } from './free-port.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built server, as `npm start` runs it. */
export const SERVER_ENTRY = join(ROOT, 'apps/api/dist/main.js');
const ADMIN_ENTRY = join(ROOT, 'apps/api/dist/admin.js');
const READY_TIMEOUT_MS = 120_000; // a first start runs initdb, slow on a busy machine
const STOP_TIMEOUT_MS = 30_000;
const LOG_LINES_KEPT = 2000;

export type RunningApp = {
  /** http://127.0.0.1:<port>, also the server's APP_URL, so mailed links point here. */
  url: string;
  /** The server's recent output, for failure messages. */
  logs(): string;
  /**
   * Runs the clinic operator's command line against this server's database, with `input` on its
   * standard input (the password it asks for); answers stdout.
   */
  admin(args: string[], input?: string): Promise<string>;
  /**
   * Runs one statement on this server's database and answers its rows. Only for what a journey
   * cannot wait for in real time — a consultation that "took place" twenty minutes ago — or must
   * see where no page looks (nothing of an erased patient left), never to read what a page shows.
   */
  sql<Row = Record<string, unknown>>(text: string, values?: unknown[]): Promise<Row[]>;
  /** What another instance of the same deployment needs (DATA_DIR, DATABASE_URL, JWT_SECRET). */
  deployment: Record<string, string>;
  stop(): Promise<void>;
  /** Ends the process at once with SIGKILL, as a crash does: no graceful shutdown. */
  kill(): Promise<void>;
};

export type StartAppOptions = {
  /** Where the server sends mail; without it mail goes to the outbox (/dev/mail outside production). */
  smtpUrl?: string;
  /** Extra environment for the server (e.g. raised rate limits); it wins over the defaults. */
  env?: Record<string, string>;
  /**
   * Another instance of the same deployment: this server uses that one's database (the same
   * embedded cluster, attached, or the same DATABASE_URL) and secrets, and leaves them in place
   * when it stops.
   */
  sameDeploymentAs?: RunningApp;
  /**
   * A database the caller runs (DATABASE_URL), shared by the instances it starts and left in
   * place when this server stops; without it the server gets a database of its own.
   */
  databaseUrl?: string;
  /** The port to listen on, when a load balancer's configuration names it; else a free one. */
  port?: number;
  /** Another build of the web app to serve (WEB_ROOT), as a new deployment would bring. */
  webRoot?: string;
};

// Set by the caller's shell, these would point the server somewhere else than this test wants.
const OWNED_VARIABLES = [
  'PORT',
  'WEB_ROOT',
  'HOST',
  'APP_URL',
  'DATABASE_URL',
  'DATA_DIR',
  'SMTP_URL',
  'NODE_ENV',
];

/** `pg` belongs to the api workspace; borrow it from there rather than declaring it twice. */
function loadPg(): typeof Pg {
  return createRequire(join(ROOT, 'apps/api/package.json'))('pg') as typeof Pg;
}

/**
 * With TEST_DATABASE_URL (an external PostgreSQL, as CI may provide), each server gets a fresh
 * database on it; otherwise undefined, and the server starts embedded PostgreSQL in DATA_DIR.
 */
export async function createTestDatabase(): Promise<
  { url: string; drop(): Promise<void> } | undefined
> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const { Client } = loadPg();
  const name = `vizita_e2e_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * Starts the built server (`node apps/api/dist/main.js`; `npm run build` ran before) on a free
 * port with its own data directory, and resolves once /readyz says the database answers.
 */
export async function startApp(options: StartAppOptions): Promise<RunningApp> {
  if (!existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` before the browser tests.`);
  }
  // The port may be taken between asking for it and the server binding it; try again then.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startOnce({
  smtpUrl,
  env = {},
  sameDeploymentAs,
  databaseUrl,
  port: fixedPort,
  webRoot,
}: StartAppOptions): Promise<RunningApp> {
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir =
    sameDeploymentAs?.deployment.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'vizita-e2e-'));
  const database = sameDeploymentAs || databaseUrl ? undefined : await createTestDatabase();
  const deploymentDatabaseUrl = databaseUrl ?? database?.url;
  const deployment: Record<string, string> = sameDeploymentAs?.deployment ?? {
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...(deploymentDatabaseUrl ? { DATABASE_URL: deploymentDatabaseUrl } : {}),
  };

  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of OWNED_VARIABLES) delete childEnv[name];
  Object.assign(childEnv, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: url,
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    ...(webRoot ? { WEB_ROOT: webRoot } : {}),
    ...deployment,
    ...env,
  });

  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > LOG_LINES_KEPT) lines.splice(0, lines.length - LOG_LINES_KEPT);
    if (process.env.E2E_SERVER_LOGS) process.stdout.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const logs = () => lines.join('\n');
  const exited = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `code ${code}`)),
  );

  let cleanedUp = false;
  const cleanUp = async () => {
    if (cleanedUp) return;
    cleanedUp = true;
    // The first instance owns the database and the data directory; others only borrowed them.
    if (sameDeploymentAs) return;
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM'); // graceful: the server closes connections and stops PostgreSQL
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    await cleanUp();
  };

  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };

  // The same environment as the server: the embedded cluster in its DATA_DIR, or its database.
  // `input` is what an operator would type at its prompt (a password is never an argument).
  const admin = (args: string[], input = '') =>
    new Promise<string>((resolve, reject) => {
      const child = execFile(
        process.execPath,
        [ADMIN_ENTRY, ...args],
        { cwd: ROOT, env: childEnv },
        (error, out, err) =>
          error
            ? reject(new Error(`admin ${args[0]} failed: ${err || error.message}`))
            : resolve(out),
      );
      child.stdin?.end(input);
    });

  const sql = async <Row>(text: string, values: unknown[] = []): Promise<Row[]> => {
    // The embedded cluster the server runs (attached to, left running), or its DATABASE_URL.
    const databaseUrl =
      deployment.DATABASE_URL ??
      (await startEmbeddedPostgres({ dataDir: deployment.DATA_DIR! })).url;
    const { Client } = loadPg();
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text, values)).rows as Row[];
    } finally {
      await client.end();
    }
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const how = await exited;
      await cleanUp();
      throw new Error(`The server exited (${how}) before it was ready. Its output:\n${logs()}`);
    }
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return { url, logs, stop, kill, admin, sql, deployment };
      lastProblem = `/readyz answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `The server was not ready after ${READY_TIMEOUT_MS / 1000} s (${lastProblem}). Its output:\n${logs()}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
