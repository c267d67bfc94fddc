import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createArgon2Workers } from './argon2-workers.ts';

const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The nice value of one thread of this process (Linux: field 19 of /proc/self/task/<tid>/stat). */
function nicenessOf(tid: string | number): number {
  const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of each thread of this process. */
function threadNiceness(): number[] {
  return readdirSync('/proc/self/task').map(nicenessOf);
}

describe('argon2id on threads of its own', () => {
  it('hashes and verifies, a wrong password fails, and an invalid hash is an error', async () => {
    const argon2 = createArgon2Workers(2);
    const hash = await argon2.hash('Correct-Horse-2026!', ARGON2ID);
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [right, wrong] = await Promise.all([
      argon2.verify(hash, 'Correct-Horse-2026!'),
      argon2.verify(hash, 'Wrong-Horse-2026!'),
    ]);
    expect([right, wrong]).toEqual([true, false]);
    await expect(argon2.verify('not a hash', 'x')).rejects.toThrow();
    // A thread is ready again after an error.
    expect(await argon2.verify(hash, 'Correct-Horse-2026!')).toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'runs them at the lowest CPU priority, so the event loop always comes first',
    async () => {
      const before = threadNiceness().filter((n) => n === 19).length;
      const argon2 = createArgon2Workers(1);
      await argon2.hash('Correct-Horse-2026!', ARGON2ID);
      expect(threadNiceness().filter((n) => n === 19).length).toBe(before + 1);
      // The process's own thread (its id is the process's: not the first listed, once the
      // machine's thread ids have wrapped around) keeps its priority.
      expect(nicenessOf(process.pid)).toBe(0);
    },
  );

  it('keeps a process alive while it hashes, and lets it end when the threads idle', async () => {
    // What the admin command line does: hash one password with nothing else to wait for, then end.
    const program = `
      import { createArgon2Workers } from ${JSON.stringify(new URL('./argon2-workers.ts', import.meta.url).pathname)};
      const hash = await createArgon2Workers(1).hash('Correct-Horse-2026!', ${JSON.stringify(ARGON2ID)});
      console.log(hash.slice(0, 10));
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', program],
      { timeout: 20_000, killSignal: 'SIGKILL' },
    );
    expect(stdout.trim()).toBe('$argon2id$');
  });

  it('refuses more tasks at once than it has threads', async () => {
    const argon2 = createArgon2Workers(1);
    const first = argon2.hash('Correct-Horse-2026!', ARGON2ID);
    await expect(argon2.hash('Correct-Horse-2026!', ARGON2ID)).rejects.toThrow(
      'more than 1 argon2 tasks at once',
    );
    await first;
  });
});
