import { enqueue } from '../jobs/queue.ts';
import type { Tx } from '../../db/client.ts';

export const REFUND_JOB = 'refund';

/**
 * Queues the full refund of a payment in the caller's transaction (the one that cancels the
 * appointment), so a refund that is due is never forgotten, whatever fails after the commit.
 * One refund per payment: the key makes a second call a no-op. Answers the job's key.
 */
export async function queueRefund(tx: Tx, paymentId: string, now: Date): Promise<string> {
  const key = `refund:${paymentId}`;
  await enqueue(tx, { kind: REFUND_JOB, key, runAt: now, payload: { paymentId } });
  return key;
}
