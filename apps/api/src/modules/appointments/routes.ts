import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@vizita/shared/contracts/api-response';
import {
  appointmentListQuerySchema,
  appointmentListResponseSchema,
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
};
