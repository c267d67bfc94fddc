import type { Locale } from '@vizita/shared/constants';
import type { AcceptInviteRequest } from '@vizita/shared/contracts/admin';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import * as repo from '../auth/repo.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';

/** An invitation outlives a reset link: a doctor may read it after the weekend (issue #10). */
export const STAFF_INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

/**
 * Staff invitations: an account an admin created gets a single-use, hashed, 7-day link to
 * choose its own password — no password ever passes through the admin. Accepting the link also
 * proves the mailbox, so the e-mail counts as validated.
 */
export function createStaffInviteService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  appUrl: string;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, clock } = deps;

  /** The invitation row behind a token, refused when spent, expired or its account is closed. */
  async function usable(tx: repo.Tx, token: string, lock: boolean) {
    const tokenHash = hashToken(token);
    const row = lock
      ? await repo.lockOneTimeToken(tx, tokenHash, 'staff_invite')
      : await repo.findOneTimeToken(tx, tokenHash, 'staff_invite');
    if (!row || row.consumedAt) throw new ApiError(400, 'inviteTokenInvalid');
    if (row.expiresAt <= clock()) throw new ApiError(410, 'inviteTokenExpired');
    const user = await repo.findUserById(tx, row.userId);
    if (!user || user.deactivatedAt) throw new ApiError(400, 'inviteTokenInvalid');
    return user;
  }

  return {
    /** Issues a fresh link (earlier ones stop working) and mails it in the invitee's language. */
    async invite(userId: string) {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new ApiError(404, 'notFound');
      const token = randomToken();
      const now = clock();
      await db.transaction(async (tx) => {
        await repo.consumeOneTimeTokens(tx, user.id, 'staff_invite', now);
        await repo.insertOneTimeToken(tx, {
          userId: user.id,
          purpose: 'staff_invite',
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + STAFF_INVITE_TTL_MS),
        });
      });
      const link = `${deps.appUrl}/accept-invite?token=${encodeURIComponent(token)}`;
      // The account exists either way; a failed delivery is logged and the admin can resend.
      try {
        await deps.mailer.send(renderMail('staffInvite', user.locale as Locale, user, link));
      } catch (err) {
        deps.log.error({ err, userId: user.id }, 'staff invitation mail failed');
      }
    },

    /** Tells the invitation page whether its link is usable, without spending it. */
    async check(token: string) {
      const user = await usable(db, token, false);
      return { email: user.email, firstName: user.firstName };
    },

    async accept(input: AcceptInviteRequest, ctx: { ip: string }) {
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      return db.transaction(async (tx) => {
        const user = await usable(tx, input.token, true);
        await repo.updateUser(tx, user.id, {
          passwordHash,
          passwordChangedAt: now,
          emailValidatedAt: user.emailValidatedAt ?? now,
        });
        await repo.consumeOneTimeTokens(tx, user.id, 'staff_invite', now);
        await repo.audit(tx, 'auth.invite_accepted', { userId: user.id, ip: ctx.ip });
        return { email: user.email };
      });
    },
  };
}
export type StaffInviteService = ReturnType<typeof createStaffInviteService>;
