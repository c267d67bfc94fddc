/**
 * Resolves in a task of its own: what follows runs after the browser has had its turn (input,
 * a paint), so that the app's start is several short tasks, not one long one that a phone's
 * main thread cannot answer a tap during (Lighthouse's blocking time counts each task's time over
 * 50 ms). `scheduler.yield` where the browser has it: it goes on before other queued work.
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
