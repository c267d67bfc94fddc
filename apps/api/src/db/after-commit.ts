import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

// Work that may only happen once a transaction's changes are visible to everyone — telling a
// page on another instance "your bell changed" — registered from inside the transaction, by code
// that is given only the transaction (a `notify(tx, …)` deep in a module's service). PostgreSQL's
// own after-commit signal, NOTIFY, would tie the core flows to one engine (ARCHITECTURE.md §1).

type Task = () => void;
type TxOf = Parameters<Parameters<Db['transaction']>[0]>[0];
type TxConfig = Parameters<Db['transaction']>[1];

/** The task list of the transaction (or savepoint) a `tx` belongs to, and its database. */
const scopes = new WeakMap<object, { tasks: Task[]; db: Db }>();
const tracked = new WeakSet<Db>();

/**
 * Makes `db.transaction` run the tasks that `afterCommit` registered inside it once it has
 * committed — not when it rolled back. A savepoint's tasks join its transaction's when it is
 * released, and are dropped with it when it is rolled back. Called once per database (client.ts).
 */
export function trackCommits(db: Db): void {
  if (tracked.has(db)) return;
  tracked.add(db);
  const begin = db.transaction.bind(db);
  async function run<T>(work: (tx: TxOf) => Promise<T>, config?: TxConfig): Promise<T> {
    const tasks: Task[] = [];
    const result = await begin((tx) => work(adopt(tx, tasks, db)), config);
    runAll(tasks);
    return result;
  }
  db.transaction = run;
}

function adopt(tx: TxOf, tasks: Task[], db: Db): TxOf {
  scopes.set(tx, { tasks, db });
  const savepoint = tx.transaction.bind(tx);
  async function nested<T>(work: (sp: TxOf) => Promise<T>): Promise<T> {
    const inner: Task[] = [];
    const result = await savepoint((sp) => work(adopt(sp, inner, db)));
    // Released: its tasks are the transaction's now. A rollback to it threw past this line.
    tasks.push(...inner);
    return result;
  }
  tx.transaction = nested;
  return tx;
}

function runAll(tasks: Task[]) {
  for (const task of tasks) {
    try {
      task();
    } catch {
      // A task is fire-and-forget (it logs its own failures); the commit has happened regardless.
    }
  }
}

/**
 * Runs `task` once `tx` has committed: at the end of the outermost transaction, or — when `tx`
 * is the database itself, outside any transaction — right after the statement that came before,
 * which committed on its own. A transaction of a database `trackCommits` never saw is a bug.
 */
export function afterCommit(tx: Tx, task: Task): void {
  const scope = scopes.get(tx);
  if (scope) {
    scope.tasks.push(task);
    return;
  }
  if (tx instanceof PgTransaction)
    throw new Error('afterCommit: a transaction of a database that trackCommits() never saw');
  queueMicrotask(() => runAll([task]));
}

/** The database a transaction (or the database itself) belongs to. */
export function databaseOf(tx: Tx): Db {
  return scopes.get(tx)?.db ?? (tx as Db);
}
