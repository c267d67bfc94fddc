/**
 * Work a request starts but does not wait for: it runs on a later turn of the event loop, once the
 * answer is on its way, so how long the answer takes tells nothing about it — an account mail is
 * sent (or not) after "if an account exists, we sent a link" has left. `settled()` waits for all
 * of it: shutdown does, and so do tests before they read the mails.
 */
export function createAfterResponse(log: { error: (obj: object, msg: string) => void }) {
  const pending = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<unknown>): void {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => {},
          (err: unknown) => log.error({ err, task: name }, 'work after the response failed'),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    },
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
export type AfterResponse = ReturnType<typeof createAfterResponse>;
