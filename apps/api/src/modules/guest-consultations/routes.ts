import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  createGuestConsultationResponseSchema,
  createGuestConsultationSchema,
  guestConsultationResponseSchema,
  openGuestLinkSchema,
} from '@vizita/shared/contracts/guest-consultations';
import {
  connectionCheckResponseSchema,
  downloadSampleQuerySchema,
  giveVideoConsentRequestSchema,
  VIDEO_CONSENT_VERSION,
} from '@vizita/shared/contracts/meeting-preflight';
import { joinMeetingResponseSchema } from '@vizita/shared/contracts/meetings';
import { successSchema } from '@vizita/shared/contracts/api-response';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import { ApiError, errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { Preflight } from '../meetings/preflight.ts';
import { sendDownloadSample } from '../meetings/preflight-routes.ts';
import type { GuestConsultations } from './service.ts';

export const GUEST_COOKIE = 'vizita_guest';

// httpOnly: no script reads it. SameSite=Strict: no other site makes the browser send it.
// Path=/api/guest: it travels only to the guest's own calls.
const cookieOptions = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  path: '/api/guest',
});

const readSecret = (request: FastifyRequest) => {
  const value = request.cookies[GUEST_COOKIE];
  return value && value.length <= 64 ? value : undefined;
};

// The link's token is in the page's path, never in an API URL; still, nothing logs bodies.
const errors = errorResponses(400, 401, 403, 404, 409, 410, 429, 502);

/**
 * Consultations for people without an account (ADR 0028): staff create them and send links; the
 * guest's browser opens its link once and then uses its cookie for everything it may do — see
 * its consultation, run the device check, consent, join. Nothing else of the API knows a guest.
 */
export const guestConsultationRoutes: FastifyPluginAsyncZod<{
  guests: GuestConsultations;
  preflight: Preflight;
  secureCookies: boolean;
}> = async (app, { guests, preflight, secureCookies }) => {
  app.post(
    '/api/guest-consultations',
    {
      config: { changesAvailability: true },
      // Doctors for themselves, admins for a doctor: decided in the service from the account.
      preValidation: app.authenticate,
      schema: {
        body: createGuestConsultationSchema,
        response: { 201: createGuestConsultationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await guests.create(callerOf(request).userId, request.body, request.ip);
      return reply.code(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/api/guest-consultations/:id/resend',
    {
      preValidation: app.authenticate,
      schema: {
        params: z.object({ id: z.uuid('invalidValue') }),
        response: { 200: successSchema(z.object({ mailSent: z.boolean() })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await guests.resend(callerOf(request).userId, request.params.id, request.ip),
    }),
  );

  app.post(
    '/api/guest/session',
    {
      schema: {
        body: openGuestLinkSchema,
        response: { 200: guestConsultationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { secret, expiresAt } = await guests.open(request.body.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(GUEST_COOKIE, secret, {
        ...cookieOptions(secureCookies),
        expires: expiresAt,
      });
      return { success: true as const, data: await guests.consultation(secret) };
    },
  );

  app.get(
    '/api/guest/consultation',
    { schema: { response: { 200: guestConsultationResponseSchema, ...errors } } },
    async (request) => ({
      success: true as const,
      data: await guests.consultation(readSecret(request)),
    }),
  );

  app.post(
    '/api/guest/video-consent',
    {
      schema: {
        body: giveVideoConsentRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      if (request.body.version !== VIDEO_CONSENT_VERSION)
        throw new ApiError(409, 'legalVersionChanged');
      await guests.consentToVideo(readSecret(request));
      return { success: true as const, message: API_MESSAGES.consentsAccepted };
    },
  );

  app.post(
    '/api/guest/join',
    { schema: { response: { 200: joinMeetingResponseSchema, ...errors } } },
    async (request) => ({
      success: true as const,
      data: await guests.join(readSecret(request), request.ip),
    }),
  );

  // The device check's two calls, as the guest (the same limits as everyone's).
  app.post(
    '/api/guest/connection-check',
    { schema: { response: { 200: connectionCheckResponseSchema, ...errors } } },
    async (request) => {
      const { appointmentId, guestId } = await guests.identify(readSecret(request));
      return { success: true as const, data: await preflight.iceServers(guestId, appointmentId) };
    },
  );

  app.get(
    '/api/guest/connection-check/download',
    { schema: { querystring: downloadSampleQuerySchema } },
    async (request, reply) => {
      const { guestId } = await guests.identify(readSecret(request));
      return sendDownloadSample(
        reply,
        await preflight.downloadSample(guestId, request.query.bytes),
      );
    },
  );
};
