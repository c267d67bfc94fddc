import type { Config } from '../config.ts';
import type { Broadcaster } from './broadcaster.ts';
import { createMemoryBroadcaster } from './memory-broadcaster.ts';
import { createPostgresBroadcaster } from './postgres-broadcaster.ts';
import { createRedisBroadcaster } from './redis-broadcaster.ts';

type Log = { warn: (obj: object, msg: string) => void };

/**
 * The bus `BROADCASTER` names, one per process: the video rooms' signalling and the availability
 * cache's invalidations travel on it. PostgreSQL's is the app's own database.
 */
export async function createBroadcaster(
  settings: Config['broadcaster'],
  databaseUrl: string | undefined,
  log: Log,
): Promise<Broadcaster> {
  switch (settings.kind) {
    case 'memory':
      return createMemoryBroadcaster();
    case 'postgres':
      if (!databaseUrl) throw new Error('BROADCASTER=postgres needs the database URL (AppDeps)');
      return createPostgresBroadcaster({ url: databaseUrl, log });
    case 'redis':
      return createRedisBroadcaster({ url: settings.redisUrl!, log });
  }
}
