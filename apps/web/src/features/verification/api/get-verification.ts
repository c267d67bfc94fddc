import { documentVerificationResponseSchema } from '@vizita/shared/contracts/verification';
import { api } from '../../../lib/api-client';

/**
 * GET /api/verify/:idOrCode — the public check of a document (ADR 0037): the same answer for
 * everyone, so it is a plain read in the route's loader, not a signed-in query.
 */
export const getVerification = async (idOrCode: string) =>
  documentVerificationResponseSchema.parse(
    await api.get(`/api/verify/${encodeURIComponent(idOrCode)}`),
  ).data;
