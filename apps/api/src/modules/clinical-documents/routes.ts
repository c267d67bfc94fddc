import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  clinicalDocumentListResponseSchema,
  clinicalDocumentPdfQuerySchema,
  clinicalDocumentResponseSchema,
  issueClinicalDocumentSchema,
} from '@vizita/shared/contracts/clinical-documents';
import { errorResponses } from '../../lib/api-error.ts';
import { sendDownload } from '../../lib/send-download.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { ClinicalDocumentService } from './service.ts';

const idParams = z.object({ id: z.uuid('invalidValue') });
const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * Prescriptions, sick notes and referrals (issue #21). The consultation's doctor issues and
 * corrects them (doctors only: 403 for another role); its patient and its doctor read them and
 * their PDFs, and the visit summary's PDF; anyone else gets the same 404 as for a document that
 * does not exist. Revoking is the one revocation of anything Vizita issues:
 * `POST /api/doctor/documents/:id/revoke` with the document's verification id (the verification
 * module, ADR 0037).
 */
export const clinicalDocumentRoutes: FastifyPluginAsyncZod<{
  documents: ClinicalDocumentService;
}> = async (app, { documents }) => {
  const doctorOnly = { preValidation: [app.authenticate, app.requireRole('doctor')] };

  app.post(
    '/api/doctor/appointments/:id/clinical-documents',
    {
      ...doctorOnly,
      schema: {
        params: idParams,
        body: issueClinicalDocumentSchema,
        response: { 201: clinicalDocumentResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const data = await documents.issue(callerOf(request).userId, request.params.id, request.body);
      reply.code(201);
      return { success: true as const, data };
    },
  );

  app.put(
    '/api/doctor/clinical-documents/:id',
    {
      ...doctorOnly,
      schema: {
        params: idParams,
        body: issueClinicalDocumentSchema,
        response: { 200: clinicalDocumentResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.correct(callerOf(request).userId, request.params.id, request.body),
    }),
  );

  app.get(
    '/api/appointments/:id/clinical-documents',
    {
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        response: { 200: clinicalDocumentListResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await documents.listForAppointment(callerOf(request).userId, request.params.id),
    }),
  );

  app.get(
    '/api/clinical-documents/:id/pdf',
    {
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        querystring: clinicalDocumentPdfQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      // Without a language: the reader's own.
      const file = await documents.pdf(
        callerOf(request).userId,
        request.params.id,
        request.query.language,
      );
      return sendDownload(reply, { contentType: 'application/pdf', ...file });
    },
  );

  app.get(
    '/api/appointments/:id/summary/pdf',
    {
      preValidation: app.authenticate,
      schema: {
        params: idParams,
        querystring: clinicalDocumentPdfQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await documents.summaryPdf(
        callerOf(request).userId,
        request.params.id,
        request.query.language,
      );
      return sendDownload(reply, { contentType: 'application/pdf', ...file });
    },
  );
};
