import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInviteRequestSchema,
  acceptInviteResponseSchema,
  inviteCheckResponseSchema,
  checkInviteRequestSchema,
} from '@vizita/shared/contracts/admin';
import { apiErrorSchema } from '@vizita/shared/contracts/api-response';
import type { StaffInviteService } from './staff-invite-service.ts';

const errors = { 400: apiErrorSchema, 410: apiErrorSchema };

/** `/auth/accept-invite`: a doctor invited by an admin chooses their password (signed out). */
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
    '/auth/accept-invite',
    {
      schema: {
        body: acceptInviteRequestSchema,
        response: { 200: acceptInviteResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await invites.accept(request.body, { ip: request.ip }),
    }),
  );
};
