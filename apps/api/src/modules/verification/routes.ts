import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { successSchema } from '@vizita/shared/contracts/api-response';
import {
  documentVerificationResponseSchema,
  revokeDocumentResponseSchema,
  revokeDocumentSchema,
  verifyParamsSchema,
} from '@vizita/shared/contracts/verification';
import { errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { VerificationService } from './service.ts';

const publicKeysResponseSchema = successSchema(
  z.array(z.object({ keyId: z.string(), publicKey: z.string() })),
);

/**
 * Documents anyone can verify (ADR 0037): the public check behind the QR code and the short
 * code, the keys it accepts, and the issuing doctor's revocation.
 */
export const verificationRoutes: FastifyPluginAsyncZod<{
  verification: VerificationService;
}> = async (app, { verification }) => {
  app.get(
    '/api/verify/:idOrCode',
    {
      schema: {
        params: verifyParamsSchema,
        response: { 200: documentVerificationResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const data = await verification.check(request.params.idOrCode, request.ip);
      // Revocation must show at once: no cache between the checker and the register.
      return reply.header('cache-control', 'no-store').send({ success: true as const, data });
    },
  );

  // The public halves of the signing keys (current first, then those kept from rotations).
  app.get(
    '/api/verify-keys',
    { schema: { response: { 200: publicKeysResponseSchema } } },
    async () => ({ success: true as const, data: verification.publicKeys() }),
  );

  app.post(
    '/api/doctor/documents/:id/revoke',
    {
      preValidation: app.authenticate,
      schema: {
        params: z.object({ id: z.uuid('invalidValue') }),
        body: revokeDocumentSchema,
        response: {
          200: revokeDocumentResponseSchema,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      success: true as const,
      data: await verification.revoke(
        callerOf(request).userId,
        request.params.id,
        request.body.reason,
        request.ip,
      ),
    }),
  );
};
