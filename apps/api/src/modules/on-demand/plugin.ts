import type { FastifyInstance } from 'fastify';
import { onDemandRoutes } from './routes.ts';
import { createOnDemandService, type OnDemandDeps } from './service.ts';

/**
 * "See a doctor now": a queue of paid visits without a doctor, taken by the first free doctor
 * available now — held and paid through the appointments module's holds and the payments
 * module's checkout, refunded through its refund job (ADR 0042).
 */
export async function registerOnDemand(app: FastifyInstance, deps: OnDemandDeps) {
  const onDemand = createOnDemandService(deps);
  await app.register(onDemandRoutes, { onDemand });
  return { onDemand };
}
