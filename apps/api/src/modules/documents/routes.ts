import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  appointmentDocumentListResponseSchema,
  appointmentDocumentResponseSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  documentUploadQuerySchema,
} from '@vizita/shared/contracts/documents';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { DocumentService } from './service.ts';
import { sendDownload } from '../../lib/send-download.ts';

const appointmentParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 404, 409, 413, 415);

/**
 * Documents after the visit: the doctor uploads the file itself as the body (its type in
 * Content-Type), the patient and the doctor list and download them. Never a public URL: every
 * read passes the participant check and is audited.
 */
export const documentRoutes: FastifyPluginAsyncZod<{ documents: DocumentService }> = async (
  app,
  { documents },
) => {
  // Only the upload routes of this plugin see these types, and only up to the document limit.
  app.addContentTypeParser(
    [...DOCUMENT_TYPES],
    { parseAs: 'buffer', bodyLimit: DOCUMENT_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  const upload = async (
    userId: string,
    appointmentId: string,
    query: z.infer<typeof documentUploadQuerySchema>,
    contentType: string | undefined,
    body: unknown,
    documentId?: string,
  ) =>
    documents.share(userId, appointmentId, {
      ...query,
      declaredType: (contentType ?? '').split(';')[0]!.trim().toLowerCase(),
      bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0),
      ...(documentId ? { documentId } : {}),
    });

  app.post(
    '/api/doctor/appointments/:id/documents',
    {
      preValidation: app.authenticate,
      schema: {
        params: appointmentParams,
        querystring: documentUploadQuerySchema,
        response: { 201: appointmentDocumentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await upload(
        callerOf(request).userId,
        request.params.id,
        request.query,
        request.headers['content-type'],
        request.body,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.post(
    '/api/doctor/appointments/:id/documents/:documentId/versions',
    {
      preValidation: app.authenticate,
      schema: {
        params: z.object({ id: z.uuid('invalidValue'), documentId: z.uuid('invalidValue') }),
        querystring: documentUploadQuerySchema,
        response: { 201: appointmentDocumentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await upload(
        callerOf(request).userId,
        request.params.id,
        request.query,
        request.headers['content-type'],
        request.body,
        request.params.documentId,
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/appointments/:id/documents',
    {
      preValidation: app.authenticate,
      schema: {
        params: appointmentParams,
        response: { 200: appointmentDocumentListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.list(callerOf(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/appointments/:id/documents/:versionId/file',
    {
      preValidation: app.authenticate,
      schema: {
        // The file itself on success, so only the parameters are declared.
        params: z.object({ id: z.uuid('invalidValue'), versionId: z.uuid('invalidValue') }),
      },
    },
    async (request, reply) => {
      const file = await documents.download(
        callerOf(request).userId,
        request.params.id,
        request.params.versionId,
        request.ip,
      );
      return sendDownload(reply, file);
    },
  );
};
