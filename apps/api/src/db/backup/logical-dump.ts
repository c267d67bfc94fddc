import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';

// The built-in backup format, for where no pg_dump of the server's major exists — the embedded
// PostgreSQL among them: its npm package ships initdb, pg_ctl and postgres, no dump tools
// (docs/decisions/0031-backups.md). It is what `pg_dump --data-only` writes for the `public`
// schema — one COPY block per table, then the sequences — gzip-compressed, between a header line
// naming the migrations the data belongs to and an end line that proves the file is whole. The
// schema itself is not in it: the committed migrations are its source, and the restore builds it
// from them before loading the data.

export const LOGICAL_DUMP_VERSION = 1;
const HEADER = '-- vizita-backup ';
const END = '-- vizita-backup-end ';
const COPY_END = '\\.';

/** A migration as drizzle records it in `drizzle.__drizzle_migrations`. */
export type AppliedMigration = { hash: string; createdAt: number };
export type LogicalDumpHeader = {
  version: number;
  createdAt: string;
  serverVersion: string;
  migrations: AppliedMigration[];
};
export type DumpTotals = { tables: number; rows: number };

/** A double-quoted SQL identifier. */
const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes with back-pressure; a stream that failed (a COPY the server refused) throws its error. */
async function write(out: Writable, data: string | Buffer): Promise<void> {
  if (out.errored) throw out.errored;
  if (!out.write(data)) await once(out, 'drain');
}

/** The migrations applied to the database, oldest first; none when it was never migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<AppliedMigration[]> {
  const table = await client.query<{ exists: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table.rows[0]?.exists) return [];
  const rows = await client.query<{ hash: string; created_at: string }>(
    'select hash, created_at from drizzle.__drizzle_migrations order by created_at, id',
  );
  return rows.rows.map((r) => ({ hash: r.hash, createdAt: Number(r.created_at) }));
}

/** The tables of the `public` schema with the columns a COPY moves (generated ones are computed). */
async function publicTables(client: pg.ClientBase) {
  const result = await client.query<{ name: string; columns: string[] }>(
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r' and a.attgenerated = ''
      group by c.relname
      order by c.relname`,
  );
  return result.rows;
}

/**
 * Writes every row of the `public` schema to `out` from one REPEATABLE READ snapshot (as pg_dump
 * does), so a backup taken while the server runs is consistent across tables.
 */
export async function writeLogicalDump(client: pg.ClientBase, out: Writable): Promise<DumpTotals> {
  await client.query('begin isolation level repeatable read read only');
  try {
    const header: LogicalDumpHeader = {
      version: LOGICAL_DUMP_VERSION,
      createdAt: new Date().toISOString(),
      serverVersion: (
        await client.query<{ v: string }>(`select current_setting('server_version') as v`)
      ).rows[0]!.v,
      migrations: await appliedMigrations(client),
    };
    await write(out, `${HEADER}${JSON.stringify(header)}\n`);
    await write(
      out,
      '-- Data of the public schema as COPY blocks. `npm run restore` builds the schema from the\n' +
        '-- migrations named above, then loads these rows (docs/operations.md, "Backups").\n',
    );
    const totals: DumpTotals = { tables: 0, rows: 0 };
    for (const table of await publicTables(client)) {
      const target = `${ident('public')}.${ident(table.name)} (${table.columns.map(ident).join(', ')})`;
      await write(out, `COPY ${target} FROM stdin;\n`);
      const rows = client.query(copyTo(`COPY ${target} TO STDOUT`));
      for await (const chunk of rows) await write(out, chunk as Buffer);
      await write(out, `${COPY_END}\n`);
      totals.tables += 1;
      totals.rows += rows.rowCount;
    }
    const sequences = await client.query<{ name: string; value: string }>(
      `select sequencename as name, last_value::text as value from pg_sequences
        where schemaname = 'public' and last_value is not null order by sequencename`,
    );
    for (const s of sequences.rows)
      await write(
        out,
        `SELECT pg_catalog.setval('${ident('public')}.${ident(s.name).replace(/'/g, "''")}', ${s.value}, true);\n`,
      );
    await write(out, `${END}${JSON.stringify(totals)}\n`);
    await client.query('commit');
    return totals;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}

/** The lines of a gzip-compressed dump; a damaged or cut file fails while reading. */
function dumpLines(file: string) {
  const gunzip = createGunzip();
  const input = createReadStream(file).on('error', (error) => gunzip.destroy(error));
  return createInterface({ input: input.pipe(gunzip), crlfDelay: Infinity });
}

/** Whether the file starts like a gzip stream (the built-in format) — not a pg_dump archive. */
export const isGzip = (head: Buffer) => head[0] === 0x1f && head[1] === 0x8b;

const COPY_LINE = /^COPY "public"\."((?:[^"]|"")+)" \(((?:"(?:[^"]|"")+"(?:, )?)+)\) FROM stdin;$/;
const SETVAL_LINE = /^SELECT pg_catalog\.setval\('"public"\."((?:[^"']|""|'')+)"', (\d+), true\);$/;
const unquote = (name: string) => name.replace(/""/g, '"');
const columnsOf = (list: string) =>
  [...list.matchAll(/"((?:[^"]|"")+)"/g)].map((m) => unquote(m[1]!));

/** Every statement of a dump, checked for shape: a dump is loaded by building each one anew. */
async function* statements(file: string) {
  let header: LogicalDumpHeader | undefined;
  let copying: { table: string; columns: string[] } | undefined;
  let ended = false;
  for await (const line of dumpLines(file)) {
    if (ended) throw new Error('the backup goes on after its end line');
    if (!header) {
      if (!line.startsWith(HEADER)) throw new Error('not a Vizita backup (no header line)');
      header = JSON.parse(line.slice(HEADER.length)) as LogicalDumpHeader;
      if (header.version !== LOGICAL_DUMP_VERSION)
        throw new Error(`backup format ${header.version} is not known to this version of Vizita`);
      yield { kind: 'header', header } as const;
    } else if (copying) {
      if (line === COPY_END) {
        yield { kind: 'copy-end' } as const;
        copying = undefined;
      } else yield { kind: 'row', line } as const;
    } else if (line.startsWith(END)) {
      ended = true;
      yield { kind: 'end', totals: JSON.parse(line.slice(END.length)) as DumpTotals } as const;
    } else if (line.startsWith('--') || line === '') {
      continue;
    } else {
      const copy = COPY_LINE.exec(line);
      const setval = SETVAL_LINE.exec(line);
      if (copy) {
        copying = { table: unquote(copy[1]!), columns: columnsOf(copy[2]!) };
        yield { kind: 'copy', ...copying } as const;
      } else if (setval) {
        yield {
          kind: 'setval',
          sequence: unquote(setval[1]!.replace(/''/g, "'")),
          value: setval[2]!,
        } as const;
      } else throw new Error(`unexpected line in the backup: ${line.slice(0, 80)}`);
    }
  }
  if (!header) throw new Error('the backup is empty');
  if (!ended) throw new Error('the backup is cut short (no end line): it was not written whole');
}

/**
 * Reads a whole dump without touching any database: its header, and its totals once the gzip
 * checksum and the end line prove it complete. A restore checks this before it replaces anything.
 */
export async function inspectLogicalDump(
  file: string,
): Promise<{ header: LogicalDumpHeader; totals: DumpTotals }> {
  let header: LogicalDumpHeader | undefined;
  let totals: DumpTotals | undefined;
  for await (const statement of statements(file)) {
    if (statement.kind === 'header') header = statement.header;
    if (statement.kind === 'end') totals = statement.totals;
  }
  return { header: header!, totals: totals! };
}

/**
 * Loads a dump into a database whose schema the migrations just built, in one transaction: the
 * foreign keys are dropped for the load and added back after it (which checks every reference
 * once, as pg_restore does), and rows a migration seeded are replaced by the backup's.
 */
export async function loadLogicalDump(client: pg.ClientBase, file: string): Promise<DumpTotals> {
  await client.query('begin');
  try {
    const foreignKeys = await client.query<{ tbl: string; name: string; definition: string }>(
      `select format('%I.%I', n.nspname, c.relname) as tbl, quote_ident(k.conname) as name,
              pg_get_constraintdef(k.oid) as definition
         from pg_constraint k
         join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace
        where k.contype = 'f' and n.nspname = 'public'`,
    );
    for (const fk of foreignKeys.rows)
      await client.query(`alter table ${fk.tbl} drop constraint ${fk.name}`);
    const tables = await publicTables(client);
    if (tables.length > 0)
      await client.query(`truncate ${tables.map((t) => `public.${ident(t.name)}`).join(', ')}`);

    const totals: DumpTotals = { tables: 0, rows: 0 };
    let target: ReturnType<typeof copyFrom> | undefined;
    for await (const statement of statements(file)) {
      if (statement.kind === 'copy') {
        target = client.query(
          copyFrom(
            `COPY public.${ident(statement.table)} (${statement.columns.map(ident).join(', ')}) FROM STDIN`,
          ),
        );
      } else if (statement.kind === 'row') {
        await write(target!, `${statement.line}\n`);
      } else if (statement.kind === 'copy-end') {
        target!.end();
        await finished(target!);
        totals.tables += 1;
        totals.rows += target!.rowCount;
        target = undefined;
      } else if (statement.kind === 'setval') {
        await client.query('select pg_catalog.setval($1::regclass, $2::bigint, true)', [
          `public.${ident(statement.sequence)}`,
          statement.value,
        ]);
      }
    }
    for (const fk of foreignKeys.rows)
      await client.query(`alter table ${fk.tbl} add constraint ${fk.name} ${fk.definition}`);
    await client.query('commit');
    return totals;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  }
}
