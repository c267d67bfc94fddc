import type { FastifyInstance } from 'fastify';
import { doctorConsoleRoutes } from './routes.ts';
import { createDoctorConsoleService } from './service.ts';

/** The doctor console: doctors only, each for their own appointments and patients' charts. */
export async function registerDoctorConsole(
  app: FastifyInstance,
  deps: Parameters<typeof createDoctorConsoleService>[0],
) {
  await app.register(doctorConsoleRoutes, { console: createDoctorConsoleService(deps) });
}
