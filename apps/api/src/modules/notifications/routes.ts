import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  BELL_SOCKET_CLOSE,
  bellSocketQuerySchema,
  bellSocketResponseSchema,
  emailPreferencesResponseSchema,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationUnreadResponseSchema,
  updateEmailPreferencesSchema,
} from '@vizita/shared/contracts/notifications';
import { errorResponses } from '../../lib/api-error.ts';
import { serializeRequest } from '../../lib/redact-url.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { LiveBell } from './live-bell.ts';
import type { NotificationService } from './service.ts';
import type { AdmittedBellTicket } from './socket-ticket.ts';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The bell: every signed-in person (patient, doctor, admin) reads and marks only their own
 * notifications, chooses which of them also come by e-mail, and keeps a socket open that says
 * when the bell changed.
 */
export const notificationRoutes: FastifyPluginAsyncZod<{
  notifications: NotificationService;
  bell: LiveBell;
  /** Where the app's pages are served (config.appOrigins): the only pages that may connect. */
  appOrigins: readonly string[];
}> = async (app, { notifications, bell, appOrigins }) => {
  app.get(
    '/api/notifications',
    {
      preValidation: app.authenticate,
      schema: {
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.list(callerOf(request).userId, request.query.page),
    }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      preValidation: app.authenticate,
      schema: {
        params: z.object({ id: z.uuid('invalidValue') }),
        response: { 200: notificationUnreadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markRead(callerOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/notifications/read-all',
    {
      preValidation: app.authenticate,
      schema: { response: { 200: notificationUnreadResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.markAllRead(callerOf(request).userId),
    }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      preValidation: app.authenticate,
      schema: { response: { 200: emailPreferencesResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.preferences(callerOf(request).userId),
    }),
  );

  app.put(
    '/api/notifications/preferences',
    {
      preValidation: app.authenticate,
      schema: {
        body: updateEmailPreferencesSchema,
        response: { 200: emailPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await notifications.updatePreferences(callerOf(request).userId, request.body),
    }),
  );

  // A read: the ticket changes nothing on the server (it is signed, never stored).
  app.get(
    '/api/notifications/socket',
    {
      preValidation: app.authenticate,
      schema: { response: { 200: bellSocketResponseSchema, ...errors } },
    },
    async (request) => {
      const { userId, sessionId } = callerOf(request);
      return { success: true as const, data: await notifications.socket(userId, sessionId) };
    },
  );

  const allowedOrigins = new Set(appOrigins);
  type Gate =
    | ({ ok: true } & AdmittedBellTicket & { readsWithinMs?: number })
    | { ok: false; code: keyof typeof BELL_SOCKET_CLOSE };
  const gates = new WeakMap<FastifyRequest, Gate>();

  app.get(
    '/ws/notifications',
    {
      websocket: true,
      schema: { querystring: bellSocketQuerySchema },
      // The ticket rides in the query string (browsers cannot set headers on a WebSocket), named
      // `token` as the log redaction knows it: this route's request lines redact it whatever
      // logger the app was given.
      logSerializers: { req: serializeRequest },
      preHandler: async (request) => {
        if (!request.ws) return;
        // As the video rooms' socket (meetings/signalling-routes.ts): another site's page is
        // turned away before its ticket is looked at; a client without an Origin is no browser.
        const origin = request.headers.origin;
        if (origin !== undefined && !allowedOrigins.has(origin)) {
          gates.set(request, { ok: false, code: 'forbidden' });
          return;
        }
        const { token, readsWithinMs } = request.query;
        const claims = await notifications.admit(token);
        gates.set(
          request,
          claims ? { ok: true, ...claims, readsWithinMs } : { ok: false, code: 'unauthorized' },
        );
      },
    },
    (socket, request) => {
      const gate = gates.get(request);
      // A refusal still upgrades, then closes with its code: a browser learns nothing from a
      // failed handshake, and the page must tell "fetch a new ticket" from "stop".
      if (!gate?.ok) {
        const code = gate?.code ?? 'unauthorized';
        return socket.close(BELL_SOCKET_CLOSE[code], code);
      }
      bell.add(socket, gate);
    },
  );
};
