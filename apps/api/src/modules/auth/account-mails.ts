import { randomUUID } from 'node:crypto';
import {
  EMAIL_VALIDATION_TOKEN_TTL_MS,
  PASSWORD_RESET_TOKEN_TTL_MS,
  type Locale,
} from '@vizita/shared/constants';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import { enqueue, type JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';
import { audit } from '../../lib/audit.ts';
import { parseBookingLinkPath } from '@vizita/shared/domain/booking-link';
import { findUserByEmail, type UserRow } from './users.ts';
import * as tokens from './one-time-tokens.ts';

export const ACCOUNT_MAIL_JOB = 'account_mail';

/**
 * What an account mail is for. The request only queues it, for any address alike; the job decides
 * whether the address gets a mail (an account exists, is not yet validated …) and makes the link's
 * token then — so no answer, nor its timing, tells whether an account exists, and no token ever
 * sits in the job table.
 */
export type AccountMailPurpose = 'validate' | 'reset' | 'exists';

/**
 * Queues one account mail in the caller's transaction (or alone); answers the job's key. `ip` is
 * the requester's, for the audit; `returnTo` a booking link the validation link carries on (issue
 * #22), already checked by the registration.
 */
export async function queueAccountMail(
  tx: Tx,
  purpose: AccountMailPurpose,
  email: string,
  now: Date,
  { ip, returnTo }: { ip?: string | undefined; returnTo?: string | undefined } = {},
): Promise<string> {
  const key = `account-mail:${purpose}:${randomUUID()}`;
  await enqueue(tx, {
    kind: ACCOUNT_MAIL_JOB,
    key,
    runAt: now,
    payload: { purpose, email, ...(ip ? { ip } : {}), ...(returnTo ? { returnTo } : {}) },
  });
  return key;
}

export function registerAccountMails({
  db,
  clock,
  jobs,
  mailer,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  jobs: JobWorker;
  mailer: Mailer;
  appUrl: string;
}) {
  const link = (path: string, token: string, next?: string) =>
    `${appUrl}${path}?token=${encodeURIComponent(token)}` +
    (next ? `&next=${encodeURIComponent(next)}` : '');

  async function issueToken(user: UserRow, purpose: tokens.OneTimePurpose, ttlMs: number) {
    const token = randomToken();
    await tokens.insertOneTimeToken(db, {
      userId: user.id,
      purpose,
      tokenHash: hashToken(token),
      expiresAt: new Date(clock().getTime() + ttlMs),
    });
    return token;
  }

  // A failed send throws: the job is retried with back-off, and a retry makes a fresh link.
  jobs.register(ACCOUNT_MAIL_JOB, async (payload) => {
    const user = await findUserByEmail(db, payload.email ?? '');
    if (!user) return;
    const locale = user.locale as Locale;
    switch (payload.purpose as AccountMailPurpose) {
      case 'validate': {
        if (user.emailValidatedAt) return;
        const token = await issueToken(user, 'email_validation', EMAIL_VALIDATION_TOKEN_TTL_MS);
        // Checked again: a job row outlives the request that checked it, and the link is ours.
        const next =
          payload.returnTo && parseBookingLinkPath(payload.returnTo) ? payload.returnTo : undefined;
        await mailer.send(
          renderMail('emailValidation', locale, user, link('/validate-email', token, next)),
        );
        return;
      }
      case 'reset': {
        const token = await issueToken(user, 'password_reset', PASSWORD_RESET_TOKEN_TTL_MS);
        await audit(db, 'auth.reset_requested', { userId: user.id, ip: payload.ip ?? null });
        await mailer.send(
          renderMail('passwordReset', locale, user, link('/reset-password', token)),
        );
        return;
      }
      case 'exists':
        await mailer.send(renderMail('accountExists', locale, user, `${appUrl}/forgot-password`));
        return;
    }
  });
}
