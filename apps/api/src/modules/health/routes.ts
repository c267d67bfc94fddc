import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { isDatabaseReachable } from '../../db/client.ts';

/**
 * /healthz: the process answers. /readyz: it can also reach its database. A load balancer or a
 * monitor asks every few seconds, so neither writes a request line (their warnings still show).
 */
export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async () => ({ status: 'ok' }));
  app.get('/readyz', quiet, async (_request, reply) => {
    const database = await isDatabaseReachable(pool);
    return reply
      .status(database ? 200 : 503)
      .send({ status: database ? 'ready' : 'unavailable', database });
  });
};
