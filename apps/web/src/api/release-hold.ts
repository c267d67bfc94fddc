import { authApi } from '../lib/api-client';
import { useMutationActionOnMount } from '../lib/use-mutation-action';

/**
 * POST /api/payments/release-hold — gives an abandoned checkout's slot back at once (ADR 0011); a
 * "see a doctor now" checkout left unpaid takes the patient out of the queue the same way.
 */
export async function releaseHold(appointmentId: string): Promise<void> {
  await authApi.post('/api/payments/release-hold', { appointmentId });
}

/** Once as the cancel page opens, also under strict mode; nothing runs without an id. */
export function useReleaseHoldOnMount(appointmentId: string | null) {
  return useMutationActionOnMount(releaseHold, appointmentId);
}
