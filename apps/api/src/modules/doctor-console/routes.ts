import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  consultationNotesResponseSchema,
  doctorScheduleQuerySchema,
  doctorScheduleResponseSchema,
  outcomeRequestSchema,
  outcomeResponseSchema,
  patientChartResponseSchema,
  saveNotesRequestSchema,
} from '@vizita/shared/contracts/doctor-console';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { DoctorConsoleService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409);

/** The doctor console's API: doctors only, each for their own appointments. */
export const doctorConsoleRoutes: FastifyPluginAsyncZod<{ console: DoctorConsoleService }> = async (
  app,
  { console: doctorConsole },
) => {
  const doctorsOnly = [app.authenticate, app.requireRole('doctor')];

  app.get(
    '/api/doctor/appointments',
    {
      preValidation: doctorsOnly,
      schema: {
        querystring: doctorScheduleQuerySchema,
        response: { 200: doctorScheduleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await doctorConsole.schedule(callerOf(request).userId, request.query),
    }),
  );

  app.get(
    '/api/doctor/appointments/:id/patient',
    {
      preValidation: doctorsOnly,
      schema: { params: idParams, response: { 200: patientChartResponseSchema, ...errors } },
    },
    async (request, reply) => {
      // Health data: never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await doctorConsole.patientChart(
          callerOf(request).userId,
          request.params.id,
          request.ip,
        ),
      };
    },
  );

  app.get(
    '/api/doctor/appointments/:id/notes',
    {
      preValidation: doctorsOnly,
      schema: { params: idParams, response: { 200: consultationNotesResponseSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await doctorConsole.notes(callerOf(request).userId, request.params.id),
      };
    },
  );

  app.put(
    '/api/doctor/appointments/:id/notes',
    {
      preValidation: doctorsOnly,
      schema: {
        params: idParams,
        body: saveNotesRequestSchema,
        response: { 200: consultationNotesResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await doctorConsole.saveNotes(
          callerOf(request).userId,
          request.params.id,
          request.body,
        ),
      };
    },
  );

  app.put(
    '/api/doctor/appointments/:id/outcome',
    {
      preValidation: doctorsOnly,
      schema: {
        params: idParams,
        body: outcomeRequestSchema,
        response: { 200: outcomeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await doctorConsole.setOutcome(
        callerOf(request).userId,
        request.params.id,
        request.body,
      ),
    }),
  );
};
