import { createHandlerRegistry, type Broadcaster } from './broadcaster.ts';

/**
 * One process only: the default, for a single instance (and for tests that share one between
 * two apps). Delivery is deferred to a microtask so callers see the same asynchrony as over the
 * network, and a publisher never re-enters its own handlers in the middle of a publish.
 */
export function createMemoryBroadcaster(): Broadcaster {
  const registry = createHandlerRegistry({ onFirst: async () => {}, onLast: async () => {} });
  let closed = false;
  return {
    kind: 'memory',
    async publish(channel, message) {
      if (closed) throw new Error('broadcaster is closed');
      queueMicrotask(() => registry.dispatch(channel, message));
    },
    subscribe: (channel, handler) => registry.add(channel, handler),
    async close() {
      closed = true;
      registry.clear();
    },
  };
}
