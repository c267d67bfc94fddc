import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { desc, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocket } from 'ws';
import { inject } from 'vitest';
import { buildApp, LOG_HOOKS, LOG_REDACTIONS, LOG_SERIALIZERS } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { createDatabase, type Database } from '../src/db/client.ts';
import { applyMigrations } from '../src/db/migrate.ts';
import { mailOutbox, users } from '../src/db/schema.ts';
import { totpAt, totpStep } from '../src/lib/totp.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';

/** An empty database on the shared test server, as a new deployment's would be. */
export async function createEmptyDatabase(prefix = 'vizita_test') {
  const serverUrl = inject('serverUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A fresh database on the shared test server, migrated; dropped by `drop()`. */
export async function createTestDatabase(): Promise<
  Database & { url: string; drop: () => Promise<void> }
> {
  const empty = await createEmptyDatabase();
  await applyMigrations(empty.url);
  const database = createDatabase(empty.url, { max: 20 });
  return {
    ...database,
    url: empty.url,
    async drop() {
      await database.close();
      await empty.drop();
    },
  };
}

export const TEST_ENCRYPTION_KEY = Buffer.alloc(32, 7);

/**
 * What production refuses to start without (config.ts), for tests of production behaviour: a
 * demo deployment's, which chose the local payment provider and the mail outbox by name.
 */
export const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  APP_URL: 'https://vizita.test',
  ALLOW_LOCAL_PAYMENTS: 'true',
  MAIL_MODE: 'outbox',
  JWT_SECRET: 'x'.repeat(40),
  DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
  CLINIC_NAME: 'Vizita Test Clinic',
  CLINIC_ADDRESS: 'Test Street 1; 1000 Sofia',
  CLINIC_TAX_ID: '000000000',
  CLINIC_COUNTRY: 'BG',
  CLINIC_EMAIL: 'contact@clinic.test',
  CLINIC_PHONE: '+359 2 000 0000',
  CLINIC_REPRESENTATIVE: 'Dr. Test Representative',
  CLINIC_DPO: 'Test DPO, dpo@clinic.test',
};

/** A clock that tests move by hand. */
export function testClock(start = new Date('2026-11-22T10:00:00Z')) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => void (now += ms);
  return clock;
}

export type TestAppOptions = {
  env?: Record<string, string>;
  mailer?: Mailer;
  clock?: ReturnType<typeof testClock>;
  /**
   * Another instance of an app already running: this one uses that app's database (its own
   * pool) and leaves dropping it to the first.
   */
  databaseUrl?: string;
  /** A built SPA to serve (index.html, assets/); by default there is none. */
  webRoot?: string;
};

/** A pool on an existing test database; closing it leaves the database in place. */
function reuseTestDatabase(url: string): Database & { url: string; drop: () => Promise<void> } {
  const database = createDatabase(url, { max: 20 });
  return { ...database, url, drop: () => database.close() };
}

/**
 * The real app on a real database, driven through `inject()`. Mail goes to the real outbox
 * adapter unless a test passes another; `logs` collects every log line for leak checks.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = options.databaseUrl
    ? reuseTestDatabase(options.databaseUrl)
    : await createTestDatabase();
  const clock = options.clock ?? testClock();
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://vizita.test',
    LOG_LEVEL: 'info',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    databaseUrl: database.url,
    clock,
    jwtSecret: 'test-secret-that-is-long-enough-for-hs256',
    dataEncryptionKey: TEST_ENCRYPTION_KEY,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    logger: {
      level: 'info',
      stream,
      redact: LOG_REDACTIONS,
      serializers: LOG_SERIALIZERS,
      hooks: LOG_HOOKS,
    },
    webRoot: options.webRoot ?? '/nonexistent',
    // Background work runs when a test says so (`app.backgroundWork.tick()`), on the test's clock.
    backgroundIntervalMs: 0,
  });
  await app.ready();

  const mails = async (to?: string) => {
    // Account mails go out after the answer (lib/after-response.ts): wait for them first.
    await app.backgroundWork.settled();
    const rows = await database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt));
    return to ? rows.filter((r) => r.to === to) : rows;
  };
  /** The token of the newest mail to `to` whose link goes to `path`. */
  const tokenFromMail = async (to: string, path: string) => {
    for (const mail of await mails(to)) {
      const match = new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text);
      if (match) return decodeURIComponent(match[1]!);
    }
    throw new Error(`no ${path} mail to ${to}`);
  };

  return {
    app,
    db: database.db,
    pool: database.pool,
    /** For a second instance's own pool on the same database. */
    databaseUrl: database.url,
    clock,
    logs,
    mails,
    tokenFromMail,
    /** Every row of every table of the app as JSON text, by table (to look for what must not be). */
    async tableDumps(): Promise<Map<string, string>> {
      const tables = await database.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const dumps = new Map<string, string>();
      for (const { table_name } of tables.rows) {
        const rows = await database.db.execute(
          sql.raw(`select coalesce(json_agg(t)::text, '') as rows from "${table_name}" t`),
        );
        dumps.set(table_name, String((rows.rows[0] as { rows: string }).rows));
      }
      return dumps;
    },
    async dumpAllTables(): Promise<string> {
      return [...(await this.tableDumps()).values()].join('\n');
    },
    async userByEmail(email: string) {
      const [row] = await database.db.select().from(users).where(eq(users.email, email));
      return row;
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

export const STRONG_PASSWORD = 'Sofia-2026!';

/** Registers, validates and signs in a patient; answers the access token and refresh cookie. */
export async function signUp(
  t: TestApp,
  email = `p${randomBytes(4).toString('hex')}@example.bg`,
  password = STRONG_PASSWORD,
) {
  const reg = await t.app.inject({
    method: 'POST',
    url: '/auth/register-minimal',
    payload: { firstName: 'Maria', lastName: 'Ivanova', email, password, termsAccepted: true },
  });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const token = await t.tokenFromMail(email, '/validate-email');
  await t.app.inject({ method: 'POST', url: `/auth/validate-email?token=${token}` });
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
  });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  const cookie = login.cookies.find((c) => c.name === 'vizita_rt')!;
  return {
    email,
    password,
    accessToken: login.json<{ data: { accessToken: string } }>().data.accessToken,
    refreshToken: cookie.value,
    cookie,
    userId: login.json<{ data: { userId: string } }>().data.userId,
  };
}

/** A doctor (Dr. Elena Petrova, Sofia, Mon–Fri 09:00–17:00) made as the admin CLI makes one. */
export async function createTestDoctor(t: TestApp, password = 'Doctor-2026!') {
  const email = `dr-${randomBytes(4).toString('hex')}@clinic.test`;
  const id = await createAdminService(t.db).createDoctor({
    email,
    password,
    firstName: 'Elena',
    lastName: 'Petrova',
    specialties: ['cardiology'],
    timeZone: 'Europe/Sofia',
    slotMinutes: 30,
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
  });
  return { id, email, password };
}

/** A complete Bulgarian profile as PUT /auth/complete-profile takes it (EGN of 1990-04-12). */
export const BULGARIAN_PROFILE = {
  firstName: 'Maria',
  lastName: 'Ivanova',
  gender: 'female',
  birthDate: '1990-04-12',
  address: 'bul. Vitosha',
  addressNumber: '12',
  postCode: '1000',
  city: 'Sofia',
  country: 'BG',
  countryName: 'Bulgaria',
  nationalIdNumber: '9004126544',
  termsAccepted: true,
};

/**
 * Signs a doctor or admin in as a person would the first time: the password, then two-factor
 * sign-in set up (their session can do nothing else before, ADR 0023). Answers the access token.
 */
export async function signInStaff(t: TestApp, email: string, password: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
  });
  const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
  const auth = { authorization: `Bearer ${token}` };
  const setup = await t.app.inject({
    method: 'POST',
    url: '/auth/two-factor/setup',
    headers: auth,
    payload: { password },
  });
  const { secret } = setup.json<{ data: { secret: string } }>().data;
  const enabled = await t.app.inject({
    method: 'POST',
    url: '/auth/two-factor/enable',
    headers: auth,
    payload: { code: totpAt(secret, totpStep(t.clock())) },
  });
  if (enabled.statusCode !== 200) throw new Error(`2FA setup failed: ${enabled.body}`);
  return token;
}

/**
 * A browser's signalling socket, as a test drives it: every server message is kept, `next`
 * waits for the first not yet taken of a type, `closed` settles with the close code.
 * `pageOrigin` is the `Origin` header a browser sends for its page; without it none is sent,
 * as from a program that is not a browser.
 */
export async function openSignalling(
  origin: string,
  signallingUrl: string,
  { pageOrigin }: { pageOrigin?: string } = {},
) {
  const { pathname, search } = new URL(signallingUrl);
  const ws = new WebSocket(
    `${origin}${pathname}${search}`,
    pageOrigin === undefined ? {} : { origin: pageOrigin },
  );
  const messages: { type: string; [key: string]: unknown }[] = [];
  const taken = new Set<number>();
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    messages.push(JSON.parse((data as Buffer).toString()) as { type: string });
    for (const wake of waiters) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const wake of waiters) wake();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    messages,
    closed,
    send: (message: unknown) =>
      ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    /** The first message of this type not taken before (all of `messages` if none is given). */
    next<T = Record<string, unknown>>(type: string, timeoutMs = 5000): Promise<T> {
      return new Promise((resolve, reject) => {
        const look = () => {
          const i = messages.findIndex((m, n) => m.type === type && !taken.has(n));
          if (i >= 0) {
            taken.add(i);
            finish();
            resolve(messages[i] as T);
          } else if (ws.readyState === ws.CLOSED) {
            finish();
            reject(new Error(`socket closed before a "${type}" message`));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no "${type}" message within ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(look);
        };
        waiters.add(look);
        look();
      });
    },
    /** Messages of a type received so far (taken or not). */
    all: (type: string) => messages.filter((m) => m.type === type),
    close: () => ws.close(),
  };
}
export type SignallingClient = Awaited<ReturnType<typeof openSignalling>>;
