import type { FastifyInstance } from 'fastify';

export type BackgroundTask = { name: string; run: () => Promise<unknown> };

/**
 * The periodic work of one instance: every task is idempotent and safe beside the same loop on
 * other instances (single UPDATE statements, or jobs claimed with SKIP LOCKED), so scaling out
 * needs no leader. `intervalMs` 0 leaves the loop off (tests call `tick` with their own clock).
 */
export function startBackgroundWork(
  app: FastifyInstance,
  tasks: BackgroundTask[],
  intervalMs: number,
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
  return { tick };
}
