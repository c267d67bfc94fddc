import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  completeProfileRequestSchema,
  profileResponseSchema,
  updateProfileRequestSchema,
} from '@vizita/shared/contracts/profile';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { ProfileService } from './service.ts';

const errors = errorResponses(400, 401);

/** The profile calls of spec §7. The user id comes from the access token only, never the request. */
export const profileRoutes: FastifyPluginAsyncZod<{ profiles: ProfileService }> = async (
  app,
  { profiles },
) => {
  app.get(
    '/auth/profile',
    {
      preValidation: app.authenticate,
      schema: { response: { 200: profileResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await profiles.get(callerOf(request).userId),
    }),
  );

  app.put(
    '/auth/complete-profile',
    {
      preValidation: app.authenticate,
      schema: {
        body: completeProfileRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      await profiles.complete(callerOf(request).userId, request.body);
      return { success: true as const, message: 'Profile completed successfully' };
    },
  );

  app.put(
    '/auth/profile',
    {
      preValidation: app.authenticate,
      schema: { body: updateProfileRequestSchema, response: { 200: messageOnlySchema, ...errors } },
    },
    async (request) => {
      await profiles.update(callerOf(request).userId, request.body);
      return { success: true as const, message: 'Profile updated successfully' };
    },
  );
};
