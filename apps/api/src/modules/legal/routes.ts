import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  acceptConsentsRequestSchema,
  legalOperatorResponseSchema,
  type LegalOperator,
} from '@vizita/shared/contracts/legal';
import { LEGAL_VERSIONS } from '@vizita/shared/domain/legal';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import type { Db } from '../../db/client.ts';
import { ApiError, errorResponses } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Config } from '../../config.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { audit } from '../../lib/audit.ts';
import { recordConsent } from './consents.ts';

const errors = errorResponses(400, 401, 403, 409);

/** The legal pages' operator details (public) and accepting a new version of the documents. */
export const legalRoutes: FastifyPluginAsyncZod<{
  db: Db;
  clock: Clock;
  clinic: Config['clinic'];
}> = async (app, { db, clock, clinic }) => {
  const operator: LegalOperator = {
    name: clinic.name,
    address: clinic.address,
    email: clinic.email,
    phone: clinic.phone,
    representative: clinic.representative,
    dataProtectionOfficer: clinic.dataProtectionOfficer,
    register: clinic.register,
    taxId: clinic.taxId,
    vatId: clinic.vatId,
    supervisoryAuthority: clinic.supervisoryAuthority,
    country: clinic.country,
    versions: LEGAL_VERSIONS,
  };

  app.get(
    '/api/legal/operator',
    { schema: { response: { 200: legalOperatorResponseSchema } } },
    async (_request, reply) => {
      // Public and the same for everyone: caches may keep it for a while.
      reply.header('cache-control', 'public, max-age=300');
      return { success: true as const, data: operator };
    },
  );

  app.post(
    '/auth/consents',
    {
      preValidation: [app.authenticate, app.requireRole('patient')],
      schema: {
        body: acceptConsentsRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      const { accepted } = request.body;
      if (accepted.some((a) => a.version !== LEGAL_VERSIONS[a.document]))
        throw new ApiError(409, 'legalVersionChanged');
      const { userId } = callerOf(request);
      await db.transaction(async (tx) => {
        await recordConsent(
          tx,
          userId,
          'update',
          clock(),
          accepted.map((a) => a.document),
        );
        await audit(tx, 'consent.accepted', {
          userId,
          ip: request.ip,
          meta: Object.fromEntries(accepted.map((a) => [a.document, a.version])),
        });
      });
      return { success: true as const, message: API_MESSAGES.consentsAccepted };
    },
  );
};
