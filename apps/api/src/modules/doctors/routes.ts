import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  availabilityResponseSchema,
  doctorListQuerySchema,
  doctorListResponseSchema,
} from '@vizita/shared/contracts/doctors';
import { errorResponses } from '../../lib/api-error.ts';
import { sendKeptAnswer } from '../../lib/kept-answer.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import type { DoctorService } from './service.ts';

/**
 * GET /api/doctors and GET /api/availability (spec §7). Public: they reveal which slots are
 * free, never who holds the others (the spec's client even calls availability unauthenticated).
 */
export const doctorRoutes: FastifyPluginAsyncZod<{ doctors: DoctorService }> = async (
  app,
  { doctors },
) => {
  app.get(
    '/api/doctors',
    {
      schema: {
        querystring: doctorListQuerySchema,
        response: { 200: doctorListResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await doctors.list(
        request.query,
        localeFromAcceptLanguage(request.headers['accept-language']),
      ),
    }),
  );

  app.get(
    '/api/availability',
    {
      schema: {
        querystring: availabilityQuerySchema,
        response: { 200: availabilityResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const { doctorId, date, startDate, endDate } = request.query;
      const from = date ?? startDate!;
      const to = date ?? endDate!;
      // The booking page's hot read: an answer kept serialized and compressed with the doctor's
      // window (ADR 0033), sent as it is. The schema above still documents it; a test holds the
      // body to it.
      return sendKeptAnswer(request, reply, await doctors.availabilityAnswer(doctorId, from, to));
    },
  );
};
