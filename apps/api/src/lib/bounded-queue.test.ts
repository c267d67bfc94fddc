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
    const queue = createBoundedQueue('argon2', 2, [{ lane: 'only', maxQueued: 3 }]);
    expect(() => queue.refuseIfFull('only')).not.toThrow();
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    let atOnce = 0;
    let most = 0;
    const runs = gates.map((g, i) =>
      queue.run('only', async () => {
        started.push(i);
        atOnce += 1;
        most = Math.max(most, atOnce);
        await g.done;
        atOnce -= 1;
        return i;
      }),
    );
    // A sixth while two run and three wait: refused at once, not queued; asked ahead, too.
    await expect(queue.run('only', async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    expect(() => queue.refuseIfFull('only')).toThrow(QueueFullError);
    expect(queue.stats()).toEqual({ running: 2, queued: { only: 3 } });

    // A finished task hands its slot to the first waiter; a newcomer queues behind the others.
    gates[0]!.release();
    await runs[0];
    expect(queue.stats()).toEqual({ running: 2, queued: { only: 2 } });
    const overtaking = queue.run('only', async () => {
      started.push(99);
      return 'newcomer';
    });
    for (const g of gates.slice(1)) g.release();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(await overtaking).toBe('newcomer');
    expect(started).toEqual([0, 1, 2, 3, 4, 99]);
    expect(most).toBe(2);
    expect(queue.stats()).toEqual({ running: 0, queued: { only: 0 } });
  });

  it('frees the slot of a task that fails', async () => {
    const queue = createBoundedQueue('argon2', 1, [{ lane: 'only', maxQueued: 0 }]);
    await expect(queue.run('only', async () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    await expect(queue.run('only', async () => 'next')).resolves.toBe('next');
  });
  it('serves a waiting sign-in before any other waiting task, and refuses each lane at its own limit', async () => {
    const queue = createBoundedQueue('argon2', 1, [
      { lane: 'signIn', maxQueued: 2 },
      { lane: 'other', maxQueued: 1 },
    ]);
    const order: string[] = [];
    const first = gate();
    const running = queue.run('other', async () => {
      order.push('other 1');
      await first.done;
    });
    const otherWaiting = queue.run('other', async () => void order.push('other 2'));
    // The other lane is full: a third is refused at once, while sign-ins still find a place.
    await expect(queue.run('other', async () => 'late')).rejects.toBeInstanceOf(QueueFullError);
    expect(() => queue.refuseIfFull('other')).toThrow(QueueFullError);
    expect(() => queue.refuseIfFull('signIn')).not.toThrow();
    const signIns = [1, 2].map((n) =>
      queue.run('signIn', async () => void order.push(`sign-in ${n}`)),
    );
    expect(queue.stats()).toEqual({ running: 1, queued: { signIn: 2, other: 1 } });
    // Now the sign-ins' own line is full too.
    expect(() => queue.refuseIfFull('signIn')).toThrow(QueueFullError);
    await expect(queue.run('signIn', async () => 'late')).rejects.toBeInstanceOf(QueueFullError);

    // The slot goes to the sign-ins first, though the other task waited longer.
    first.release();
    await Promise.all([running, otherWaiting, ...signIns]);
    expect(order).toEqual(['other 1', 'sign-in 1', 'sign-in 2', 'other 2']);
    expect(queue.stats()).toEqual({ running: 0, queued: { signIn: 0, other: 0 } });
  });
});
