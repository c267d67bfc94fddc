import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  connectionCheckResponseSchema,
  downloadSampleQuerySchema,
  giveVideoConsentRequestSchema,
  videoConsentStatusResponseSchema,
} from '@vizita/shared/contracts/meeting-preflight';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { Preflight } from './preflight.ts';

const params = z.object({ appointmentId: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409, 410, 429);

/** The download sample as it must travel: the browser times it, so never cached or compressed. */
export function sendDownloadSample(reply: FastifyReply, body: Buffer) {
  return reply
    .header('cache-control', 'no-store, no-transform')
    .header('x-content-type-options', 'nosniff')
    .type('application/octet-stream')
    .send(body);
}

/** The device check before a call (preflight.ts): connection check and video consent. */
export const preflightRoutes: FastifyPluginAsyncZod<{ preflight: Preflight }> = async (
  app,
  { preflight },
) => {
  app.post(
    '/api/meetings/:appointmentId/connection-check',
    {
      preValidation: app.authenticate,
      schema: { params, response: { 200: connectionCheckResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await preflight.iceServers(callerOf(request).userId, request.params.appointmentId),
    }),
  );

  app.get(
    '/api/meetings/connection-check/download',
    {
      preValidation: app.authenticate,
      // No response schema: the answer is bytes, and failures take the app's error shape.
      schema: { querystring: downloadSampleQuerySchema },
    },
    async (request, reply) => {
      const body = await preflight.downloadSample(callerOf(request).userId, request.query.bytes);
      return sendDownloadSample(reply, body);
    },
  );

  // Staff do not consent here: the consent is the patient's, as the data subject of the call.
  const patientsOnly = [app.authenticate, app.requireRole('patient')];

  app.get(
    '/api/meetings/video-consent',
    {
      preValidation: patientsOnly,
      schema: { response: { 200: videoConsentStatusResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: { due: await preflight.videoConsentDue(callerOf(request).userId) },
    }),
  );

  app.post(
    '/api/meetings/video-consent',
    {
      preValidation: patientsOnly,
      schema: {
        body: giveVideoConsentRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      await preflight.giveVideoConsent(callerOf(request).userId, request.body.version, request.ip);
      return { success: true as const, message: API_MESSAGES.consentsAccepted };
    },
  );
};
