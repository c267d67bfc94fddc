import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  completeProfileRequestSchema,
  profileResponseSchema,
  updateProfileRequestSchema,
} from '@vizita/shared/contracts/profile';
import type { ProfileService } from './service.ts';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

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
      data: await profiles.get(request.auth!.userId),
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
      await profiles.complete(request.auth!.userId, request.body);
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
      await profiles.update(request.auth!.userId, request.body);
      return { success: true as const, message: 'Profile updated successfully' };
    },
  );
};
