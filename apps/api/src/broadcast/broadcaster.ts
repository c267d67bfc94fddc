/**
 * Fan-out between API instances (ARCHITECTURE.md §1): signalling for one meeting may reach a
 * patient on one instance and a doctor on another. Messages are opaque strings; delivery is
 * at-most-once and in order per publisher, and every subscriber hears every message on its
 * channel, including the ones its own instance published (callers filter by sender).
 */
export interface Broadcaster {
  readonly kind: 'memory' | 'postgres' | 'redis';
  publish(channel: string, message: string): Promise<void>;
  /** Answers the function that removes this handler (and stops listening when it was the last). */
  subscribe(channel: string, handler: (message: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** A message the transport cannot carry (PostgreSQL NOTIFY payloads stop below 8000 bytes). */
export class BroadcastTooLargeError extends Error {
  constructor(
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`broadcast message of ${bytes} bytes exceeds the transport's limit of ${limit} bytes`);
    this.name = 'BroadcastTooLargeError';
  }
}

/**
 * Handlers per channel, shared by the adapters: `onFirst`/`onLast` run when a channel gains its
 * first handler or loses its last, so the transport listens once per channel however many rooms
 * of this instance use it.
 */
export function createHandlerRegistry({
  onFirst,
  onLast,
  onHandlerError,
}: {
  onFirst: (channel: string) => Promise<void>;
  onLast: (channel: string) => Promise<void>;
  onHandlerError?: (error: unknown) => void;
}) {
  const handlers = new Map<string, Set<(message: string) => void>>();
  return {
    channels: () => [...handlers.keys()],
    dispatch(channel: string, message: string) {
      for (const handler of handlers.get(channel) ?? []) {
        try {
          handler(message);
        } catch (error) {
          // One faulty subscriber must not starve the others of the message.
          onHandlerError?.(error);
        }
      }
    },
    async add(channel: string, handler: (message: string) => void) {
      let set = handlers.get(channel);
      const first = !set;
      if (!set) handlers.set(channel, (set = new Set()));
      // A fresh function per subscription, so the same handler subscribed twice stays twice.
      const entry = (message: string) => handler(message);
      set.add(entry);
      if (first) {
        try {
          await onFirst(channel);
        } catch (error) {
          set.delete(entry);
          if (set.size === 0) handlers.delete(channel);
          throw error;
        }
      }
      let removed = false;
      return async () => {
        if (removed) return;
        removed = true;
        const current = handlers.get(channel);
        if (!current?.delete(entry) || current.size > 0) return;
        handlers.delete(channel);
        await onLast(channel);
      };
    },
    clear: () => handlers.clear(),
  };
}
