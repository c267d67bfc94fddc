import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { availabilityResponseSchema } from '@vizita/shared/contracts/doctors';
import {
  doctorWeekScheduleResponseSchema,
  removeExceptionRequestSchema,
  scheduleChangeResponseSchema,
  scheduleConflictErrorSchema,
  scheduleExceptionRequestSchema,
  schedulePreviewQuerySchema,
  weeklyHoursRequestSchema,
} from '@vizita/shared/contracts/schedule';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { DoctorService } from '../doctors/service.ts';
import type { ScheduleService } from './service.ts';

const errors = { ...errorResponses(400, 401, 403, 404), 409: scheduleConflictErrorSchema };

/** The doctor's own hours, self-served (issue #10); doctors only, each for themselves. */
export const scheduleRoutes: FastifyPluginAsyncZod<{
  schedules: ScheduleService;
  doctors: DoctorService;
}> = async (app, { schedules, doctors }) => {
  const doctorsOnly = [app.authenticate, app.requireRole('doctor')];
  const me = (request: Pick<FastifyRequest, 'auth'>) => callerOf(request).userId;

  app.get(
    '/api/doctor/schedule',
    {
      preValidation: doctorsOnly,
      schema: { response: { 200: doctorWeekScheduleResponseSchema, ...errors } },
    },
    async (request) => ({ success: true as const, data: await schedules.get(me(request)) }),
  );

  app.put(
    '/api/doctor/schedule/weekly',
    {
      config: { changesAvailability: true },
      preValidation: doctorsOnly,
      schema: {
        body: weeklyHoursRequestSchema,
        response: { 200: scheduleChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await schedules.setWeekly(me(request), me(request), request.body),
    }),
  );

  app.post(
    '/api/doctor/schedule/exceptions',
    {
      config: { changesAvailability: true },
      preValidation: doctorsOnly,
      schema: {
        body: scheduleExceptionRequestSchema,
        response: { 200: scheduleChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await schedules.addException(me(request), me(request), request.body),
    }),
  );

  app.delete(
    '/api/doctor/schedule/exceptions/:id',
    {
      config: { changesAvailability: true },
      preValidation: doctorsOnly,
      schema: {
        params: z.object({ id: z.uuid('invalidValue') }),
        querystring: removeExceptionRequestSchema,
        response: { 200: scheduleChangeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await schedules.removeException(
        me(request),
        me(request),
        request.params.id,
        request.query,
      ),
    }),
  );

  app.get(
    '/api/doctor/schedule/preview',
    {
      preValidation: doctorsOnly,
      schema: {
        querystring: schedulePreviewQuerySchema,
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await doctors.availability(me(request), request.query.from, request.query.to),
    }),
  );
};
