import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  acceptHandoverRequestSchema,
  acceptHandoverResponseSchema,
  dependantInputSchema,
  dependantListResponseSchema,
  dependantResponseSchema,
  handoverRequestSchema,
} from '@vizita/shared/contracts/family';
import { errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { FamilyService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * "People in my account" (issue #22, ADR 0043). Patients only (403 for staff): the holder's own
 * dependants, by the account in the access token, never by an id in the request; another
 * holder's dependant is a 404. Accepting a hand-over is for the signed-in account that takes it.
 */
export const familyRoutes: FastifyPluginAsyncZod<{ family: FamilyService }> = async (
  app,
  { family },
) => {
  const patientOnly = { preValidation: [app.authenticate, app.requireRole('patient')] };

  app.get(
    '/api/dependants',
    { ...patientOnly, schema: { response: { 200: dependantListResponseSchema, ...errors } } },
    async (request, reply) => {
      // Identifiers of the holder's children: never kept by a shared cache.
      reply.header('cache-control', 'no-store');
      return { success: true as const, data: await family.list(callerOf(request).userId) };
    },
  );

  app.post(
    '/api/dependants',
    {
      ...patientOnly,
      schema: {
        body: dependantInputSchema,
        response: { 201: dependantResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await family.add(callerOf(request).userId, request.body);
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/dependants/:id',
    {
      ...patientOnly,
      schema: {
        params: idParams,
        body: dependantInputSchema,
        response: { 200: dependantResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await family.update(callerOf(request).userId, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/dependants/:id/handover',
    {
      ...patientOnly,
      schema: {
        params: idParams,
        body: handoverRequestSchema,
        response: { 200: dependantResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await family.sendHandover(
        callerOf(request).userId,
        request.params.id,
        request.body,
        localeFromAcceptLanguage(request.headers['accept-language']),
      ),
    }),
  );

  app.post(
    '/api/dependants/handover/accept',
    {
      ...patientOnly,
      schema: {
        body: acceptHandoverRequestSchema,
        response: { 200: acceptHandoverResponseSchema, ...errorResponses(400, 401, 403, 409, 410) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await family.acceptHandover(callerOf(request).userId, request.body.token),
    }),
  );
};
