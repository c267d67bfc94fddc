import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  joinQueueResponseSchema,
  joinQueueSchema,
  onCallStateResponseSchema,
  onDemandOptionsResponseSchema,
  queueEntryResponseSchema,
  setOnCallSchema,
  takenPatientResponseSchema,
} from '@vizita/shared/contracts/on-demand';
import { errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { OnDemandService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const doctorParams = z.object({ doctorId: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * "See a doctor now" (issue #22, ADR 0042). The queue is the patient's (patients only: 403 for
 * staff, and anyone else's entry is a 404); being available now and taking the next patient is
 * the doctor's; an admin switches a doctor's availability for her.
 */
export const onDemandRoutes: FastifyPluginAsyncZod<{ onDemand: OnDemandService }> = async (
  app,
  { onDemand },
) => {
  const patientOnly = { preValidation: [app.authenticate, app.requireRole('patient')] };
  const doctorOnly = { preValidation: [app.authenticate, app.requireRole('doctor')] };
  const adminOnly = { preValidation: [app.authenticate, app.requireRole('admin')] };

  app.get(
    '/api/on-demand/options',
    { ...patientOnly, schema: { response: { 200: onDemandOptionsResponseSchema, ...errors } } },
    async () => ({ success: true as const, data: await onDemand.options() }),
  );

  app.post(
    '/api/on-demand',
    {
      ...patientOnly,
      schema: {
        body: joinQueueSchema,
        response: { 201: joinQueueResponseSchema, ...errors, 502: errorResponses(502)[502] },
      },
    },
    async (request, reply) => {
      const data = await onDemand.join(
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
    '/api/on-demand/:id',
    {
      ...patientOnly,
      schema: { params: idParams, response: { 200: queueEntryResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await onDemand.entry(callerOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/on-demand/:id/leave',
    {
      ...patientOnly,
      schema: { params: idParams, response: { 200: queueEntryResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await onDemand.leave(callerOf(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/doctor/on-call',
    { ...doctorOnly, schema: { response: { 200: onCallStateResponseSchema, ...errors } } },
    async (request) => ({
      success: true as const,
      data: await onDemand.onCallState(callerOf(request).userId),
    }),
  );

  app.put(
    '/api/doctor/on-call',
    {
      ...doctorOnly,
      schema: { body: setOnCallSchema, response: { 200: onCallStateResponseSchema, ...errors } },
    },
    async (request) => {
      const { userId } = callerOf(request);
      return {
        success: true as const,
        data: await onDemand.setOnCall(userId, userId, request.body.minutes),
      };
    },
  );

  app.post(
    '/api/doctor/on-demand/take',
    { ...doctorOnly, schema: { response: { 200: takenPatientResponseSchema, ...errors } } },
    async (request) => ({
      success: true as const,
      data: await onDemand.take(callerOf(request).userId),
    }),
  );

  app.get(
    '/api/admin/doctors/:doctorId/on-call',
    {
      ...adminOnly,
      schema: { params: doctorParams, response: { 200: onCallStateResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await onDemand.onCallState(request.params.doctorId),
    }),
  );

  app.put(
    '/api/admin/doctors/:doctorId/on-call',
    {
      ...adminOnly,
      schema: {
        params: doctorParams,
        body: setOnCallSchema,
        response: { 200: onCallStateResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await onDemand.setOnCall(
        callerOf(request).userId,
        request.params.doctorId,
        request.body.minutes,
      ),
    }),
  );
};
