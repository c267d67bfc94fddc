import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  acceptFollowUpResponseSchema,
  acceptFollowUpSchema,
  followUpConflictSchema,
  followUpListQuerySchema,
  followUpPriceResponseSchema,
  followUpProposalListResponseSchema,
  followUpProposalResponseSchema,
  proposeFollowUpSchema,
} from '@vizita/shared/contracts/follow-ups';
import { errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { FollowUpService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/**
 * Follow-up visits (issue #20). Every route is for a signed-in caller, and the service decides
 * from the session who may do what: the consultation's doctor proposes and withdraws, the
 * proposal's patient accepts, both read it, the clinic's admins read it without its note; anyone
 * else gets 404, as for an id that does not exist.
 */
export const followUpRoutes: FastifyPluginAsyncZod<{ followUps: FollowUpService }> = async (
  app,
  { followUps },
) => {
  app.post(
    '/api/doctor/appointments/:id/follow-ups',
    {
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        body: proposeFollowUpSchema,
        response: { 201: followUpProposalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await followUps.propose(
        callerOf(request).userId,
        request.params.id,
        request.body,
      );
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/doctor/follow-ups/price',
    {
      preValidation: [app.authenticate, app.requireRole('doctor')],
      schema: { response: { 200: followUpPriceResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await followUps.price(callerOf(request).userId),
    }),
  );

  app.get(
    '/api/follow-ups',
    {
      preValidation: app.authenticate,
      schema: {
        querystring: followUpListQuerySchema,
        response: { 200: followUpProposalListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await followUps.list(callerOf(request).userId, request.query),
    }),
  );

  app.get(
    '/api/follow-ups/:id',
    {
      preValidation: app.authenticate,
      schema: { params: idParams, response: { 200: followUpProposalResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await followUps.get(callerOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/follow-ups/:id/accept',
    {
      // The acceptance takes a slot: every instance's availability forgets it (ADR 0033).
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        body: acceptFollowUpSchema,
        response: {
          200: acceptFollowUpResponseSchema,
          ...errors,
          409: followUpConflictSchema,
          502: errorResponses(502)[502],
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await followUps.accept(
        callerOf(request).userId,
        request.params.id,
        request.body.startsAt,
        // The checkout's language is the screen's, as for a booking.
        localeFromAcceptLanguage(request.headers['accept-language']),
      ),
    }),
  );

  app.post(
    '/api/follow-ups/:id/withdraw',
    {
      preValidation: app.authenticate,
      schema: { params: idParams, response: { 200: followUpProposalResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await followUps.withdraw(callerOf(request).userId, request.params.id),
    }),
  );
};
