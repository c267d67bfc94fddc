import { Redis } from 'ioredis';
import { createHandlerRegistry, type Broadcaster } from './broadcaster.ts';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * Redis pub/sub (ARCHITECTURE.md §1): a connection in subscriber mode can run nothing else, so
 * one connection subscribes and another publishes. ioredis reconnects and re-subscribes by
 * itself; messages published while a connection is down are lost, as pub/sub always does.
 */
export async function createRedisBroadcaster({
  url,
  log,
}: {
  url: string;
  log?: Log;
}): Promise<Broadcaster> {
  // A publish during an outage fails after a few tries instead of queueing forever.
  const options = { lazyConnect: true, maxRetriesPerRequest: 2, connectTimeout: 5000 };
  const subscriber = new Redis(url, options);
  const publisher = new Redis(url, options);
  // Without listeners, ioredis prints every connection error as "Unhandled error event".
  let lastWarned = 0;
  const warn = (err: Error) => {
    if (Date.now() - lastWarned < 10_000) return;
    lastWarned = Date.now();
    log?.warn({ err }, 'broadcaster cannot reach Redis');
  };
  subscriber.on('error', warn);
  publisher.on('error', warn);

  const registry = createHandlerRegistry({
    onFirst: async (channel) => void (await subscriber.subscribe(channel)),
    onLast: async (channel) => void (await subscriber.unsubscribe(channel).catch(() => 0)),
    onHandlerError: (err) => log?.warn({ err }, 'broadcast handler failed'),
  });
  subscriber.on('message', (channel: string, message: string) =>
    registry.dispatch(channel, message),
  );

  try {
    await Promise.all([subscriber.connect(), publisher.connect()]);
  } catch (error) {
    subscriber.disconnect();
    publisher.disconnect();
    throw error;
  }

  return {
    kind: 'redis',
    async publish(channel, message) {
      await publisher.publish(channel, message);
    },
    subscribe: (channel, handler) => registry.add(channel, handler),
    async close() {
      registry.clear();
      await Promise.all([
        subscriber.quit().catch(() => subscriber.disconnect()),
        publisher.quit().catch(() => publisher.disconnect()),
      ]);
    },
  };
}
