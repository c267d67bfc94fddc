import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { afterCommit, databaseOf } from '../src/db/after-commit.ts';
import { createTestDatabase } from './test-app.ts';

// Work registered inside a transaction runs once it committed — never for a rollback — so that a
// page on another instance is told only of what it can then read (issue #20's bell).

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('afterCommit', () => {
  it('runs after the commit, when the change is visible, and not before', async () => {
    const { db } = database;
    await db.execute(sql`create table probe (n int)`);
    const seen: string[] = [];
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into probe values (1)`);
      afterCommit(tx, () => seen.push('committed'));
      expect(databaseOf(tx)).toBe(db);
      await tick();
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['committed']);
  });

  it('drops the work of a rolled-back transaction, and of a rolled-back savepoint only', async () => {
    const { db } = database;
    const seen: string[] = [];
    await db
      .transaction(async (tx) => {
        afterCommit(tx, () => seen.push('rolled back'));
        throw new Error('no');
      })
      .catch(() => {});
    await db.transaction(async (tx) => {
      afterCommit(tx, () => seen.push('outer'));
      await tx
        .transaction(async (sp) => {
          afterCommit(sp, () => seen.push('undone savepoint'));
          throw new Error('no');
        })
        .catch(() => {});
      await tx.transaction(async (sp) => {
        afterCommit(sp, () => seen.push('released savepoint'));
        expect(databaseOf(sp)).toBe(db);
      });
    });
    expect(seen).toEqual(['outer', 'released savepoint']);
  });

  it('runs at once outside a transaction (the statement before committed on its own)', async () => {
    const seen: string[] = [];
    afterCommit(database.db, () => seen.push('now'));
    await tick();
    expect(seen).toEqual(['now']);
  });

  it('refuses the transaction of a database whose commits are not tracked', async () => {
    const untracked = drizzle(database.pool);
    await expect(untracked.transaction(async (tx) => afterCommit(tx, () => {}))).rejects.toThrow(
      /trackCommits/,
    );
  });
});
