import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  attachmentUploadQuerySchema,
  markReadRequestSchema,
  markReadResponseSchema,
  MESSAGE_ATTACHMENT_MAX_BYTES,
  MESSAGE_ATTACHMENT_TYPES,
  messageResponseSchema,
  sendMessageRequestSchema,
  threadListQuerySchema,
  threadListResponseSchema,
  threadQuerySchema,
  threadRepliesRequestSchema,
  threadResponseSchema,
  threadSummaryResponseSchema,
} from '@vizita/shared/contracts/messages';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { MessageService } from './service.ts';
import { sendDownload } from '../../lib/send-download.ts';

const threadParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const date = (iso: string | undefined) => (iso === undefined ? undefined : new Date(iso));

/**
 * Messages between a patient and the practice (issue #20). One set of routes for the three
 * roles: who may see which thread comes from the caller's account (the service), and anyone not
 * entitled to a thread gets the same 404 as for one that does not exist.
 */
export const messageRoutes: FastifyPluginAsyncZod<{ messages: MessageService }> = async (
  app,
  { messages },
) => {
  // Only this plugin's upload route sees these types, and only up to the attachment limit.
  app.addContentTypeParser(
    [...MESSAGE_ATTACHMENT_TYPES],
    { parseAs: 'buffer', bodyLimit: MESSAGE_ATTACHMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const signedIn = app.authenticate;
  const patientsOnly = [app.authenticate, app.requireRole('patient')];

  app.get(
    '/api/messages/threads',
    {
      preValidation: signedIn,
      schema: {
        querystring: threadListQuerySchema,
        response: { 200: threadListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.list(callerOf(request).userId, date(request.query.before)),
    }),
  );

  app.get(
    '/api/messages/threads/:id',
    {
      preValidation: signedIn,
      schema: {
        params: threadParams,
        querystring: threadQuerySchema,
        response: { 200: threadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.thread(
        callerOf(request).userId,
        request.params.id,
        date(request.query.before),
        request.ip,
      ),
    }),
  );

  app.get(
    '/api/messages/threads/:id/summary',
    {
      preValidation: signedIn,
      schema: { params: threadParams, response: { 200: threadSummaryResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await messages.summary(callerOf(request).userId, request.params.id),
    }),
  );

  app.post(
    '/api/messages/threads/:id/messages',
    {
      preValidation: signedIn,
      schema: {
        params: threadParams,
        body: sendMessageRequestSchema,
        response: { 201: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await messages.send(
        callerOf(request).userId,
        request.params.id,
        request.body.text,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/api/messages/threads/:id/attachments',
    {
      preValidation: signedIn,
      schema: {
        // The file itself is the body, its type in Content-Type (PDF, PNG or JPEG).
        params: threadParams,
        querystring: attachmentUploadQuerySchema,
        response: { 201: messageResponseSchema, ...errorResponses(413, 415), ...errors },
      },
    },
    async (request, reply) => {
      const data = await messages.attach(callerOf(request).userId, request.params.id, {
        fileName: request.query.fileName,
        declaredType: (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase(),
        bytes: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
      });
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/messages/threads/:id/attachments/:attachmentId',
    {
      preValidation: signedIn,
      schema: {
        // The file itself on success, so only the parameters are declared.
        params: z.object({ id: z.uuid('invalidValue'), attachmentId: z.uuid('invalidValue') }),
      },
    },
    async (request, reply) => {
      const file = await messages.download(
        callerOf(request).userId,
        request.params.id,
        request.params.attachmentId,
        request.ip,
      );
      return sendDownload(reply, file);
    },
  );

  app.post(
    '/api/messages/threads/:id/read',
    {
      preValidation: signedIn,
      schema: {
        params: threadParams,
        body: markReadRequestSchema,
        response: { 200: markReadResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.markRead(
        callerOf(request).userId,
        request.params.id,
        new Date(request.body.upTo),
      ),
    }),
  );

  app.put(
    '/api/messages/threads/:id/replies',
    {
      preValidation: signedIn,
      schema: {
        params: threadParams,
        body: threadRepliesRequestSchema,
        response: { 200: threadSummaryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await messages.setReplies(
        callerOf(request).userId,
        request.params.id,
        request.body.patientMayReply,
      ),
    }),
  );

  // The thread about an appointment: GET finds it, PUT starts it on first use.
  for (const method of ['GET', 'PUT'] as const)
    app.route({
      method,
      url: '/api/messages/appointments/:id/thread',
      preValidation: signedIn,
      schema: { params: threadParams, response: { 200: threadSummaryResponseSchema, ...errors } },
      handler: async (request) => ({
        success: true as const,
        data: await messages.appointmentThread(callerOf(request).userId, request.params.id, {
          create: method === 'PUT',
        }),
      }),
    });

  // The patient's general thread with the clinic: GET finds it, PUT starts it on first use.
  for (const method of ['GET', 'PUT'] as const)
    app.route({
      method,
      url: '/api/messages/clinic-thread',
      preValidation: patientsOnly,
      schema: { response: { 200: threadSummaryResponseSchema, ...errors } },
      handler: async (request) => ({
        success: true as const,
        data: await messages.clinicThread(callerOf(request).userId, {
          create: method === 'PUT',
        }),
      }),
    });
};
