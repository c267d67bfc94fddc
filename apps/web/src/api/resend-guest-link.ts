import * as z from 'zod/mini';
import { successSchema } from '@vizita/shared/contracts/api-response';
import { authApi } from '../lib/api-client';
import { useMutationAction } from '../lib/use-mutation-action';

const resendResponseSchema = successSchema(z.object({ mailSent: z.boolean() }));

/**
 * POST /api/guest-consultations/:id/resend — a new link for the guest: the earlier one, and the
 * browser that opened it, stop working at once.
 */
export const resendGuestLink = async (appointmentId: string) =>
  resendResponseSchema.parse(
    await authApi.post(`/api/guest-consultations/${encodeURIComponent(appointmentId)}/resend`),
  ).data;

export const useResendGuestLink = () => useMutationAction(resendGuestLink);
