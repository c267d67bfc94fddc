import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  PAGE_INSTANCE_PATTERN,
  SIGNALLING_CLOSE,
  type ServerSignal,
} from '@vizita/shared/contracts/meetings';
import { safeLine } from '@vizita/shared/contracts/field-checks';
import { API_ERRORS } from '@vizita/shared/messages/api-errors';
import { serializeRequest } from '../../lib/redact-url.ts';
import type { Rooms } from './rooms.ts';
import type { Admission, MeetingService } from './service.ts';

/**
 * The largest frame a client may send. An SDP offer with its candidates is a few kilobytes;
 * the files shared during a call travel peer to peer and never come through here.
 */
export const MAX_FRAME_BYTES = 64 * 1024;

/** The page's origin is not the app's: its socket never reaches the token check or a room. */
type Gate = Admission | { ok: false; code: 'originNotAllowed' };

/**
 * GET /ws/meetings/:appointmentId?token= — the builtin provider's signalling socket. Admission
 * (origin, token, participant, window) is decided before the upgrade; a refusal still upgrades
 * and then closes with an application code, because a browser learns nothing from a failed
 * handshake (and the page stops on 4403 instead of joining again and again).
 */
export const signallingRoutes: FastifyPluginAsyncZod<{
  meetings: MeetingService;
  rooms: Rooms;
  /** Where the app's pages are served (config.appOrigins): the only pages that may connect. */
  appOrigins: readonly string[];
}> = async (app, { meetings, rooms, appOrigins }) => {
  const allowedOrigins = new Set(appOrigins);
  // The app's WebSocket server (plugins/websocket.ts, with MAX_FRAME_BYTES) closes every socket
  // at shutdown as "going away"; before that, the other instances hear that these peers left.
  app.beforeSocketsClose(() => rooms.shutdown());

  const admissions = new WeakMap<FastifyRequest, Gate>();

  app.get(
    '/ws/meetings/:appointmentId',
    {
      websocket: true,
      schema: {
        params: z.object({ appointmentId: z.string().check(z.maxLength(64), safeLine()) }),
        querystring: z.object({
          token: z.optional(z.string().check(z.maxLength(4096), safeLine())),
          instance: z.optional(z.string().check(z.regex(PAGE_INSTANCE_PATTERN))),
        }),
      },
      // The join token rides in the query string (browsers cannot set headers on a WebSocket):
      // this route's request lines redact it whatever logger the app was given.
      logSerializers: { req: serializeRequest },
      preHandler: async (request) => {
        if (!request.ws) return;
        // A browser always sends its page's Origin on a WebSocket handshake, and no page can
        // change it: another site's page (cross-site WebSocket hijacking) is turned away here,
        // before its token is even looked at. A client that sends none is not a browser (the
        // tests, the bench, a monitoring probe); it could send any Origin it liked, so demanding
        // one would stop nobody, and the join token still decides (ADR 0014).
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.has(origin)) {
          admissions.set(request, { ok: false, code: 'originNotAllowed' });
          return;
        }
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
        case 'originNotAllowed':
          send({ type: 'error', code, message: API_ERRORS[code] });
          return socket.close(SIGNALLING_CLOSE.forbidden, code);
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
