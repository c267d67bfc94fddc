import type { FastifyInstance } from 'fastify';
import type { Broadcaster } from '../../broadcast/broadcaster.ts';

declare module 'fastify' {
  interface FastifyInstance {
    availability: {
      /**
       * A slot may have moved outside a marked route (a test's or an operator's SQL): every
       * instance forgets the availability it keeps.
       */
      changed: () => Promise<void>;
      /** This instance's cache: doctors kept, reads answered from memory or computed. */
      stats: () => { entries: number; hits: number; misses: number };
    };
  }
  interface FastifyContextConfig {
    /**
     * This route may take, free or move a slot (a hold, a payment's end, a cancellation, a
     * schedule edit): every instance's availability cache is emptied before its answer leaves
     * (ADR 0033). Marking a route that changes nothing costs a little speed, never correctness.
     */
    changesAvailability?: boolean;
  }
}

/** The broadcaster channel of the news; the prefix keeps deployments sharing a Redis apart. */
export const availabilityChannel = (prefix: string) => `${prefix}:availability`;

/**
 * Carries "a slot may have moved" to every instance (ADR 0033). A route marked
 * `changesAvailability` empties this instance's availability cache and tells the others on the
 * broadcaster before its answer leaves, so whoever reads availability after receiving that answer
 * (here at once, elsewhere once the broadcaster has delivered, about a millisecond) sees the change.
 * The hook is added before any route: Fastify gives a route the hooks that exist when it is added.
 */
export async function shareAvailabilityChanges(
  app: FastifyInstance,
  {
    broadcaster,
    channelPrefix,
    forget,
    stats,
  }: {
    broadcaster: Broadcaster;
    channelPrefix: string;
    forget: () => void;
    stats: () => { entries: number; hits: number; misses: number };
  },
) {
  const channel = availabilityChannel(channelPrefix);
  // Every instance's news, this one's own included: forgetting twice costs nothing.
  await broadcaster.subscribe(channel, () => forget());
  const changed = async (log = app.log) => {
    forget();
    try {
      await broadcaster.publish(channel, 'changed');
    } catch (err) {
      // The change itself is saved; the other instances' copies expire by themselves (30 s).
      log.warn({ err }, 'could not tell the other instances that availability changed');
    }
  };
  app.decorate('availability', { changed: () => changed(), stats });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.routeOptions.config.changesAvailability) await changed(request.log);
    return payload;
  });
}
