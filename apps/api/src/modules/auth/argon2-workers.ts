import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * Argon2id on threads of our own at the lowest CPU priority (nice 19), instead of libuv's pool
 * at the event loop's priority. A sign-in's ~50 ms of hashing then waits whenever the event loop
 * or PostgreSQL want the core: a storm of sign-ins takes longer, every other request does not
 * (issue #13: /auth/status p99 under 25 ms during 50 concurrent sign-ins on two cores).
 * Where the thread's priority cannot be lowered (no /proc/thread-self outside Linux), the thread
 * still keeps the hashing off the thread pool that file reads and compression share.
 */

// The worker's whole program. Plain CommonJS evaluated as it is (`eval: true`): the server is
// one bundle (build.mjs), and a second entry point for a dozen lines would be a second build.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 19);
} catch {}
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ op, args }) => {
  try {
    const result = op === 'hash' ? argon2.hashSync(...args) : argon2.verifySync(...args);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

type Options = { algorithm: number; memoryCost: number; timeCost: number; parallelism: number };
type Reply = { result?: unknown; error?: string };
type Task = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * `count` hashing threads, started on first use. A thread keeps the process alive while it has a
 * task and not while it idles, so a command-line tool that hashed a password exits when done.
 * Callers run at most `count` tasks at once (the bounded queue in passwords.ts), so each task
 * finds a free thread.
 */
export function createArgon2Workers(count: number) {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const idle: Worker[] = [];
  // Each thread does one task at a time: the one it does now.
  const tasks = new Map<Worker, Task>();
  let started = 0;

  function spawn(): Worker {
    // No flags of the process (`--input-type=module`, a loader): the source is plain CommonJS.
    const worker = new Worker(WORKER_SOURCE, { eval: true, execArgv: [], workerData: { argon2 } });
    worker.on('message', ({ result, error }: Reply) => {
      const task = tasks.get(worker);
      tasks.delete(worker);
      worker.unref();
      idle.push(worker);
      if (error === undefined) task?.resolve(result);
      else task?.reject(new Error(error));
    });
    worker.on('error', (error) => {
      // A thread that died takes its task with it; a later call starts another.
      tasks.get(worker)?.reject(error);
      tasks.delete(worker);
      started -= 1;
    });
    // Unref'd only now: attaching a 'message' listener refs a worker again.
    worker.unref();
    started += 1;
    return worker;
  }

  function run<T>(op: 'hash' | 'verify', args: unknown[]): Promise<T> {
    const worker = idle.pop() ?? (started < count ? spawn() : undefined);
    if (!worker) return Promise.reject(new Error(`more than ${count} argon2 tasks at once`));
    return new Promise<T>((resolve, reject) => {
      tasks.set(worker, { resolve: resolve as (value: unknown) => void, reject });
      worker.ref();
      worker.postMessage({ op, args });
    });
  }

  return {
    hash: (password: string, options: Options) => run<string>('hash', [password, options]),
    verify: (hash: string, password: string) => run<boolean>('verify', [hash, password]),
  };
}
