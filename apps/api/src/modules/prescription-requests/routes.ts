import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { appointmentResponseSchema } from '@vizita/shared/contracts/appointments';
import {
  createPrescriptionRequestResponseSchema,
  createPrescriptionRequestSchema,
  declinePrescriptionRequestSchema,
  doctorPrescriptionRequestsResponseSchema,
  prescriptionRequestOptionsResponseSchema,
} from '@vizita/shared/contracts/prescription-requests';
import { errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { PrescriptionRequestService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * Repeat prescription requests (issue #21). A patient asks and pays (patients only: 403 for
 * staff); the doctor reads their queue and declines (doctors only). The request is then an
 * appointment: both read it through the appointments routes, the doctor answers it through the
 * clinical documents' issue route, and anyone else's id is a 404.
 */
export const prescriptionRequestRoutes: FastifyPluginAsyncZod<{
  requests: PrescriptionRequestService;
}> = async (app, { requests }) => {
  const patientOnly = { preValidation: [app.authenticate, app.requireRole('patient')] };
  const doctorOnly = { preValidation: [app.authenticate, app.requireRole('doctor')] };

  app.get(
    '/api/prescription-requests/options',
    {
      ...patientOnly,
      schema: { response: { 200: prescriptionRequestOptionsResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await requests.options(callerOf(request).userId),
    }),
  );

  app.post(
    '/api/prescription-requests',
    {
      ...patientOnly,
      schema: {
        body: createPrescriptionRequestSchema,
        response: {
          201: createPrescriptionRequestResponseSchema,
          ...errors,
          502: errorResponses(502)[502],
        },
      },
    },
    async (request, reply) => {
      const data = await requests.create(
        callerOf(request).userId,
        request.body,
        // The checkout's language is the screen's, as for a booking.
        localeFromAcceptLanguage(request.headers['accept-language']),
      );
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/doctor/prescription-requests',
    {
      ...doctorOnly,
      schema: { response: { 200: doctorPrescriptionRequestsResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await requests.queue(callerOf(request).userId),
    }),
  );

  app.post(
    '/api/doctor/prescription-requests/:id/decline',
    {
      ...doctorOnly,
      schema: {
        params: idParams,
        body: declinePrescriptionRequestSchema,
        response: { 200: appointmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await requests.decline(
        callerOf(request).userId,
        request.params.id,
        request.body.reason,
      ),
    }),
  );
};
