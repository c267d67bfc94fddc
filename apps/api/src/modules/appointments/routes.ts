import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@vizita/shared/contracts/api-response';
import {
  appointmentListQuerySchema,
  appointmentListResponseSchema,
  appointmentResponseSchema,
} from '@vizita/shared/contracts/appointments';
import type { AppointmentService } from './service.ts';

/** GET /api/appointments (spec §7): the caller's appointments; the user comes from the token. */
export const appointmentRoutes: FastifyPluginAsyncZod<{
  appointments: AppointmentService;
}> = async (app, { appointments }) => {
  app.get(
    '/api/appointments',
    {
      preHandler: app.authenticate,
      schema: {
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { doctorId, date, startDate, endDate, status } = request.query;
      if (doctorId)
        return {
          success: true as const,
          data: await appointments.occupied(doctorId, date ?? startDate!, date ?? endDate!),
        };
      return {
        success: true as const,
        data: await appointments.list(request.auth!.userId, status),
      };
    },
  );

  app.get(
    '/api/appointments/:id',
    {
      preHandler: app.authenticate,
      schema: {
        params: z.object({ id: z.uuid('invalidValue') }),
        response: {
          200: appointmentResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await appointments.get(request.auth!.userId, request.params.id),
    }),
  );
};
