import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  accessLogResponseSchema,
  dataExportQuerySchema,
  dataExportResponseSchema,
  deleteAccountRequestSchema,
  fhirExportResponseSchema,
} from '@vizita/shared/contracts/privacy';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import type { Db } from '../../db/client.ts';
import { ApiError, errorResponses } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { audit } from '../../lib/audit.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import type { AccountErasure } from './account-erasure.ts';
import type { DataExportService } from './data-export.ts';
import { toFhirBundle } from './fhir/bundle.ts';
import type { Clinic } from './fhir/patient.ts';

const errors = errorResponses(400, 401, 403, 429);

/** Exports per patient and hour: enough to retry a download, too few to hammer the decryption. */
const EXPORTS_PER_HOUR = 10;

/** The patient's data rights: the export, who saw their data, deleting the account (ADR 0025). */
export const privacyRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  rateLimiter: RateLimiter;
  dataExport: DataExportService;
  erasure: AccountErasure;
  secureCookies: boolean;
  /** The FHIR export names the clinic and links the legal texts a consent accepted. */
  appUrl: string;
  clinic: Clinic;
}> = async (
  app,
  { db, clock, rateLimiter, dataExport, erasure, secureCookies, appUrl, clinic },
) => {
  const patientOnly = [app.authenticate, app.requireRole('patient')];

  app.get(
    '/api/privacy/export',
    {
      preValidation: patientOnly,
      schema: {
        description:
          'Everything Vizita holds about the signed-in patient (ADR 0025). `format=json` (the ' +
          "default) is Vizita's own document; `format=fhir` is the same record as a FHIR R4 " +
          'Bundle of type `collection` (Patient, Organization, Practitioner, Appointment, ' +
          'Encounter, DocumentReference, Binary, Consent, Invoice) for other health apps.',
        querystring: dataExportQuerySchema,
        response: {
          200: z.union([dataExportResponseSchema, fhirExportResponseSchema]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const format = request.query.format ?? 'json';
      // One limit for both formats: each decrypts the whole record.
      const hit = await rateLimiter.hit(`export:${userId}`, EXPORTS_PER_HOUR, 60 * 60_000);
      if (!hit.allowed) throw new ApiError(429, 'exportRateLimited');
      const data = await dataExport.collect(userId, clock());
      await audit(db, 'privacy.data_exported', {
        userId,
        subjectUserId: userId,
        ip: request.ip,
        meta: { format },
      });
      if (format === 'fhir')
        return { success: true as const, data: toFhirBundle(data, { appUrl, clinic }) };
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/privacy/access-log',
    {
      preValidation: patientOnly,
      schema: { response: { 200: accessLogResponseSchema, ...errors } },
    },
    async (request) => ({
      success: true as const,
      data: await dataExport.accessLog(callerOf(request).userId),
    }),
  );

  app.post(
    '/api/privacy/delete-account',
    {
      config: { endsSessions: true, changesAvailability: true },
      preValidation: patientOnly,
      schema: { body: deleteAccountRequestSchema, response: { 200: messageOnlySchema, ...errors } },
    },
    async (request, reply) => {
      await erasure.erase(callerOf(request).userId, request.body);
      clearRefreshCookie(reply, secureCookies);
      return { success: true as const, message: API_MESSAGES.accountDeleted };
    },
  );
};
