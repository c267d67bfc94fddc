import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  prescriptionRequestOptionsResponseSchema,
  type PrescriptionRequestOption,
} from '@vizita/shared/contracts/prescription-requests';
import { authApi } from '../lib/api-client';
import { prescriptionRequestKeys } from './query-keys';

/**
 * GET /api/prescription-requests/options — the doctors the patient may ask for a repeat
 * prescription now (a consultation with them in the last 12 months, issue #21), each with the
 * price and the medicines of the doctor's earlier prescriptions for her. The request page reads
 * it, and the appointments list to offer the request at all.
 */
export async function getPrescriptionRequestOptions(): Promise<PrescriptionRequestOption[]> {
  const body = await authApi.get('/api/prescription-requests/options');
  return prescriptionRequestOptionsResponseSchema.parse(body).data;
}

export function getPrescriptionRequestOptionsQueryOptions() {
  return queryOptions({
    queryKey: prescriptionRequestKeys.options(),
    queryFn: getPrescriptionRequestOptions,
  });
}

export function usePrescriptionRequestOptions() {
  return useQuery(getPrescriptionRequestOptionsQueryOptions());
}
