import type { FastifyInstance } from 'fastify';
import { prescriptionRequestRoutes } from './routes.ts';
import { createPrescriptionRequestService } from './service.ts';

/**
 * Repeat prescription requests without a call: held and paid through the appointments module's
 * holds and the payments module's checkout, answered through the clinical documents module,
 * declined through the appointments module's cancellation (ADR 0039).
 */
export async function registerPrescriptionRequests(
  app: FastifyInstance,
  deps: Parameters<typeof createPrescriptionRequestService>[0],
) {
  const requests = createPrescriptionRequestService(deps);
  await app.register(prescriptionRequestRoutes, { requests });
  return { requests };
}
