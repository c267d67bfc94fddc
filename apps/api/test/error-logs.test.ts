// Failed queries in the log and in jobs.last_error (issue #18): what an operator needs to find the
// fault — the SQL, the SQLSTATE, the constraint — and none of the values the query was given:
// argon2id hashes, e-mail and street addresses, whole mails with live links.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox, users } from '../src/db/schema.ts';
import { createJobWorker, enqueue } from '../src/modules/jobs/queue.ts';
import { createTestApp, signUp, type TestApp } from './test-app.ts';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$SECRET-HASH-0f3a9c';
const STREET = 'ul. Tajna 17, SECRET-STREET';
const LIVE_LINK = 'https://vizita.test/reset-password?token=SECRET-LIVE-TOKEN-71c2';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

/** The error a real query throws (drizzle's wrapper with the driver's error as its cause). */
async function failure(query: () => Promise<unknown>): Promise<unknown> {
  try {
    await query();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

/** The log lines written since `from`, parsed. */
const linesSince = (from: number) =>
  t.logs.slice(from).map((line) => JSON.parse(line) as Record<string, unknown>);

describe('a failed query in the log', () => {
  it('keeps the SQL, the SQLSTATE and the constraint, and drops the values', async () => {
    const patient = await signUp(t);
    const errors = [
      // 23505: the driver's detail names the duplicate value, Key (email)=(…).
      await failure(() =>
        t.db.insert(users).values({
          email: patient.email,
          passwordHash: HASH,
          firstName: STREET,
          lastName: 'Ivanova',
        }),
      ),
      // 23502: the detail is the whole failing row.
      await failure(() =>
        t.db.execute(
          sql`insert into users (email, password_hash, first_name) values (${'a@b.bg'}, ${HASH}, ${STREET})`,
        ),
      ),
      // 22P02: the driver's message itself quotes the value.
      await failure(() =>
        t.db
          .select()
          .from(users)
          .where(sql`${users.id} = ${`SECRET-STREET ${HASH}`}::uuid`),
      ),
    ];
    const from = t.logs.length;
    for (const err of errors) t.app.log.error({ err }, 'unhandled error');
    // The forms pino and Fastify use too, which take the error's own message as the line's.
    t.app.log.error(errors[0] as Error);
    t.app.log.error({ err: errors[2] }, (errors[2] as Error).message);
    const written = t.logs.slice(from).join('\n');

    for (const secret of [HASH, 'SECRET-HASH', 'SECRET-STREET', patient.email])
      expect(written).not.toContain(secret);
    const [unique, notNull, badInput] = linesSince(from).map(
      (line) => line.err as Record<string, unknown> & { cause: Record<string, unknown> },
    );
    expect(unique!.query).toMatch(/^insert into "users" \("id", "email", "password_hash"/);
    expect(unique!.message).toMatch(/^Failed query: insert into "users"/);
    expect(unique!.cause).toMatchObject({
      code: '23505',
      constraint: 'users_email_key',
      table: 'users',
      detail: 'Key (email)=([redacted]) already exists.',
      message: 'duplicate key value violates unique constraint "users_email_key"',
    });
    expect(notNull!.cause).toMatchObject({
      code: '23502',
      column: 'last_name',
      detail: 'Failing row contains ([redacted]).',
    });
    expect(badInput!.cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "[redacted]"',
    });
    const [plain, fastifys] = linesSince(from).slice(3);
    expect(plain!.msg).toMatch(/^Failed query: insert into "users" .*\)$/s);
    expect(fastifys!.msg).toMatch(/^Failed query: select .* = \$1::uuid$/s);
  });
});

describe('a job that fails on a query', () => {
  it('records and logs the SQL and the SQLSTATE, never the mail it tried to write', async () => {
    const worker = createJobWorker({ db: t.db, clock: t.clock, log: t.app.log });
    const id = randomUUID();
    const mail = { to: 'lea@example.de', subject: 'Reset', text: LIVE_LINK, html: LIVE_LINK };
    await t.db.insert(mailOutbox).values({ id, ...mail });
    // Writing the same mail again: a unique violation whose parameters are the whole mail.
    worker.register('test_rewrite_mail', async () => {
      await t.db.insert(mailOutbox).values({ id, ...mail });
    });
    await enqueue(t.db, {
      kind: 'test_rewrite_mail',
      key: `test:${id}`,
      runAt: t.clock(),
      payload: {},
    });
    const from = t.logs.length;
    await worker.runDue();

    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `test:${id}`));
    expect(job!.lastError).toMatch(/^Failed query: insert into "mail_outbox"/);
    expect(job!.lastError).toContain('23505');
    const written = t.logs.slice(from).join('\n');
    expect(written).toContain('"msg":"job failed"');
    expect(written).toContain('"code":"23505"');
    for (const text of [job!.lastError!, written]) {
      expect(text).not.toContain('SECRET-LIVE-TOKEN');
      expect(text).not.toContain('lea@example.de');
    }
  });
});

describe('a failed query on the operator’s command line', () => {
  it('names the SQL and the SQLSTATE, not the new account’s address or password hash', async () => {
    // The database refuses the insert (as a full disk or a lost primary would, mid-command).
    await t.db.execute(
      sql.raw(`create function refuse_insert() returns trigger language plpgsql as
        $$ begin raise exception 'inserts refused for this test'; end $$;
        create trigger refuse_insert before insert on users
        for each row execute function refuse_insert()`),
    );
    const cli = fileURLToPath(new URL('../src/admin-cli.ts', import.meta.url));
    const args = ['create-admin', '--email', 'secret-admin@clinic.test'];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, ...args, '--first-name', 'Ana', '--last-name', 'SECRET-NAME'],
      {
        env: { PATH: process.env.PATH, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    child.stdin.end('Admin-Pass-2026!\n');
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      expect(code).toBe(1);
      expect(output).toMatch(/^Failed query: insert into "users" /);
      expect(output).toContain('inserts refused for this test (SQLSTATE P0001)');
      for (const secret of ['secret-admin@clinic.test', '$argon2id', 'SECRET-NAME'])
        expect(output).not.toContain(secret);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_insert on users'));
    }
  });
});
