import { REFRESH_TOKEN_TTL_SECONDS, type Locale } from '@vizita/shared/constants';
import type { Session } from '@vizita/shared/contracts/sign-in';
import { normalizeEmail } from '@vizita/shared/domain/email';
import { parseBookingLinkPath } from '@vizita/shared/domain/booking-link';
import type { Db, Tx } from '../../db/client.ts';
import { ApiError, validationError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AfterResponse } from '../../lib/after-response.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import type { JobWorker } from '../jobs/queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderMail, type MailKind } from '../mail/templates.ts';
import { queueAccountMail } from './account-mails.ts';
import type { AccessTokens } from './access-token.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { roleOf } from '../../plugins/roles.ts';
import { consentsDue, dueOf, recordConsent } from '../legal/consents.ts';
import type { TwoFactorService } from './two-factor-service.ts';
import type { LegalDocument } from '@vizita/shared/domain/legal';
import { audit } from '../../lib/audit.ts';
import {
  findUserById,
  findUserByEmail,
  insertUser,
  revokeUserSessions,
  type UserRow,
} from './users.ts';
import * as repo from './repo.ts';
import * as tokens from './one-time-tokens.ts';

const MINUTE = 60_000;
const LOGIN_WINDOW_MS = 15 * MINUTE;
/** Failed sign-ins per address and IP: `times` the configured limit within each window. */
const LOGIN_BACKOFF = [
  { windowMs: LOGIN_WINDOW_MS, times: 1 },
  { windowMs: 24 * 60 * MINUTE, times: 2 },
];
/** Password changes and resets that may be tried before the caller must wait. */
const CHANGE_PASSWORD_LIMIT = 5;
const RESET_PASSWORD_PER_IP = 20;
const REGISTER_WINDOW_MS = 60 * MINUTE;
// One mail per address per minute, and a handful per hour, whether or not the address exists
// (limits keyed on accounts only would reveal which addresses have one).
const MAIL_COOLDOWN_MS = MINUTE;
const MAIL_HOURLY_LIMIT = 5;
/** Reset and validation mails asked for from one IP in an hour, whatever the addresses. */
const MAIL_REQUESTS_PER_IP = 10;
/**
 * A registration mails the address it names (a validation link, or "you already have an
 * account"): at most one of each kind per address in this window, however often a stranger
 * registers it (issue #18). The answer is the same either way; only the mail is left out.
 */
const REGISTRATION_MAIL_WINDOW_MS = 60 * MINUTE;
// Two tabs may refresh with the same cookie at the same moment, or a page navigates away while its
// refresh is on the way back and the browser drops the new cookie (Firefox does: issue #23). A
// rotated token presented again this soon is that race, not theft: it gets a live token of the same
// session too, or the browser would keep presenting the used one and be signed out once the window
// closes. Later reuse revokes the whole session family.
export const REFRESH_REUSE_GRACE_MS = 30_000;

export type RequestContext = {
  ip: string;
  locale: Locale;
  userAgent?: string | undefined;
  /** The "remember this device" cookie, when the browser sent one. */
  trustedDevice?: string | undefined;
};
export type AuthDeps = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  accessTokens: AccessTokens;
  rateLimiter: RateLimiter;
  /** Runs the account mails (registerAccountMails) … */
  jobs: Pick<JobWorker, 'runNow'>;
  /** … after the answer has left, so its timing tells nothing (lib/after-response.ts). */
  afterResponse: AfterResponse;
  twoFactor: TwoFactorService;
  appUrl: string;
  limits: { loginPerIp: number; loginPerEmail: number; registerPerIp: number };
  log: { error: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
};

type SessionResult = { session: Session; refreshToken?: string };
/** The password was right and a second factor is due: proof for the code step, no session yet. */
type ChallengeResult = { challenge: string };
type TwoFactorState = Session['twoFactor'];

/** Doctors and admins: they must have two-factor sign-in on before they see patient data. */
const isStaff = (user: repo.SessionUser) => roleOf(user) !== 'patient';

export function createAuthService(deps: AuthDeps) {
  const { db, clock, accessTokens, rateLimiter, limits } = deps;

  /** Sends a queued account mail once the answer is on its way; the job loop retries it. */
  function sendAfterResponse(key: string) {
    deps.afterResponse.run('account mail', () => deps.jobs.runNow(key));
  }

  /** Mail failures are logged, never surfaced: the account change already happened. */
  async function sendMail(kind: MailKind, user: UserRow, url: string) {
    try {
      await deps.mailer.send(renderMail(kind, user.locale as Locale, user, url));
    } catch (err) {
      deps.log.error({ err, kind, userId: user.id }, 'mail delivery failed');
    }
  }

  async function mailLimit(
    scope: string,
    email: string,
    code: 'resendWait' | 'resetWait',
    status: number,
    ip: string,
  ) {
    // Per IP too: one client naming many addresses would mail each of them (issue #18).
    const perIp = await rateLimiter.hit(`${scope}:ip:${ip}`, MAIL_REQUESTS_PER_IP, 60 * MINUTE);
    if (!perIp.allowed) throw new ApiError(429, 'tooManyRequests');
    const cooldown = await rateLimiter.hit(`${scope}:cooldown:${email}`, 1, MAIL_COOLDOWN_MS);
    const hourly = await rateLimiter.hit(
      `${scope}:hourly:${email}`,
      MAIL_HOURLY_LIMIT,
      60 * MINUTE,
    );
    if (!cooldown.allowed || !hourly.allowed) throw new ApiError(status, code);
  }

  /**
   * The session as login and status answer it: two-factor state (a restricted session must set it
   * up first) and, for patients, the legal documents whose new version they have not accepted.
   */
  /** The session as the client sees it, from what is known of the user and their session. */
  function sessionOf(
    user: repo.SessionUser,
    accessToken: string,
    known: { restricted: boolean; twoFactorOn: boolean; consentsDue: LegalDocument[] },
  ): Session {
    const twoFactor: TwoFactorState = known.restricted
      ? 'required'
      : known.twoFactorOn
        ? 'on'
        : 'off';
    return {
      twoFactor,
      consentsDue: isStaff(user) ? [] : known.consentsDue,
      accessToken,
      userId: user.id,
      isAdmin: user.isAdmin,
      userType: user.userType.toLowerCase(),
      isPaid: user.isPaid,
      isProfileComplete: user.isProfileComplete,
    };
  }

  async function toSession(
    user: UserRow,
    accessToken: string,
    restricted: boolean,
  ): Promise<Session> {
    return sessionOf(user, accessToken, {
      restricted,
      twoFactorOn: !restricted && (await deps.twoFactor.isEnabled(user.id)),
      consentsDue: isStaff(user) ? [] : await consentsDue(db, user.id),
    });
  }

  async function startSession(
    user: UserRow,
    ctx: RequestContext,
    { restricted = false }: { restricted?: boolean } = {},
  ): Promise<SessionResult> {
    const now = clock();
    const refreshToken = randomToken();
    const sessionId = await db.transaction(async (tx) => {
      const session = await repo.insertSession(tx, {
        userId: user.id,
        expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
        ip: ctx.ip,
        userAgent: ctx.userAgent?.slice(0, 500) ?? null,
        lastUsedAt: now,
        restricted,
      });
      await repo.insertRefreshToken(tx, session.id, hashToken(refreshToken));
      return session.id;
    });
    const accessToken = await accessTokens.sign({ userId: user.id, sessionId });
    return {
      session: await toSession(user, accessToken, restricted),
      refreshToken,
    };
  }

  return {
    async register(
      input: {
        firstName: string;
        lastName: string;
        email: string;
        password: string;
        /** A booking link the validation mail's link returns to (issue #22). */
        returnTo?: string | undefined;
      },
      ctx: RequestContext,
    ) {
      // The contract checks the booking link's shape; its instant must also exist (no 30
      // February). Before anything else, so the answer is the same for any address.
      if (input.returnTo !== undefined && !parseBookingLinkPath(input.returnTo))
        throw validationError([{ path: ['returnTo'], message: 'invalidValue' }]);
      const perIp = await rateLimiter.hit(
        `register:ip:${ctx.ip}`,
        limits.registerPerIp,
        REGISTER_WINDOW_MS,
      );
      if (!perIp.allowed) throw new ApiError(429, 'registrationRateLimited');
      const email = normalizeEmail(input.email);
      // Hash before looking anything up, so both outcomes cost the same time; the mails go after
      // the answer (sendAfterResponse), so their sending does not tell either.
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      /** Queues the mail unless this address had one of its kind within the window. */
      const mailOnce = async (tx: Tx, purpose: 'validate' | 'exists') => {
        const { allowed } = await rateLimiter.hit(
          `register-mail:${purpose}:${email}`,
          1,
          REGISTRATION_MAIL_WINDOW_MS,
          tx,
        );
        // Only the validation link carries the booking on: the owner of an existing account
        // signs in where she is, and her browser still holds the slot she chose.
        const returnTo = purpose === 'validate' ? input.returnTo : undefined;
        return allowed ? queueAccountMail(tx, purpose, email, now, { returnTo }) : null;
      };
      const key = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          locale: ctx.locale,
        });
        if (created) {
          await audit(tx, 'user.registered', { userId: created.id, ip: ctx.ip });
          await recordConsent(tx, created.id, 'registration', now);
          return mailOnce(tx, 'validate');
        }
        // No enumeration: answer as for a new account and tell the owner instead.
        const owner = await findUserByEmail(tx, email);
        await audit(tx, 'user.register_existing', { userId: owner?.id, ip: ctx.ip });
        // A patient's account nobody has proved yet. Never a doctor's or an admin's: their
        // invitation, not a registration, sets their password and name (issue #18).
        if (owner && !owner.emailValidatedAt && roleOf(owner) === 'patient') {
          // Nobody has proved this mailbox yet: the newest registration is the one its link
          // validates, with its own password — an earlier stranger's password never gets in.
          // Past the one mail an hour, they ask for the link again (signing in offers it).
          await repo.updateUser(tx, owner.id, {
            passwordHash,
            firstName: input.firstName,
            lastName: input.lastName,
            locale: ctx.locale,
          });
          await recordConsent(tx, owner.id, 'registration', now);
          await tokens.consumeOneTimeTokens(tx, owner.id, 'email_validation', now);
          return mailOnce(tx, 'validate');
        }
        return mailOnce(tx, 'exists');
      });
      if (key) sendAfterResponse(key);
      return { emailValidationRequired: true };
    },

    async validateEmail(token: string, ctx: Pick<RequestContext, 'ip'>) {
      const now = clock();
      return db.transaction(async (tx) => {
        const row = await tokens.lockOneTimeToken(tx, hashToken(token), 'email_validation');
        if (!row) throw new ApiError(400, 'validationTokenInvalid');
        const user = await findUserById(tx, row.userId);
        if (!user) throw new ApiError(400, 'validationTokenInvalid');
        // A second click on the same link is not an error for the person clicking it.
        if (user.emailValidatedAt) {
          if (!row.consumedAt)
            await tokens.consumeOneTimeTokens(tx, user.id, 'email_validation', now);
          return { alreadyValidated: true };
        }
        if (row.consumedAt || row.expiresAt <= now)
          throw new ApiError(400, 'validationTokenInvalid');
        await repo.updateUser(tx, user.id, { emailValidatedAt: now });
        await tokens.consumeOneTimeTokens(tx, user.id, 'email_validation', now);
        await audit(tx, 'user.email_validated', { userId: user.id, ip: ctx.ip });
        return { alreadyValidated: false };
      });
    },

    async resendValidation(rawEmail: string, ctx: Pick<RequestContext, 'ip'>) {
      const email = normalizeEmail(rawEmail);
      await mailLimit('resend', email, 'resendWait', 429, ctx.ip);
      // Queued for any address: the job mails only a pending account.
      sendAfterResponse(await queueAccountMail(db, 'validate', email, clock()));
    },

    async login(
      input: { email: string; password: string },
      ctx: RequestContext,
    ): Promise<SessionResult | ChallengeResult> {
      const email = normalizeEmail(input.email);
      // The attacker is throttled, not the account: failures count per address *and* IP, so a
      // guesser elsewhere never locks the owner out. They back off: the limit per 15 minutes,
      // then twice it per day, before the right password is tried at all.
      const perIp = await rateLimiter.hit(`login:ip:${ctx.ip}`, limits.loginPerIp, LOGIN_WINDOW_MS);
      const attempts = await Promise.all(
        LOGIN_BACKOFF.map(({ windowMs, times }) =>
          rateLimiter.hit(
            `login:account-ip:${windowMs}:${email}:${ctx.ip}`,
            limits.loginPerEmail * times,
            windowMs,
          ),
        ),
      );
      if (!perIp.allowed || attempts.some((a) => !a.allowed)) {
        await audit(db, 'auth.login_throttled', { ip: ctx.ip, meta: { email } });
        throw new ApiError(429, 'tooManyLoginAttempts');
      }
      const user = await findUserByEmail(db, email);
      const ok = user
        ? await verifyPassword(user.passwordHash, input.password, 'signIn')
        : await verifyAgainstDecoy(input.password);
      // A deactivated account answers exactly like a wrong password: nothing to learn from it.
      if (!user || !ok || user.deactivatedAt) {
        await audit(db, 'auth.login_failed', { userId: user?.id, ip: ctx.ip });
        throw new ApiError(401, 'invalidCredentials');
      }
      // Only after the password matched, so this answer reveals nothing to a guesser.
      if (!user.emailValidatedAt)
        throw new ApiError(403, 'emailNotValidated', { isEmailValidated: false });
      for (const { windowMs } of LOGIN_BACKOFF)
        await rateLimiter.reset(`login:account-ip:${windowMs}:${email}:${ctx.ip}`, windowMs);
      if (user.locale !== ctx.locale) await repo.updateUser(db, user.id, { locale: ctx.locale });
      const twoFactorOn = await deps.twoFactor.isEnabled(user.id);
      // The second factor, unless this browser was remembered after passing it (≤ 30 days).
      if (twoFactorOn && !(await deps.twoFactor.trustsDevice(user.id, ctx.trustedDevice)))
        return { challenge: await deps.twoFactor.challenge(user.id) };
      await audit(db, 'auth.login', { userId: user.id, ip: ctx.ip });
      // A doctor or admin without it may sign in only to set it up (ADR 0023).
      return startSession({ ...user, locale: ctx.locale }, ctx, {
        restricted: isStaff(user) && !twoFactorOn,
      });
    },

    /**
     * The code step of a sign-in: the password step's challenge, and a current code or a recovery
     * code (five tries in 15 minutes). With `rememberDevice`, answers the cookie that lets this
     * browser skip the step for 30 days.
     */
    async completeTwoFactorLogin(
      input: { challenge: string; code?: string; recoveryCode?: string; rememberDevice?: boolean },
      ctx: RequestContext,
    ): Promise<SessionResult & { trustedDevice?: string }> {
      const claims = await deps.twoFactor.challengedUser(input.challenge);
      const { userId } = claims;
      const user = await findUserById(db, userId);
      if (!user || user.deactivatedAt) throw new ApiError(401, 'twoFactorChallengeExpired');
      // A wrong code leaves the challenge usable (five tries); a right one spends it, so one
      // password step opens one session, however many codes follow (issue #18).
      await deps.twoFactor.verifyLogin(userId, input);
      await deps.twoFactor.spendChallenge(claims);
      await audit(db, 'auth.login', {
        userId,
        ip: ctx.ip,
        meta: { secondFactor: input.code ? 'totp' : 'recovery_code' },
      });
      const started = await startSession(user, ctx);
      return input.rememberDevice
        ? { ...started, trustedDevice: await deps.twoFactor.trustDevice(userId, ctx.userAgent) }
        : started;
    },

    /**
     * Restores the session from the refresh cookie, rotating it; or, with only a bearer token,
     * confirms it (without extending it: an access token never mints a longer-lived one).
     */
    async status(
      input: { refreshToken?: string | undefined; bearer?: string | undefined },
      ctx: Pick<RequestContext, 'ip'>,
    ): Promise<SessionResult> {
      const now = clock();
      if (input.refreshToken) {
        const outcome = await db.transaction(async (tx) => {
          const row = await repo.lockRefreshToken(tx, hashToken(input.refreshToken!));
          if (!row || row.session.revokedAt || row.session.expiresAt <= now)
            return { kind: 'invalid' as const };
          const inGrace =
            row.token.usedAt &&
            now.getTime() - row.token.usedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
          if (row.token.usedAt && !inGrace) {
            await repo.revokeSession(tx, row.session.id, 'refresh_token_reuse', now);
            await audit(tx, 'auth.refresh_reuse_detected', {
              userId: row.session.userId,
              ip: ctx.ip,
              meta: { sessionId: row.session.id },
            });
            return { kind: 'reused' as const };
          }
          const next = randomToken();
          // Marked once: the grace window runs from the first use, however many races follow.
          if (!inGrace) await repo.markRefreshTokenUsed(tx, row.token.id, now);
          await repo.insertRefreshToken(tx, row.session.id, hashToken(next));
          await repo.touchSession(tx, row.session.id, now);
          return {
            kind: 'rotated' as const,
            sessionId: row.session.id,
            userId: row.session.userId,
            restricted: row.session.restricted,
            refreshToken: next,
          };
        });
        // The commit above must stand even when we answer 401: a reused token's revocation sticks.
        if (outcome.kind === 'invalid' || outcome.kind === 'reused')
          throw new ApiError(401, 'sessionExpired');
        const user = await findUserById(db, outcome.userId);
        if (!user) throw new ApiError(401, 'sessionExpired');
        const accessToken = await accessTokens.sign({
          userId: user.id,
          sessionId: outcome.sessionId,
        });
        return {
          session: await toSession(user, accessToken, outcome.restricted),
          refreshToken: outcome.refreshToken,
        };
      }
      if (input.bearer) {
        // The hot read of every page load: the session, its user, 2FA and consents in one query.
        const claims = await accessTokens.verify(input.bearer);
        const row =
          claims && (await repo.statusOfSession(db, claims.sessionId, claims.userId, clock()));
        if (row)
          return {
            session: sessionOf(row.user, input.bearer, {
              restricted: row.restricted,
              twoFactorOn: row.twoFactorOn,
              consentsDue: dueOf(row.accepted),
            }),
          };
      }
      throw new ApiError(401, 'authRequired');
    },

    /**
     * Verifies an access token and that its session is still live (logout takes effect at once);
     * `restricted` says the session may only set up two-factor sign-in.
     */
    async authenticate(bearer: string) {
      const claims = await accessTokens.verify(bearer);
      if (!claims) return null;
      const session = await repo.findLiveSession(db, claims.sessionId, clock());
      if (!session || session.userId !== claims.userId) return null;
      return { ...claims, restricted: session.restricted };
    },

    async logout(
      input: { refreshToken?: string | undefined; bearer?: string | undefined },
      ctx: Pick<RequestContext, 'ip'>,
    ) {
      const now = clock();
      const sessionId = input.refreshToken
        ? await repo.findRefreshSession(db, hashToken(input.refreshToken))
        : input.bearer
          ? (await accessTokens.verify(input.bearer))?.sessionId
          : undefined;
      if (!sessionId) return;
      await repo.revokeSession(db, sessionId, 'logout', now);
      await audit(db, 'auth.logout', { ip: ctx.ip, meta: { sessionId } });
    },

    async forgotPassword(rawEmail: string, ctx: RequestContext) {
      const email = normalizeEmail(rawEmail);
      // The spec answers 400 here ("Please wait before requesting another reset email").
      await mailLimit('forgot', email, 'resetWait', 400, ctx.ip);
      // Queued for any address: the job mails only an existing account.
      sendAfterResponse(await queueAccountMail(db, 'reset', email, clock(), { ip: ctx.ip }));
    },

    /** Tells the reset screen whether its link is usable, without spending it. */
    async checkResetToken(token: string) {
      const row = await tokens.findOneTimeToken(db, hashToken(token), 'password_reset');
      if (!row || row.consumedAt) throw new ApiError(400, 'resetTokenInvalid');
      if (row.expiresAt <= clock()) throw new ApiError(401, 'resetTokenExpired');
    },

    async resetPassword(
      input: { token: string; newPassword: string },
      ctx: Pick<RequestContext, 'ip'>,
    ) {
      const perIp = await rateLimiter.hit(
        `reset:ip:${ctx.ip}`,
        RESET_PASSWORD_PER_IP,
        LOGIN_WINDOW_MS,
      );
      if (!perIp.allowed) throw new ApiError(429, 'tooManyRequests');
      // The link first: a made-up token costs a lookup, never an argon2id hash.
      await this.checkResetToken(input.token);
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      const user = await db.transaction(async (tx) => {
        const row = await tokens.lockOneTimeToken(tx, hashToken(input.token), 'password_reset');
        if (!row || row.consumedAt) throw new ApiError(400, 'resetTokenInvalid');
        if (row.expiresAt <= now) throw new ApiError(401, 'resetTokenExpired');
        const owner = await findUserById(tx, row.userId);
        if (!owner) throw new ApiError(400, 'resetTokenInvalid');
        // The link reached the mailbox, which is what e-mail validation proves.
        await repo.updateUser(tx, owner.id, {
          passwordHash,
          passwordChangedAt: now,
          emailValidatedAt: owner.emailValidatedAt ?? now,
        });
        await tokens.consumeOneTimeTokens(tx, owner.id, 'password_reset', now);
        await revokeUserSessions(tx, owner.id, 'password_reset', now);
        await repo.forgetTrustedDevices(tx, owner.id);
        await audit(tx, 'auth.password_reset', { userId: owner.id, ip: ctx.ip });
        return owner;
      });
      await sendMail('passwordChanged', user, `${deps.appUrl}/forgot-password`);
    },

    async changePassword(
      input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
      ctx: Pick<RequestContext, 'ip'>,
    ) {
      const user = await findUserById(db, input.userId);
      if (!user) throw new ApiError(401, 'authRequired');
      // A stolen session must not be a free password oracle.
      const tries = await rateLimiter.hit(
        `change-password:${user.id}`,
        CHANGE_PASSWORD_LIMIT,
        LOGIN_WINDOW_MS,
      );
      if (!tries.allowed) throw new ApiError(429, 'tooManyRequests');
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        await audit(db, 'auth.change_password_failed', { userId: user.id, ip: ctx.ip });
        throw new ApiError(400, 'currentPasswordIncorrect');
      }
      const passwordHash = await hashPassword(input.newPassword);
      const now = clock();
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, user.id, { passwordHash, passwordChangedAt: now });
        await revokeUserSessions(tx, user.id, 'password_changed', now, input.sessionId);
        await repo.forgetTrustedDevices(tx, user.id);
        await audit(tx, 'auth.password_changed', { userId: user.id, ip: ctx.ip });
      });
      await sendMail('passwordChanged', user, `${deps.appUrl}/forgot-password`);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
