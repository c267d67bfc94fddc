import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { healthRoutes } from './routes.ts';

/** `/healthz` and `/readyz` for load balancers and monitors. */
export async function registerHealth(app: FastifyInstance, { pool }: { pool: pg.Pool }) {
  await app.register(healthRoutes, { pool });
}
