import websocket from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  PAGE_INSTANCE_PATTERN,
  SIGNALLING_CLOSE,
  type ServerSignal,
} from '@vizita/shared/contracts/meetings';
import { API_ERRORS } from '@vizita/shared/messages/api-errors';
import { serializeRequest } from '../../lib/redact-url.ts';
import type { Rooms } from './rooms.ts';
import type { Admission, MeetingService } from './service.ts';

/**
 * The largest frame a client may send. An SDP offer with its candidates is a few kilobytes;
 * the files shared during a call travel peer to peer and never come through here.
 */
export const MAX_FRAME_BYTES = 64 * 1024;

const SHUTDOWN_GRACE_MS = 2000;

/**
 * GET /ws/meetings/:appointmentId?token= — the builtin provider's signalling socket. Admission
 * (token, participant, window) is decided before the upgrade; a refusal still upgrades and then
 * closes with an application code, because a browser learns nothing from a failed handshake.
 */
export const signallingRoutes: FastifyPluginAsyncZod<{
  meetings: MeetingService;
  rooms: Rooms;
}> = async (app, { meetings, rooms }) => {
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    // Instead of the plugin's bare close: sockets go as "going away" (so browsers join again,
    // through another instance during a deploy) and the other instances hear that they left.
    preClose: async () => {
      await rooms.shutdown();
      // Close handshakes get a moment to finish; then whatever remains (a client that never
      // answers) is cut, so a deploy does not wait out ws's 30-second close timeout.
      const { clients } = app.websocketServer;
      for (const socket of clients) if (socket.readyState === socket.OPEN) socket.close(1001);
      for (let waited = 0; clients.size > 0 && waited < SHUTDOWN_GRACE_MS; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      for (const socket of clients) socket.terminate();
      await new Promise<void>((resolve) => app.websocketServer.close(() => resolve()));
    },
  });

  const admissions = new WeakMap<FastifyRequest, Admission>();

  app.get(
    '/ws/meetings/:appointmentId',
    {
      websocket: true,
      schema: {
        params: z.object({ appointmentId: z.string() }),
        querystring: z.object({
          token: z.optional(z.string()),
          instance: z.optional(z.string().check(z.regex(PAGE_INSTANCE_PATTERN))),
        }),
      },
      // The join token rides in the query string (browsers cannot set headers on a WebSocket):
      // this route's request lines redact it whatever logger the app was given.
      logSerializers: { req: serializeRequest },
      preHandler: async (request) => {
        if (!request.ws) return;
        admissions.set(
          request,
          await meetings.admit(request.params.appointmentId, request.query.token),
        );
      },
    },
    (socket, request) => {
      const admission = admissions.get(request);
      if (admission?.ok) {
        rooms.join(socket, {
          appointmentId: admission.claims.appointmentId,
          closesAt: admission.closesAt,
          userId: admission.claims.userId,
          role: admission.claims.role,
          userName: admission.claims.userName,
          sessionId: admission.claims.sessionId,
          instance: request.query.instance,
        });
        return;
      }
      const code = admission?.code ?? 'unauthorized';
      const send = (message: ServerSignal) => socket.send(JSON.stringify(message));
      switch (code) {
        case 'unauthorized':
          send({
            type: 'error',
            code: 'meetingTokenInvalid',
            message: API_ERRORS.meetingTokenInvalid,
          });
          return socket.close(SIGNALLING_CLOSE.unauthorized, 'unauthorized');
        case 'meetingCancelled':
          send({ type: 'closed', reason: 'cancelled' });
          return socket.close(SIGNALLING_CLOSE.ended, 'cancelled');
        case 'meetingEnded':
          send({ type: 'closed', reason: 'ended' });
          return socket.close(SIGNALLING_CLOSE.ended, 'ended');
        case 'appointmentNotFound':
        case 'meetingNotConsultation':
        case 'meetingNotAvailable':
        case 'meetingNotJoinable':
          send({ type: 'error', code, message: API_ERRORS[code] });
          return socket.close(SIGNALLING_CLOSE.forbidden, code);
      }
    },
  );
};
