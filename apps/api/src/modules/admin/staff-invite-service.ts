import type { Locale } from '@vizita/shared/constants';
import type { AcceptInviteRequest } from '@vizita/shared/contracts/admin';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import { audit } from '../../lib/audit.ts';
import * as tokens from '../auth/one-time-tokens.ts';
import { findUserById, setChosenPassword } from '../auth/users.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { TwoFactorService } from '../auth/two-factor-service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail } from '../mail/templates.ts';

/** An invitation outlives a reset link: a doctor may read it after the weekend (issue #10). */
export const STAFF_INVITE_TTL_MS = 7 * 24 * 60 * 60_000;
/** Uses of invitation links per IP in 15 minutes, as for reset links (ADR 0005). */
const INVITE_USES_PER_IP = 20;
const INVITE_WINDOW_MS = 15 * 60_000;

/**
 * Staff invitations: an account an admin created gets a single-use, hashed, 7-day link to
 * choose its own password and set up its second factor — no password ever passes through the
 * admin, and nobody who later learns the password can enrol a phone of their own (ADR 0023).
 * Accepting the link also proves the mailbox, so the e-mail counts as validated.
 */
export function createStaffInviteService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  twoFactor: Pick<TwoFactorService, 'setupForInvitation' | 'checkSetupCode' | 'turnOnChecked'>;
  appUrl: string;
  log: { error: (obj: object, msg: string) => void };
}) {
  const { db, clock } = deps;

  /** The link's uses from one IP are counted: a made-up token is a lookup, never more. */
  async function limitPerIp(ip: string) {
    const hit = await deps.rateLimiter.hit(`invite:ip:${ip}`, INVITE_USES_PER_IP, INVITE_WINDOW_MS);
    if (!hit.allowed) throw new ApiError(429, 'tooManyRequests');
  }

  /** The invitation row behind a token, refused when spent, expired or its account is closed. */
  async function usable(tx: Tx, token: string, lock: boolean) {
    const tokenHash = hashToken(token);
    const row = lock
      ? await tokens.lockOneTimeToken(tx, tokenHash, 'staff_invite')
      : await tokens.findOneTimeToken(tx, tokenHash, 'staff_invite');
    if (!row || row.consumedAt) throw new ApiError(400, 'inviteTokenInvalid');
    if (row.expiresAt <= clock()) throw new ApiError(410, 'inviteTokenExpired');
    const user = await findUserById(tx, row.userId);
    if (!user || user.deactivatedAt) throw new ApiError(400, 'inviteTokenInvalid');
    return user;
  }

  return {
    /** Issues a fresh link (earlier ones stop working) and mails it in the invitee's language. */
    async invite(userId: string) {
      const user = await findUserById(db, userId);
      if (!user) throw new ApiError(404, 'notFound');
      const token = randomToken();
      const now = clock();
      await db.transaction(async (tx) => {
        await tokens.consumeOneTimeTokens(tx, user.id, 'staff_invite', now);
        await tokens.insertOneTimeToken(tx, {
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

    /** The secret for the invitee's authenticator app; a new one replaces an earlier one. */
    async twoFactorSetup(token: string, ctx: { ip: string }) {
      await limitPerIp(ctx.ip);
      const user = await usable(db, token, false);
      return deps.twoFactor.setupForInvitation(user.id, user.email);
    },

    /** The password and the second factor at once; answers the recovery codes (shown once). */
    async accept(input: AcceptInviteRequest, ctx: { ip: string }) {
      await limitPerIp(ctx.ip);
      // The cheap checks first — the link, then the code (five tries in 15 minutes) — and only
      // then argon2id: a made-up token or a wrong code never costs a hash (issue #18).
      const invited = await usable(db, input.token, false);
      const checked = await deps.twoFactor.checkSetupCode(invited.id, input.code);
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      return db.transaction(async (tx) => {
        const user = await usable(tx, input.token, true);
        if (user.id !== invited.id) throw new ApiError(400, 'inviteTokenInvalid');
        await setChosenPassword(tx, user, passwordHash, now);
        const recoveryCodes = await deps.twoFactor.turnOnChecked(tx, user.id, checked);
        await tokens.consumeOneTimeTokens(tx, user.id, 'staff_invite', now);
        await audit(tx, 'auth.invite_accepted', { userId: user.id, ip: ctx.ip });
        return { email: user.email, recoveryCodes };
      });
    },
  };
}
export type StaffInviteService = ReturnType<typeof createStaffInviteService>;
