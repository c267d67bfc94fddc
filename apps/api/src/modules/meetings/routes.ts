import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { joinMeetingResponseSchema } from '@vizita/shared/contracts/meetings';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
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
          ...errorResponses(400, 401, 404, 409, 410, 429, 502),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await meetings.join(callerOf(request), request.params.appointmentId, request.ip),
    }),
  );
};
