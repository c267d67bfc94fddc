import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { applyMigrations } from '../src/db/migrate.ts';

// The zero-setup database a newcomer gets: the app connects as a role of its own, never as the
// cluster's superuser (issue #11), also with a data directory from before that role existed.

const dataDir = mkdtempSync(join(tmpdir(), 'vizita-embedded-role-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

describe('the embedded database', () => {
  it('gives the app an owner role without superuser rights, and hands it what the superuser made', async () => {
    const first = await startEmbeddedPostgres({ dataDir });
    try {
      // As an earlier version did: the superuser made a table and the migrations' schema.
      await withClient(first.adminUrl, async (admin) => {
        await admin.query('create table public.made_before (id int)');
        await admin.query('create schema if not exists drizzle');
        await admin.query('create table drizzle.made_before (id serial primary key)');
      });
    } finally {
      await first.stop();
    }

    const db = await startEmbeddedPostgres({ dataDir });
    try {
      await withClient(db.url, async (app) => {
        const { rows } = await app.query(
          'select current_user as who, rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = current_user',
        );
        expect(rows[0]).toEqual({
          who: 'vizita_app',
          rolsuper: false,
          rolcreatedb: false,
          rolcreaterole: false,
        });
        // It owns what it needs …
        await app.query('alter table public.made_before add column note text');
        await app.query('insert into drizzle.made_before default values');
        // … and nothing a flaw in a query could turn against the machine or other data.
        for (const sql of [
          'create role intruder login',
          'create database elsewhere',
          "copy (select 1) to program 'true'",
          'select * from pg_authid',
          "select pg_read_file('postgresql.conf')",
        ])
          await expect(app.query(sql), sql).rejects.toThrow(/permission denied|must be/);
      });
      // The migrations run as the app role and create its tables.
      await applyMigrations(db.url);
      await withClient(db.url, async (app) => {
        const owners = await app.query(
          "select distinct tableowner from pg_tables where schemaname = 'public'",
        );
        expect(owners.rows).toEqual([{ tableowner: 'vizita_app' }]);
      });
    } finally {
      await db.stop();
    }
  }, 120_000);
});

describe('the embedded database’s port', () => {
  it('is never one the server will listen on, though the OS calls it free', async () => {
    // The OS hands out the port the server was given (free until the server binds it), twice.
    const offered = [41234, 41234, 41235];
    const port = await freePort([41234, 3000], async () => offered.shift()!);
    expect(port).toBe(41235);
    expect(offered).toEqual([]);
    // Nothing to avoid: the first port the OS offers.
    expect(await freePort([], async () => 41236)).toBe(41236);
  });
});
