import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiErrorSchema } from '@vizita/shared/contracts/api-response';
import { joinMeetingResponseSchema } from '@vizita/shared/contracts/meetings';
import type { MeetingService } from './service.ts';

const params = z.object({ appointmentId: z.uuid('invalidValue') });

/** POST /api/meetings/:appointmentId/join — the only door into a call (see service.join). */
export const meetingRoutes: FastifyPluginAsyncZod<{ meetings: MeetingService }> = async (
  app,
  { meetings },
) => {
  app.post(
    '/api/meetings/:appointmentId/join',
    {
      preValidation: app.authenticate,
      schema: {
        params,
        response: {
          200: joinMeetingResponseSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
          502: apiErrorSchema,
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.join(request.auth!, request.params.appointmentId, request.ip),
    }),
  );
};
