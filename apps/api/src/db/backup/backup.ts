import { spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  closeSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { applyMigrations, MIGRATIONS_DIR } from '../migrate.ts';
import {
  appliedMigrations,
  inspectLogicalDump,
  isGzip,
  loadLogicalDump,
  writeLogicalDump,
  type AppliedMigration,
  type DumpTotals,
} from './logical-dump.ts';
import { findPgTool, libpqConnection, type PgTool } from './pg-tools.ts';

// `npm run backup` and `npm run restore` (backup-cli.ts). Two formats, one restore: PostgreSQL's
// custom archive (`pg_dump -Fc`, `.dump`) where a pg_dump of the server's major or newer is on
// the machine, else the built-in COPY dump (`.sql.gz`, logical-dump.ts) — always the case for the
// embedded database, whose npm package ships no dump tools (ADR 0031).

export type BackupEngine = 'pg_dump' | 'builtin';

/** An operator's request the tool will not carry out, with what to do instead: exit 1, no stack. */
export class BackupRefused extends Error {}

/** The database a URL points at, for messages: never its password. */
export function describeDatabase(url: string): string {
  const u = new URL(url);
  return `${u.pathname.replace(/^\//, '')} on ${u.hostname}:${u.port || 5432}`;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

async function serverMajor(client: pg.ClientBase): Promise<number> {
  const { rows } = await client.query<{ v: string }>(
    `select current_setting('server_version_num') as v`,
  );
  return Math.floor(Number(rows[0]!.v) / 10_000);
}

/** Runs a PostgreSQL program to the end; its error output becomes the error's message. */
async function runTool(tool: PgTool, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(tool.path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  if (code !== 0) throw new Error(`${tool.path} failed (exit ${code}):\n${stderr.trim()}`);
  return stdout;
}

function pickPgTool(
  name: 'pg_dump' | 'pg_restore',
  major: number,
  pgBin: string | undefined,
): PgTool | string {
  const found = findPgTool(name, major, pgBin);
  if (found.tool) return found.tool;
  return (
    `No ${name}${name === 'pg_dump' ? ` of PostgreSQL ${major} or newer` : ''} ${pgBin ? `in ${pgBin}` : 'on this machine'}` +
    (found.seen.length > 0 ? ` (found: ${found.seen.join(', ')})` : '') +
    `. Install PostgreSQL ${major}'s client programs (Debian: postgresql-client-${major}) or name` +
    ' their directory with --pg-bin.'
  );
}

const stamp = (now: Date) =>
  now.toISOString().replace(/\..*$/, '').replace(/[-:]/g, '').replace('T', '-');

/**
 * Writes a backup of the database at `url`: to `out`, or to `<dir>/vizita-<UTC time>.<ext>`.
 * The file is 0600 and appears only once complete (it is written as `<file>.partial` first).
 */
export async function createBackup({
  url,
  dir,
  out,
  engine = 'auto',
  pgBin,
  now = new Date(),
}: {
  url: string;
  dir: string;
  out?: string;
  engine?: BackupEngine | 'auto';
  pgBin?: string;
  now?: Date;
}): Promise<{ file: string; bytes: number; engine: BackupEngine; totals?: DumpTotals }> {
  const client = await connect(url);
  try {
    const major = await serverMajor(client);
    const pgDump = engine === 'builtin' ? undefined : pickPgTool('pg_dump', major, pgBin);
    if (engine === 'pg_dump' && typeof pgDump === 'string') throw new BackupRefused(pgDump);
    const chosen: BackupEngine = typeof pgDump === 'object' ? 'pg_dump' : 'builtin';

    const file = resolve(
      out ?? join(dir, `vizita-${stamp(now)}${chosen === 'pg_dump' ? '.dump' : '.sql.gz'}`),
    );
    if (existsSync(file)) throw new BackupRefused(`${file} already exists: choose another --out.`);
    // Only the owner may enter the backups' directory: the files hold every patient's records.
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    const partial = `${file}.partial`;
    try {
      // Created 0600 before anything is written into it, whatever the umask.
      closeSync(openSync(partial, 'w', 0o600));
      chmodSync(partial, 0o600);
      let totals: DumpTotals | undefined;
      if (typeof pgDump === 'object') {
        const { dbname, env } = libpqConnection(url);
        await runTool(
          pgDump,
          ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${dbname}`],
          env,
        );
      } else {
        const gzip = createGzip();
        const written = pipeline(gzip, createWriteStream(partial, { flags: 'r+' }));
        try {
          totals = await writeLogicalDump(client, gzip);
          gzip.end();
          await written;
        } catch (error) {
          gzip.destroy();
          await written.catch(() => {});
          throw error;
        }
      }
      renameSync(partial, file);
      return { file, bytes: statSync(file).size, engine: chosen, totals };
    } finally {
      rmSync(partial, { force: true });
    }
  } finally {
    await client.end();
  }
}

/** The format of a backup file, from its first bytes. */
function formatOf(file: string): BackupEngine | undefined {
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  return isGzip(head) ? 'builtin' : undefined;
}

/** Applied migrations this version of Vizita does not know: the backup comes from a newer one. */
function unknownMigrations(applied: AppliedMigration[]): AppliedMigration[] {
  const known = new Set(
    readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.folderMillis),
  );
  return applied.filter((m) => !known.has(m.createdAt));
}

/**
 * The committed migrations up to the last one a backup's data had, in a temporary folder: the
 * data is loaded into the schema it was taken from, and the later migrations run after, on it.
 */
function migrationsUpTo(applied: AppliedMigration[]): string {
  const last = Math.max(0, ...applied.map((m) => m.createdAt));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const folder = mkdtempSync(join(tmpdir(), 'vizita-restore-'));
  mkdirSync(join(folder, 'meta'));
  const entries = journal.entries.filter((e) => e.when <= last);
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    copyFileSync(join(MIGRATIONS_DIR, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return folder;
}

/** Rows per table of the `public` schema, tables with rows only. */
async function contents(client: pg.ClientBase): Promise<{ table: string; rows: number }[]> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  const counts = [];
  for (const { name } of tables) {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from public."${name.replace(/"/g, '""')}"`,
    );
    if (Number(rows[0]!.n) > 0) counts.push({ table: name, rows: Number(rows[0]!.n) });
  }
  return counts;
}

/** The tables an operator recognises, named in the refusal to replace a database's contents. */
const TELLING_TABLES = ['users', 'appointments', 'payments', 'invoices', 'documents'];

/**
 * Restores a backup (either format) into the database at `url`, then runs the migrations so the
 * schema is this version's. Refuses, before changing anything, a file that is not a whole
 * backup, a database other sessions are using (unless `force`), and a database that holds data
 * (unless `replace`).
 */
export async function restoreBackup({
  url,
  file,
  replace = false,
  force = false,
  pgBin,
  log = () => {},
}: {
  url: string;
  file: string;
  replace?: boolean;
  force?: boolean;
  pgBin?: string;
  log?: (line: string) => void;
}): Promise<{ engine: BackupEngine; totals?: DumpTotals; migrationsRun: number }> {
  if (!existsSync(file) || !statSync(file).isFile())
    throw new BackupRefused(`${file}: no such backup file.`);
  const engine = formatOf(file);
  if (!engine)
    throw new BackupRefused(
      `${file} is neither a Vizita backup (.sql.gz) nor a pg_dump custom-format archive (.dump).`,
    );
  const where = describeDatabase(url);
  const client = await connect(url);
  try {
    // 1. The file: whole and readable, and from this version of Vizita or an older one.
    let applied: AppliedMigration[] = [];
    let pgRestore: PgTool | undefined;
    if (engine === 'builtin') {
      log(`Checking ${file} …`);
      try {
        applied = (await inspectLogicalDump(file)).header.migrations;
      } catch (error) {
        throw new BackupRefused(`${file} cannot be restored: ${(error as Error).message}.`);
      }
      if (unknownMigrations(applied).length > 0)
        throw new BackupRefused(
          'The backup comes from a newer version of Vizita (its schema has migrations this one ' +
            'does not know): restore it with that version.',
        );
    } else {
      const found = pickPgTool('pg_restore', await serverMajor(client), pgBin);
      if (typeof found === 'string') throw new BackupRefused(found);
      pgRestore = found;
      try {
        await runTool(pgRestore, ['--list', file], process.env);
      } catch (error) {
        throw new BackupRefused(`${file} cannot be restored: ${(error as Error).message}`);
      }
    }

    // 2. The database: nobody else in it, and nothing in it that the restore would destroy unasked.
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const others = rows[0]!.n;
    if (others > 0 && !force)
      throw new BackupRefused(
        `${others} other connection${others === 1 ? ' is' : 's are'} open to ${where}: stop every ` +
          'Vizita server using it first (a restore under a running server mixes old and new ' +
          'data). If they are not Vizita (a pooler, monitoring), run again with --force.',
      );
    const present = await contents(client);
    if (present.length > 0 && !replace) {
      const total = present.reduce((sum, t) => sum + t.rows, 0);
      const telling = present
        .filter((t) => TELLING_TABLES.includes(t.table))
        .map((t) => `${t.table} ${t.rows}`);
      throw new BackupRefused(
        `${where} already holds data (${[...telling, `${total} rows in ${present.length} tables in all`].join('; ')}). ` +
          "Restoring replaces all of it with the backup's. Run again with --yes to go ahead.",
      );
    }

    // 3. Replace: the app's schemas go, the backup's come.
    log(`Restoring into ${where} …`);
    await client.query(
      'drop schema if exists drizzle cascade; drop schema if exists public cascade; ' +
        'create schema public; grant usage on schema public to public',
    );
    let totals: DumpTotals | undefined;
    try {
      if (pgRestore) {
        const { dbname, env } = libpqConnection(url);
        await runTool(
          pgRestore,
          [
            '--no-owner',
            '--no-privileges',
            '--exit-on-error',
            '--single-transaction',
            '--no-password',
            `--dbname=${dbname}`,
            file,
          ],
          env,
        );
        applied = await appliedMigrations(client);
      } else {
        const folder = migrationsUpTo(applied);
        try {
          await applyMigrations(url, folder);
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
        totals = await loadLogicalDump(client, file);
      }
    } catch (error) {
      throw new Error(
        `The restore failed after ${where} was emptied, so it holds no data now: ` +
          `${(error as Error).message}\nFix the cause, then run the same restore again with --yes.`,
      );
    }
    if (unknownMigrations(applied).length > 0)
      throw new BackupRefused(
        'The backup was restored, but it comes from a newer version of Vizita (its schema has ' +
          'migrations this one does not know): run that version on it.',
      );

    // 4. The migrations check: the schema becomes this version's, as the server's start does.
    await applyMigrations(url);
    const migrationsRun = (await appliedMigrations(client)).length - applied.length;
    return { engine, totals, migrationsRun };
  } finally {
    await client.end();
  }
}
