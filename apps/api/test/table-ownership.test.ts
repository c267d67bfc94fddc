import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';

// ARCHITECTURE.md §2, STYLE.md §9a: a table has one owning module, and only it writes the table.
// Lint keeps a module out of another's repo.ts (module-boundaries.test.ts); this keeps the writes
// themselves where they belong, wherever the SQL is written. It reads every source file of the
// API (db/ aside: the schema, migrations and backup/restore), finds its writes — drizzle's
// `.insert(t)`, `.update(t)`, `.delete(t)` of a table imported from db/schema.ts, and `insert
// into`, `update`, `delete from` in sql`…` templates — and fails on a write outside the owner.

const src = fileURLToPath(new URL('../src/', import.meta.url));

type TableKey = keyof typeof schema;

/**
 * Who writes each table: a module (a folder of src/modules), or for the few tables kept by
 * infrastructure, the lib file that does. Every table of db/schema.ts is here — a new table is
 * given an owner, or the type check and the first test below fail. The others use the owner's
 * service or a file it publishes for them (src/modules/README.md lists those files).
 */
const TABLE_OWNERS = {
  users: 'auth',
  sessions: 'auth',
  refreshTokens: 'auth',
  oneTimeTokens: 'auth',
  twoFactor: 'auth',
  recoveryCodes: 'auth',
  trustedDevices: 'auth',
  patientProfiles: 'profile',
  dependants: 'family',
  doctorProfiles: 'doctors',
  doctorPhotos: 'doctor-profile',
  doctorWeeklyHours: 'schedules',
  doctorScheduleExceptions: 'schedules',
  appointments: 'appointments',
  consultationNotes: 'doctor-console',
  appointmentDocuments: 'documents',
  payments: 'payments',
  localCheckoutSessions: 'payments',
  invoices: 'invoices',
  invoiceCounters: 'invoices',
  meetingEvents: 'meetings',
  guestInvitations: 'guest-consultations',
  consents: 'legal',
  jobs: 'jobs',
  mailOutbox: 'mail',
  auditLog: 'lib/audit.ts',
  rateLimitCounters: 'lib/rate-limiter.ts',
  notifications: 'notifications',
  notificationPreferences: 'notifications',
  messageThreads: 'messages',
  messages: 'messages',
  messageAttachments: 'messages',
  messageThreadReads: 'messages',
  followUpProposals: 'follow-ups',
  waitlistEntries: 'waitlist',
  waitlistOffers: 'waitlist',
  issuedDocuments: 'verification',
  clinicalDocuments: 'clinical-documents',
  clinicalDocumentVersions: 'clinical-documents',
  onDemandRequests: 'on-demand',
  doctorOnCall: 'on-demand',
} as const satisfies Record<TableKey, string>;

type Verb = 'insert' | 'update' | 'delete';

/**
 * The one exception, by design: the sweeps that erase a person (GDPR Art. 17, ADR 0025) and
 * apply the retention periods (ADR 0026) delete and anonymise across every table that holds
 * personal data, in one transaction or one pass, without asking each owner. They may delete and
 * update any table; they insert into none but their own module's.
 */
const SWEEPS: Record<string, readonly Verb[]> = {
  'modules/privacy/account-erasure.ts': ['delete', 'update'],
  'modules/retention/retention.ts': ['delete'],
};

const tableKeyBySqlName = new Map<string, TableKey>(
  (Object.keys(TABLE_OWNERS) as TableKey[]).map((key) => [getTableName(schema[key]), key]),
);

type Write = { table: TableKey; verb: Verb; line: number };

const lineAt = (code: string, index: number) => code.slice(0, index).split('\n').length;

/** How a file names the tables it imports from db/schema.ts: `users`, `users as u`, `s.users`. */
function schemaImports(code: string) {
  const tables = new Map<string, TableKey>();
  const namespaces = new Set<string>();
  const from = String.raw`from\s*['"][^'"]*\/db\/schema(?:\.ts)?['"]`;
  for (const m of code.matchAll(new RegExp(String.raw`import\s+\{([^}]*)\}\s*` + from, 'g')))
    for (const spec of m[1]!.split(',')) {
      const [name, alias] = spec
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (name && Object.hasOwn(TABLE_OWNERS, name) && !/^\s*type\s/.test(spec))
        tables.set(alias ?? name, name as TableKey);
    }
  for (const m of code.matchAll(new RegExp(String.raw`import\s+\*\s+as\s+(\w+)\s+` + from, 'g')))
    namespaces.add(m[1]!);
  return { tables, namespaces };
}

/** The raw text of every sql`…` template (interpolations as written), and where it starts. */
function sqlTemplates(code: string) {
  const found: { text: string; at: number }[] = [];
  for (const m of code.matchAll(/\bsql\s*(?:<[^`]*?>)?\s*`/g)) {
    const start = m.index + m[0].length;
    let depth = 0;
    let i = start;
    for (; i < code.length; i++) {
      const c = code[i];
      if (c === '\\') i++;
      else if (depth === 0 && c === '`') break;
      else if (depth === 0 && c === '$' && code[i + 1] === '{') {
        depth = 1;
        i++;
      } else if (depth > 0 && c === '{') depth++;
      else if (depth > 0 && c === '}') depth--;
    }
    found.push({ text: code.slice(start, i), at: start });
  }
  return found;
}

/** Every write of a db/schema.ts table in one source file. */
function writesIn(code: string): Write[] {
  const { tables, namespaces } = schemaImports(code);
  const tableOf = (name: string) => {
    const [head, member] = name.split('.');
    if (member === undefined) return tables.get(head!);
    return namespaces.has(head!) && Object.hasOwn(TABLE_OWNERS, member)
      ? (member as TableKey)
      : undefined;
  };
  const writes: Write[] = [];
  const add = (table: TableKey | undefined, verb: string, index: number) => {
    if (table) writes.push({ table, verb: verb.toLowerCase() as Verb, line: lineAt(code, index) });
  };

  // drizzle: db.insert(users), tx\n  .update(schema.sessions), .delete( consents )
  for (const m of code.matchAll(/\.\s*(insert|update|delete)\s*\(\s*([\w$]+(?:\.[\w$]+)?)\s*[,)]/g))
    add(tableOf(m[2]!), m[1]!, m.index);

  // SQL: insert into invoice_counters …, update "users" set …, delete from ${sessions} …
  const statement =
    /\b(insert\s+into|update|delete\s+from)\s+(?:only\s+)?(?:"?public"?\.)?(?:"([^"]+)"|\$\{\s*([\w$.]+)\s*\}|([a-z_][a-z0-9_]*))/gi;
  for (const { text, at } of sqlTemplates(code))
    for (const m of text.matchAll(statement)) {
      const verb = m[1]!.split(/\s+/)[0]!;
      const sqlName = m[2] ?? m[4];
      add(
        sqlName ? tableKeyBySqlName.get(sqlName.toLowerCase()) : tableOf(m[3]!),
        verb,
        at + m.index,
      );
    }
  return writes;
}

/** Who a source file writes for: its module, or (outside modules/) its own path from src/. */
const ownerOfFile = (path: string) => /^modules\/([^/]+)\//.exec(path)?.[1] ?? path;

/** The writes of `code`, as the file at `path` (from src/), that the table map does not allow. */
function violations(path: string, code: string): string[] {
  const owner = ownerOfFile(path);
  return writesIn(code)
    .filter(({ table, verb }) => {
      if (TABLE_OWNERS[table] === owner) return false;
      return !SWEEPS[path]?.includes(verb);
    })
    .map(
      ({ table, verb, line }) =>
        `${path}:${line} ${verb}s ${getTableName(schema[table])}, owned by ${TABLE_OWNERS[table]}`,
    );
}

/** Every source file of the API that may write (tests and db/ aside), by path from src/. */
function sourceFiles() {
  return (readdirSync(src, { recursive: true }) as string[])
    .map((f) => f.split('\\').join('/'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.startsWith('db/'))
    .sort();
}

describe('every table is written by its owner only', () => {
  it('gives every table of db/schema.ts one owner that exists', () => {
    expect(Object.keys(TABLE_OWNERS).sort()).toEqual(Object.keys(schema).sort());
    for (const owner of new Set(Object.values(TABLE_OWNERS)))
      expect(existsSync(join(src, owner.includes('/') ? owner : `modules/${owner}`)), owner).toBe(
        true,
      );
  });

  it('finds the writes drizzle and SQL templates make, and nothing else', () => {
    const code = `
      import { consents, type jobs, users as u, sessions } from '../../db/schema.ts';
      import * as s from '../../db/schema.ts';
      await db.insert(u).values(row);
      await tx
        .update(s.payments)
        .set({ status });
      await tx.delete( consents ).where(x);
      await db.execute(sql\`insert into invoice_counters (series) values (\${series})\`);
      await db.execute(sql<number>\`delete from \${sessions} where id = \${id}\`);
      await db.execute(sql\`UPDATE "doctor_profiles" SET fee_minor = 1\`);
      // Not writes: reads, a type import, other objects' methods, locks, an upsert's own update.
      await db.select().from(u).where(eq(u.id, id)).for('update');
      cache.delete(key); createHash('sha256').update(text); app.delete('/x', handler);
      db.insert(jobs); db.update(local);
      await db.execute(sql\`select 1 for update skip locked\`);
      await db.execute(sql\`insert into t values (1) on conflict do update set n = 2\`);
    `;
    expect(writesIn(code).map(({ table, verb, line }) => `${line} ${verb} ${table}`)).toEqual([
      '4 insert users',
      '6 update payments',
      '8 delete consents',
      '9 insert invoiceCounters',
      '10 delete sessions',
      '11 update doctorProfiles',
    ]);
  });

  it("refuses a write of another module's table, and allows the owner's", () => {
    const planted = `
      import { users } from '../../db/schema.ts';
      export const paid = (tx, id) => tx.update(users).set({ isPaid: true }).where(byId(id));
    `;
    expect(violations('modules/payments/probe.ts', planted)).toEqual([
      'modules/payments/probe.ts:3 updates users, owned by auth',
    ]);
    expect(violations('lib/probe.ts', planted)).toEqual([
      'lib/probe.ts:3 updates users, owned by auth',
    ]);
    expect(violations('modules/auth/probe.ts', planted)).toEqual([]);
    const counter = 'await db.execute(sql`update invoice_counters set next = next + 1`);';
    expect(violations('modules/payments/probe.ts', counter)).toEqual([
      'modules/payments/probe.ts:1 updates invoice_counters, owned by invoices',
    ]);
  });

  it('lets the sweeps delete and anonymise across tables, but insert into none', () => {
    const sweep = `
      import { sessions, users } from '../../db/schema.ts';
      await tx.delete(sessions).where(eq(sessions.userId, id));
      await tx.update(users).set({ email: erased }).where(eq(users.id, id));
      await tx.insert(users).values(row);
    `;
    expect(violations('modules/privacy/account-erasure.ts', sweep)).toEqual([
      'modules/privacy/account-erasure.ts:5 inserts users, owned by auth',
    ]);
    expect(violations('modules/retention/retention.ts', sweep)).toEqual([
      'modules/retention/retention.ts:4 updates users, owned by auth',
      'modules/retention/retention.ts:5 inserts users, owned by auth',
    ]);
    // A file beside them is no sweep.
    expect(violations('modules/privacy/data-export.ts', sweep)).toHaveLength(3);
  });

  it('holds on the tree as it is', () => {
    const files = sourceFiles();
    const code = new Map(files.map((f) => [f, readFileSync(join(src, f), 'utf8')]));
    expect(files.flatMap((f) => violations(f, code.get(f)!))).toEqual([]);

    // The check sees the real tree: every owner writes its tables, and every sweep still writes
    // beyond its module (an exception no longer needed is taken off the list).
    const written = new Set(
      files.flatMap((f) =>
        writesIn(code.get(f)!)
          .filter(({ table }) => TABLE_OWNERS[table] === ownerOfFile(f))
          .map(({ table }) => table),
      ),
    );
    expect((Object.keys(TABLE_OWNERS) as TableKey[]).filter((t) => !written.has(t))).toEqual([]);
    for (const sweep of Object.keys(SWEEPS))
      expect(
        writesIn(code.get(sweep) ?? '').some(
          ({ table }) => TABLE_OWNERS[table] !== ownerOfFile(sweep),
        ),
        sweep,
      ).toBe(true);
  });
});
