import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig, type Config } from './config.ts';
import {
  BackupRefused,
  createBackup,
  describeDatabase,
  restoreBackup,
  type BackupEngine,
} from './db/backup/backup.ts';
import { checkEncryptionKey } from './db/backup/key-check.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { parseStoredEncryptionKey } from './lib/field-encryption.ts';
import { describeError } from './lib/log-errors.ts';

// `npm run backup` and `npm run restore` (scripts/backup.mjs): the server's database — DATABASE_URL,
// or the embedded cluster in DATA_DIR, through its port while the server runs. Progress goes to
// stderr, the result to stdout.

const HELP = `Usage:
  npm run backup [-- --out FILE] [--engine auto|pg_dump|builtin] [--pg-bin DIR]
  npm run restore -- FILE [--yes] [--force] [--pg-bin DIR]

The database is the server's: DATABASE_URL, or the embedded PostgreSQL in DATA_DIR (the running
one while the server runs; started for the command while it does not).

backup   writes DATA_DIR/backups/vizita-<UTC time>.dump — PostgreSQL's custom format, when a
         pg_dump of the server's major or newer is installed — or .sql.gz, the built-in format
         (always for the embedded database, whose package has no pg_dump). Owner-only (0600).
restore  replaces what the database holds with the backup, then migrates it to this version.
         Refuses a database that holds data unless --yes (or --clean), and one that other
         sessions use (stop the servers first) unless --force.

Neither holds the encryption key or the JWT secret: keep those apart (docs/operations.md).`;

const options = {
  out: { type: 'string' },
  engine: { type: 'string' },
  'pg-bin': { type: 'string' },
  yes: { type: 'boolean' },
  clean: { type: 'boolean' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

// npm runs scripts from the repository's root; a relative path means where the operator typed it.
const fromOperator = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);
const progress = (line: string) => process.stderr.write(`${line}\n`);
const say = (line: string) => process.stdout.write(`${line}\n`);

/** Where the two secrets a backup does not contain are kept, as the server finds them (main.ts). */
function secretLocations(config: Config) {
  const dataDir = resolve(config.dataDir);
  return {
    encryptionKey: config.dataEncryptionKey
      ? { where: 'DATA_ENCRYPTION_KEY in the environment' }
      : { where: join(dataDir, 'data-encryption.key'), file: join(dataDir, 'data-encryption.key') },
    jwtSecret: config.jwtSecret
      ? { where: 'JWT_SECRET in the environment' }
      : { where: join(dataDir, 'jwt.secret'), file: join(dataDir, 'jwt.secret') },
  };
}

function keyReminder(config: Config) {
  const secrets = secretLocations(config);
  say(
    [
      '',
      'This backup does NOT contain the encryption key or the JWT secret. Back them up apart from',
      'the backups (a password manager or the secret store, never beside the dump files):',
      `  encryption key: ${secrets.encryptionKey.where}`,
      '                  without it the national IDs, insurance numbers, reasons, notes and',
      '                  documents in every backup are unreadable, for good',
      `  JWT secret:     ${secrets.jwtSecret.where}`,
      '                  without it every session and e-mailed link ends (people sign in again)',
    ].join('\n'),
  );
}

/** The configured encryption key, as the server would read it, without creating one. */
function configuredKey(config: Config): Buffer | undefined {
  const { encryptionKey } = secretLocations(config);
  if (config.dataEncryptionKey) return config.dataEncryptionKey;
  if (encryptionKey.file && existsSync(encryptionKey.file))
    return parseStoredEncryptionKey(readFileSync(encryptionKey.file, 'utf8'), encryptionKey.file);
  return undefined;
}

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(1)} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  const [command, file] = positionals;
  if (!command || values.help || (command !== 'backup' && command !== 'restore')) {
    process.stdout.write(`${HELP}\n`);
    return command && !values.help ? 1 : 0;
  }
  const engine = values.engine ?? 'auto';
  if (!['auto', 'pg_dump', 'builtin'].includes(engine))
    throw new BackupRefused('--engine is auto, pg_dump or builtin.');
  if (command === 'restore' && !file)
    throw new BackupRefused('Which backup? npm run restore -- <file> [--yes]');

  const config = loadConfig();
  const embedded = config.databaseUrl
    ? undefined
    : await startEmbeddedPostgres({ dataDir: config.dataDir, log: progress });
  const url = config.databaseUrl ?? embedded!.url;
  try {
    if (command === 'backup') {
      progress(`Backing up ${describeDatabase(url)} …`);
      const result = await createBackup({
        url,
        dir: join(resolve(config.dataDir), 'backups'),
        out: values.out === undefined ? undefined : fromOperator(values.out),
        engine: engine as BackupEngine | 'auto',
        pgBin: values['pg-bin'],
      });
      say(`Backup written: ${result.file}`);
      say(
        `  ${sizeOf(result.bytes)}, ${result.engine === 'pg_dump' ? "pg_dump's custom format" : 'built-in format'}` +
          (result.totals ? `, ${result.totals.rows} rows in ${result.totals.tables} tables` : '') +
          ', readable by its owner only',
      );
      keyReminder(config);
      return 0;
    }

    const result = await restoreBackup({
      url,
      file: fromOperator(file!),
      replace: Boolean(values.yes || values.clean),
      force: Boolean(values.force),
      pgBin: values['pg-bin'],
      log: progress,
    });
    say(`Restored ${fromOperator(file!)} into ${describeDatabase(url)}`);
    if (result.totals) say(`  ${result.totals.rows} rows in ${result.totals.tables} tables`);
    say(
      result.migrationsRun > 0
        ? `  then migrated to this version (${result.migrationsRun} newer migration${result.migrationsRun === 1 ? '' : 's'} applied)`
        : '  the schema is already this version’s (no migration to apply)',
    );
    return await reportKey(config, url);
  } finally {
    await embedded?.stop();
  }
}

/** After a restore: does the key the server will use open the restored health data? */
async function reportKey(config: Config, url: string): Promise<number> {
  const { encryptionKey } = secretLocations(config);
  const key = configuredKey(config);
  if (!key) {
    say(
      `\nNo encryption key at ${encryptionKey.where} yet: put the backed-up key file there (or set\n` +
        'DATA_ENCRYPTION_KEY) BEFORE starting the server, which would otherwise make a new key\n' +
        'that cannot read the restored health data.',
    );
    return 0;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const check = await checkEncryptionKey(client, key);
    if (check === 'does-not-open') {
      say(
        `\nThe encryption key (${encryptionKey.where}) does NOT open the restored health data: it\n` +
          'is not the key these records were written with. Put the key kept with this backup in\n' +
          'its place before starting the server.',
      );
      return 1;
    }
    say(
      check === 'opens'
        ? `\nThe encryption key (${encryptionKey.where}) opens the restored health data.`
        : `\nNo encrypted health data in the backup to check the key (${encryptionKey.where}) on.`,
    );
    return 0;
  } finally {
    await client.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${describeError(error)}\n`);
    process.exit(error instanceof BackupRefused ? 1 : 2);
  },
);
