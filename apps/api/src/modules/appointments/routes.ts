import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@vizita/shared/contracts/api-response';
import {
  appointmentListQuerySchema,
  appointmentListResponseSchema,
  appointmentResponseSchema,
  cancelAppointmentRequestSchema,
  cancelAppointmentResponseSchema,
  rescheduleAppointmentRequestSchema,
  rescheduleAppointmentResponseSchema,
} from '@vizita/shared/contracts/appointments';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import type { AppointmentService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** The appointment calls of spec §7; the user always comes from the token. */
export const appointmentRoutes: FastifyPluginAsyncZod<{
  appointments: AppointmentService;
}> = async (app, { appointments }) => {
  app.get(
    '/api/appointments',
    {
      preValidation: app.authenticate,
      schema: {
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const { doctorId, date, startDate, endDate, ...own } = request.query;
      if (doctorId)
        return {
          success: true as const,
          data: await appointments.occupied(doctorId, date ?? startDate!, date ?? endDate!),
        };
      return { success: true as const, ...(await appointments.list(request.auth!.userId, own)) };
    },
  );

  app.get(
    '/api/appointments/:id',
    {
      preValidation: app.authenticate,
      schema: { params: idParams, response: { 200: appointmentResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await appointments.get(request.auth!.userId, request.params.id),
    }),
  );

  app.put(
    '/api/appointments/:id/cancel',
    {
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        body: cancelAppointmentRequestSchema,
        response: { 200: cancelAppointmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: API_MESSAGES.appointmentCancelled,
      data: await appointments.cancel(request.auth!.userId, request.params.id, request.body.reason),
    }),
  );

  app.put(
    '/api/appointments/:id/reschedule',
    {
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        body: rescheduleAppointmentRequestSchema,
        response: { 200: rescheduleAppointmentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: API_MESSAGES.appointmentRescheduled,
      data: await appointments.reschedule(request.auth!.userId, request.params.id, request.body),
    }),
  );
};
