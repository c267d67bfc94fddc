import type * as z from 'zod/mini';
import { joinQueueResponseSchema, type JoinQueueRequest } from '@vizita/shared/contracts/on-demand';
import { authApi } from '../../../lib/api-client';
import { useMutationAction } from '../../../lib/use-mutation-action';

export type JoinQueueResult = z.infer<typeof joinQueueResponseSchema>['data'];

/**
 * POST /api/on-demand — the patient asks for a doctor now: the checkout of the clinic's on-demand
 * fee, whose success and cancel addresses bring her back to her place in the queue. The client
 * sends the screen's language (Accept-Language), in which the checkout and the mails speak.
 */
export async function joinQueue(request: JoinQueueRequest): Promise<JoinQueueResult> {
  return joinQueueResponseSchema.parse(await authApi.post('/api/on-demand', request)).data;
}

/** Nothing the app shows changes until she has paid: the queue page reads it then. */
export function useJoinQueue() {
  return useMutationAction(joinQueue);
}
