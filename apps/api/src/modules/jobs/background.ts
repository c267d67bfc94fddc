import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * `tick` runs one pass of the periodic work now (tests, and operators through the admin CLI);
     * `settled` waits for the work after responses.
     */
    backgroundWork: { tick: () => Promise<void>; settled: () => Promise<void> };
  }
}

export type BackgroundTask = { name: string; run: () => Promise<unknown> };

/**
 * The periodic work of one instance: every task is idempotent and safe beside the same loop on
 * other instances (single UPDATE statements, or jobs claimed with SKIP LOCKED), so scaling out
 * needs no leader. `intervalMs` 0 leaves the loop off (tests call `tick` with their own clock).
 * Decorates `app.backgroundWork`, with `settled` for the work after responses (lib/after-response).
 */
export function startBackgroundWork(
  app: FastifyInstance,
  tasks: BackgroundTask[],
  intervalMs: number,
  settled: () => Promise<void>,
) {
  let current: Promise<void> | undefined;
  const runAll = async () => {
    for (const task of tasks) {
      await task
        .run()
        .catch((err: unknown) => app.log.error({ err, task: task.name }, 'background task failed'));
    }
  };
  /** One pass over the tasks; a pass already running is joined, never doubled. */
  const tick = () => {
    current ??= runAll().finally(() => {
      current = undefined;
    });
    return current;
  };

  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (intervalMs > 0) timer = setInterval(() => void tick(), intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await current;
  });
  app.decorate('backgroundWork', { tick, settled });
}
