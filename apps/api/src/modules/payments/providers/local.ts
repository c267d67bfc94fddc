import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { localCheckoutSessions } from '../../../db/schema.ts';
import type { Clock } from '../../../lib/clock.ts';
import { randomToken } from '../../../lib/secure-token.ts';
import { checkTestCard, type CardCheck } from './local-test-cards.ts';
import type {
  CheckoutRequest,
  CheckoutState,
  PaymentProvider,
  RefundRequest,
} from './payment-provider.ts';

export type LocalSession = typeof localCheckoutSessions.$inferSelect;

/**
 * Zero-setup payments: our own hosted checkout page at /checkout/<sessionId>, with the semantics
 * of a hosted provider (sessions that expire, test cards, success and cancel redirects).
 */
export function createLocalProvider({
  db,
  clock,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
}) {
  async function find(sessionId: string): Promise<LocalSession | undefined> {
    const [row] = await db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.id, sessionId))
      .limit(1);
    return row;
  }

  const provider = {
    name: 'local' as const,

    async createCheckout(request: CheckoutRequest, tx: Tx) {
      const sessionId = `cs_local_${randomToken()}`;
      await tx.insert(localCheckoutSessions).values({
        id: sessionId,
        amountMinor: request.amountMinor,
        currency: request.currency,
        description: request.description,
        customerEmail: request.customerEmail,
        locale: request.locale,
        successUrl: request.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
        cancelUrl: request.cancelUrl,
        metadata: { appointmentId: request.appointmentId },
        expiresAt: request.expiresAt,
      });
      return { sessionId, url: `${appUrl}/checkout/${sessionId}` };
    },

    async retrieveCheckout(sessionId: string): Promise<CheckoutState | null> {
      const row = await find(sessionId);
      if (!row) return null;
      const lapsed = row.status === 'open' && row.expiresAt <= clock();
      return {
        sessionId,
        status: lapsed ? 'expired' : row.status,
        paymentStatus:
          row.paymentStatus === 'paid' || row.paymentStatus === 'refunded'
            ? 'paid'
            : row.paymentStatus === 'failed'
              ? 'failed'
              : 'unpaid',
        paymentId: row.paymentStatus === 'paid' ? `pi_local_${sessionId.slice(9, 33)}` : undefined,
        appointmentId: (row.metadata as { appointmentId?: string }).appointmentId,
      };
    },

    find,

    async expireCheckout(sessionId: string) {
      await db
        .update(localCheckoutSessions)
        .set({ status: 'expired' })
        .where(
          and(eq(localCheckoutSessions.id, sessionId), eq(localCheckoutSessions.status, 'open')),
        );
    },

    /** Marks the paid session refunded; refunding a refunded session again changes nothing. */
    async refund(request: RefundRequest) {
      const [row] = await db
        .update(localCheckoutSessions)
        .set({ paymentStatus: 'refunded' })
        .where(
          and(
            eq(localCheckoutSessions.id, request.sessionId),
            inArray(localCheckoutSessions.paymentStatus, ['paid', 'refunded']),
          ),
        )
        .returning({ id: localCheckoutSessions.id });
      if (!row) throw new Error(`local session ${request.sessionId} was not paid`);
      return { refundId: `re_local_${request.sessionId.slice(9, 33)}` };
    },

    /** The card form's submission. Only a successful or declined card changes the session. */
    async pay(
      sessionId: string,
      card: { number: string; expiry: string; cvc: string; name: string },
    ): Promise<CardCheck | { ok: false; closed: true }> {
      const row = await find(sessionId);
      if (!row || row.status !== 'open' || row.expiresAt <= clock())
        return { ok: false, closed: true };
      const result = checkTestCard(card, clock());
      if (result.ok) {
        await db
          .update(localCheckoutSessions)
          .set({
            status: 'complete',
            paymentStatus: 'paid',
            cardLast4: result.last4,
            completedAt: clock(),
          })
          .where(eq(localCheckoutSessions.id, sessionId));
      } else if ('decline' in result) {
        await db
          .update(localCheckoutSessions)
          .set({ status: 'expired', paymentStatus: 'failed', failureCode: result.decline })
          .where(eq(localCheckoutSessions.id, sessionId));
      }
      return result;
    },

    /** Development shortcut (process-dev-payment): pays an open session as the 4242 card would. */
    async payForDevelopment(sessionId: string) {
      return provider.pay(sessionId, {
        number: '4242424242424242',
        expiry: '12/99',
        cvc: '123',
        name: 'Development',
      });
    },
  } satisfies PaymentProvider & Record<string, unknown>;
  return provider;
}
export type LocalProvider = ReturnType<typeof createLocalProvider>;
