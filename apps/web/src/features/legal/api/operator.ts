import { legalOperatorResponseSchema } from '@vizita/shared/contracts/legal';
import { api } from '../../../lib/api-client';

/** GET /api/legal/operator — who runs the service, for the imprint and the privacy notice. */
export const getLegalOperator = async () =>
  legalOperatorResponseSchema.parse(await api.get('/api/legal/operator')).data;
