import type { FastifyPluginAsync } from 'fastify';
import type pg from 'pg';
import { isDatabaseReachable } from '../../db/client.ts';

/** /healthz: the process answers. /readyz: it can also reach its database. */
export const healthRoutes: FastifyPluginAsync<{ pool: pg.Pool }> = async (app, { pool }) => {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const database = await isDatabaseReachable(pool);
    return reply
      .status(database ? 200 : 503)
      .send({ status: database ? 'ready' : 'unavailable', database });
  });
};
