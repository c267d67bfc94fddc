import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreBackup } from '../src/db/backup/backup.ts';
import { checkEncryptionKey } from '../src/db/backup/key-check.ts';
import { findPgTool } from '../src/db/backup/pg-tools.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { createFieldEncryption } from '../src/lib/field-encryption.ts';
import { nationalIdContext } from '../src/modules/profile/service.ts';
import {
  BULGARIAN_PROFILE,
  createEmptyDatabase,
  createTestApp,
  signUp,
  TEST_ENCRYPTION_KEY,
  type TestApp,
} from './test-app.ts';

// `npm run backup` and `npm run restore` as an operator runs them (the command line, through tsx),
// on data the real routes wrote: a national ID is ciphertext in the backup, and only the key it
// was written with opens it after the restore — the key is not in the backup (issue #13).

const CLI = fileURLToPath(new URL('../src/backup-cli.ts', import.meta.url));
const NATIONAL_ID = BULGARIAN_PROFILE.nationalIdNumber;
const OTHER_KEY = Buffer.alloc(32, 9);

const work = mkdtempSync(join(tmpdir(), 'vizita-backup-test-'));
let t: TestApp;
let patient: Awaited<ReturnType<typeof signUp>>;
const databases: { drop: () => Promise<void> }[] = [];

/** The command line as `npm run backup|restore` runs it, with the server's environment. */
function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      DATA_DIR: join(work, 'data'),
      DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY.toString('base64'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
}

/** An empty database on the test server, as a new deployment's would be; dropped after. */
async function freshDatabase() {
  const database = await createEmptyDatabase('vizita_restore');
  databases.push(database);
  return database;
}

/** Signs the patient in on an app and reads their profile back through the API. */
async function nationalIdThroughApi(app: TestApp) {
  const login = await app.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email: patient.email, password: patient.password },
  });
  expect(login.statusCode, login.body).toBe(200);
  const token = login.json<{ data: { accessToken: string } }>().data.accessToken;
  const profile = await app.app.inject({
    method: 'GET',
    url: '/auth/profile',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(profile.statusCode, profile.body).toBe(200);
  return profile.json<{ data: { nationalIdNumber?: string } }>().data.nationalIdNumber;
}

async function storedNationalId(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ value: string }>(
      'select national_id_encrypted as value from patient_profiles where user_id = $1',
      [patient.userId],
    );
    return rows[0]!.value;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  t = await createTestApp();
  patient = await signUp(t);
  const completed = await t.app.inject({
    method: 'PUT',
    url: '/auth/complete-profile',
    headers: { authorization: `Bearer ${patient.accessToken}` },
    payload: BULGARIAN_PROFILE,
  });
  expect(completed.statusCode, completed.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  for (const database of databases) await database.drop();
  rmSync(work, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  let backup: string;

  it('writes an owner-only backup of the ciphertext and says where the keys are', async () => {
    const run = await cli(['backup'], { DATABASE_URL: t.databaseUrl });
    expect(run.code, run.stderr).toBe(0);
    const dir = join(work, 'data', 'backups');
    const [name] = readdirSync(dir);
    expect(name).toMatch(/^vizita-\d{8}-\d{6}\.(dump|sql\.gz)$/);
    backup = join(dir, name!);
    expect(statSync(backup).mode & 0o777).toBe(0o600);
    expect(run.stdout).toContain(`Backup written: ${backup}`);
    expect(run.stdout).toContain('does NOT contain the encryption key or the JWT secret');
    expect(run.stdout).toContain('encryption key: DATA_ENCRYPTION_KEY in the environment');
    expect(run.stdout).toContain(`JWT secret:     ${join(work, 'data', 'jwt.secret')}`);
    if (name!.endsWith('.sql.gz')) {
      const text = gunzipSync(readFileSync(backup)).toString();
      expect(text).toContain(patient.email);
      expect(text, 'a national ID in clear in the backup').not.toContain(NATIONAL_ID);
    }
  });

  it('restores into a fresh database, where the app with the same key reads the national ID', async () => {
    const fresh = await freshDatabase();
    const run = await cli(['restore', backup], { DATABASE_URL: fresh.url });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('opens the restored health data');

    const restored = await createTestApp({ databaseUrl: fresh.url });
    try {
      expect(await nationalIdThroughApi(restored)).toBe(NATIONAL_ID);
      // A server is using the database now: a restore under it is refused.
      await expect(restoreBackup({ url: fresh.url, file: backup, replace: true })).rejects.toThrow(
        /other connections? (is|are) open .* --force/s,
      );
    } finally {
      await restored.close();
    }
    // Stopped, it still holds data: replaced only when the operator says so.
    await expect(restoreBackup({ url: fresh.url, file: backup })).rejects.toThrow(
      /already holds data \(users 1; .* in all\)\. .*Run again with --yes/s,
    );
    const replaced = await restoreBackup({ url: fresh.url, file: backup, replace: true });
    expect(replaced.migrationsRun).toBe(0);
    expect(await storedNationalId(fresh.url)).toMatch(/^v1\./);
  });

  it('with another key the national ID cannot be read: the GCM check fails, not garbage', async () => {
    const fresh = await freshDatabase();
    await restoreBackup({ url: fresh.url, file: backup });
    const stored = await storedNationalId(fresh.url);
    const context = nationalIdContext(patient.userId);
    expect(() => createFieldEncryption(OTHER_KEY).decrypt(stored, context)).toThrow(
      /unable to authenticate data/,
    );
    expect(createFieldEncryption(TEST_ENCRYPTION_KEY).decrypt(stored, context)).toBe(NATIONAL_ID);
    // What `npm run restore` checks at its end, and answers with exit code 1 and a warning.
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    try {
      expect(await checkEncryptionKey(client, OTHER_KEY)).toBe('does-not-open');
      expect(await checkEncryptionKey(client, TEST_ENCRYPTION_KEY)).toBe('opens');
    } finally {
      await client.end();
    }
  });

  it('refuses a damaged file before touching the database', async () => {
    const cut = join(work, 'cut.sql.gz');
    const bytes = readFileSync(backup);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const fresh = await freshDatabase();
    await expect(restoreBackup({ url: fresh.url, file: cut })).rejects.toThrow(
      /cannot be restored/,
    );
    await expect(restoreBackup({ url: fresh.url, file: CLI })).rejects.toThrow(
      /neither a Vizita backup/,
    );
  });

  it('backs up and restores the embedded database of a new machine, through the running cluster', async () => {
    const dataDir = join(work, 'new-machine');
    // A fresh clone: `npm run restore` creates the embedded cluster, restores, and stops it.
    const restore = await cli(['restore', backup], { DATA_DIR: dataDir });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain('opens the restored health data');

    // The server starts on it with the same key…
    const embedded = await startEmbeddedPostgres({ dataDir });
    const restored = await createTestApp({ databaseUrl: embedded.url });
    try {
      expect(await nationalIdThroughApi(restored)).toBe(NATIONAL_ID);
      // …and a backup taken while it runs goes through the running cluster's port.
      const again = await cli(['backup'], { DATA_DIR: dataDir });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('using the running cluster');
      expect(readdirSync(join(dataDir, 'backups'))).toHaveLength(1);
    } finally {
      await restored.close();
      await embedded.stop();
    }
  });

  it("pg_dump's custom format, where a pg_dump of the server's major is installed", async (ctx) => {
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    const major = Math.floor(
      Number((await client.query('show server_version_num')).rows[0].server_version_num) / 10_000,
    );
    await client.end();
    const found = findPgTool('pg_dump', major);
    if (!found.tool)
      return ctx.skip(`no pg_dump of PostgreSQL ${major} or newer here: the built-in format only`);

    const out = join(work, 'pg.dump');
    const run = await cli(['backup', '--engine', 'pg_dump', '--out', out], {
      DATABASE_URL: t.databaseUrl,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(readFileSync(out).subarray(0, 5).toString()).toBe('PGDMP');
    const fresh = await freshDatabase();
    const restore = await cli(['restore', out], { DATABASE_URL: fresh.url });
    expect(restore.code, restore.stderr).toBe(0);
    const restored = await createTestApp({ databaseUrl: fresh.url });
    try {
      expect(await nationalIdThroughApi(restored)).toBe(NATIONAL_ID);
    } finally {
      await restored.close();
    }
  });
});
