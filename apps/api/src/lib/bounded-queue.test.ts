import { describe, expect, it } from 'vitest';
import { createBoundedQueue, QueueFullError } from './bounded-queue.ts';

/** A task that runs until released, recording how many ran at once. */
function gate() {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
}

describe('createBoundedQueue', () => {
  it('never runs more than its concurrency, serves waiters in order, and refuses beyond the queue', async () => {
    const queue = createBoundedQueue('argon2', 2, 3);
    expect(() => queue.refuseIfFull()).not.toThrow();
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let atOnce = 0;
    let most = 0;
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        atOnce += 1;
        most = Math.max(most, atOnce);
        await g.done;
        atOnce -= 1;
        return i;
      }),
    );
    // A sixth while two run and three wait: refused at once, not queued; asked ahead, too.
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    expect(() => queue.refuseIfFull()).toThrow(QueueFullError);
    expect(queue.stats()).toEqual({ running: 2, queued: 3 });

    // A finished task hands its slot to the first waiter; a newcomer queues behind the others.
    gates[0]!.release();
    await runs[0];
    expect(queue.stats()).toEqual({ running: 2, queued: 2 });
    const overtaking = queue.run(async () => {
      started.push(99);
      return 'newcomer';
    });
    for (const g of gates.slice(1)) g.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(await overtaking).toBe('newcomer');
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    expect(most).toBe(2);
    expect(queue.stats()).toEqual({ running: 0, queued: 0 });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = createBoundedQueue('argon2', 1, 0);
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(queue.run(async () => 'next')).resolves.toBe('next');
  });
});
