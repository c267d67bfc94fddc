import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
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
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { AppointmentService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 404, 409);

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
        response: { 200: appointmentListResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { doctorId, date, startDate, endDate, ...own } = request.query;
      if (doctorId)
        return {
          success: true as const,
          data: await appointments.occupied(doctorId, date ?? startDate!, date ?? endDate!),
        };
      return {
        success: true as const,
        ...(await appointments.list(callerOf(request).userId, own)),
      };
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
      data: await appointments.get(callerOf(request).userId, request.params.id),
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
      data: await appointments.cancel(
        callerOf(request).userId,
        request.params.id,
        request.body.reason,
      ),
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
      data: await appointments.reschedule(
        callerOf(request).userId,
        request.params.id,
        request.body,
      ),
    }),
  );
};
