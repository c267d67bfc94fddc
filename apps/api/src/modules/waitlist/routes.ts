import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  joinWaitlistRequestSchema,
  takeWaitlistOfferRequestSchema,
  takeWaitlistOfferResponseSchema,
  waitlistEntryListResponseSchema,
  waitlistEntryResponseSchema,
  waitlistOfferResponseSchema,
} from '@vizita/shared/contracts/waitlist';
import { errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { WaitlistService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });

/**
 * Earlier-slot alerts (issue #20). Asking and listing are a patient's (403 for staff); an alert or
 * an offer is its patient's alone — anyone else, staff included, gets the 404 of an id that does
 * not exist.
 */
export const waitlistRoutes: FastifyPluginAsyncZod<{ waitlist: WaitlistService }> = async (
  app,
  { waitlist },
) => {
  app.post(
    '/api/waitlist',
    {
      preValidation: [app.authenticate, app.requireRole('patient')],
      schema: {
        body: joinWaitlistRequestSchema,
        response: {
          201: waitlistEntryResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429),
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await waitlist.join(callerOf(request).userId, request.body),
      }),
  );

  app.get(
    '/api/waitlist',
    {
      preValidation: [app.authenticate, app.requireRole('patient')],
      schema: { response: { 200: waitlistEntryListResponseSchema, ...errorResponses(401, 403) } },
    },
    async (request) => ({
      success: true as const,
      data: await waitlist.list(callerOf(request).userId),
    }),
  );

  app.delete(
    '/api/waitlist/:id',
    {
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        response: { 200: waitlistEntryResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await waitlist.stop(callerOf(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/waitlist/offers/:id',
    {
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        response: { 200: waitlistOfferResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await waitlist.offer(callerOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/waitlist/offers/:id/take',
    {
      // A reschedule frees one time and takes another; a booking holds one.
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        body: takeWaitlistOfferRequestSchema,
        response: {
          200: takeWaitlistOfferResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409, 429, 502),
        },
      },
    },
    async (request) => {
      const header = request.headers['accept-language'];
      return {
        success: true as const,
        data: await waitlist.take(callerOf(request).userId, request.params.id, request.body, {
          locale: localeFromAcceptLanguage(header),
          // As for a booking: only a client that says its language changes the patient's.
          localeStated: header !== undefined,
          timeZone: request.headers['x-time-zone'] as string | undefined,
        }),
      };
    },
  );
};
