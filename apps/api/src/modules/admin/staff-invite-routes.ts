import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInviteRequestSchema,
  acceptInviteResponseSchema,
  inviteCheckResponseSchema,
  checkInviteRequestSchema,
  inviteTwoFactorRequestSchema,
} from '@vizita/shared/contracts/admin';
import { twoFactorSetupResponseSchema } from '@vizita/shared/contracts/two-factor';
import { errorResponses } from '../../lib/api-error.ts';
import type { StaffInviteService } from './staff-invite-service.ts';

const errors = errorResponses(400, 409, 410, 429);

/**
 * `/auth/accept-invite`: a doctor invited by an admin chooses their password and sets up
 * two-factor sign-in (signed out; the link is the proof).
 */
export const staffInviteRoutes: FastifyPluginAsyncZod<{ invites: StaffInviteService }> = async (
  app,
  { invites },
) => {
  app.post(
    '/auth/accept-invite/check',
    {
      schema: {
        body: checkInviteRequestSchema,
        response: { 200: inviteCheckResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await invites.check(request.body.token),
    }),
  );

  app.post(
    '/auth/accept-invite/two-factor',
    {
      schema: {
        body: inviteTwoFactorRequestSchema,
        response: { 200: twoFactorSetupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      // The secret is a credential: no cache keeps the answer.
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await invites.twoFactorSetup(request.body.token, { ip: request.ip }),
      };
    },
  );

  app.post(
    '/auth/accept-invite',
    {
      schema: {
        body: acceptInviteRequestSchema,
        response: { 200: acceptInviteResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await invites.accept(request.body, { ip: request.ip }),
      };
    },
  );
};
