import { createHash, randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { RECOVERY_CODE_COUNT, TRUSTED_DEVICE_DAYS } from '@vizita/shared/contracts/two-factor';
import { renderSVG } from 'uqr';
import type { Db, Tx } from '../../db/client.ts';
import { recoveryCodes, sessions, trustedDevices, twoFactor } from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { purposeJwtKey } from '../../lib/purpose-keys.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { hashToken, randomToken } from '../../lib/secure-token.ts';
import { base32Encode, newTotpSecret, otpauthUri, verifyTotp } from '../../lib/totp.ts';
import { verifyPassword } from './passwords.ts';
import { audit } from '../../lib/audit.ts';
import { findUserById } from './users.ts';
import * as tokens from './one-time-tokens.ts';

/** The password step's proof lasts this long: enough to open the app and type a code. */
const CHALLENGE_SECONDS = 5 * 60;
/** Codes tried per account in 15 minutes: a million codes cannot be walked through. */
const ATTEMPTS_PER_WINDOW = 5;
const ATTEMPT_WINDOW_MS = 15 * 60_000;
const DAY_MS = 86_400_000;

/** What a valid challenge says: whose it is, and the hash of its id (spent once). */
type ChallengeClaims = { userId: string; challengeHash: string; expiresAt: Date };

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
/** "ABCDE-FGH23": ten characters of base32, readable aloud, in two groups. */
const newRecoveryCode = () => {
  const raw = base32Encode(randomBytes(7)).slice(0, 10);
  return `${raw.slice(0, 5)}-${raw.slice(5)}`;
};

/**
 * Two-factor sign-in (ADR 0023): TOTP enrolment with a QR code and ten recovery codes, the code
 * step of the login, "remember this device" for at most 30 days, and the rule that doctors and
 * admins have it on before they see patient data (their sessions without it are restricted).
 */
export function createTwoFactorService({
  db,
  clock,
  encryption,
  rateLimiter,
  jwtSecret,
}: {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
  rateLimiter: RateLimiter;
  jwtSecret: string;
}) {
  const challengeKey = purposeJwtKey(jwtSecret, 'login-challenge');
  const seal = (userId: string, secret: string) =>
    encryption.encrypt(secret, `${userId}:totp_secret`);
  const open = (userId: string, stored: string) =>
    encryption.decrypt(stored, `${userId}:totp_secret`);

  async function row(userId: string) {
    const [found] = await db.select().from(twoFactor).where(eq(twoFactor.userId, userId));
    return found;
  }

  /** The password again, before a change to the account; five wrong ones in 15 minutes, then 429. */
  async function requirePassword(userId: string, password: string) {
    const hit = await rateLimiter.hit(
      `password-confirm:${userId}`,
      ATTEMPTS_PER_WINDOW,
      ATTEMPT_WINDOW_MS,
    );
    if (!hit.allowed) throw new ApiError(429, 'tooManyRequests');
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(401, 'authRequired');
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new ApiError(400, 'currentPasswordIncorrect');
    return user;
  }

  /** Counts a code attempt for the account; the sixth in 15 minutes is refused unread. */
  async function attempt(userId: string) {
    const hit = await rateLimiter.hit(`2fa:${userId}`, ATTEMPTS_PER_WINDOW, ATTEMPT_WINDOW_MS);
    if (!hit.allowed) throw new ApiError(429, 'tooManyRequests');
  }

  /**
   * Accepts the current code once (its step is remembered) and clears the tries; throws on a wrong
   * one.
   */
  async function acceptCode(userId: string, code: string) {
    const found = await row(userId);
    if (!found) throw new ApiError(409, 'twoFactorSetupMissing');
    const step = verifyTotp(open(userId, found.secretEncrypted), code, clock(), found.lastUsedStep);
    if (step === null) throw new ApiError(400, 'twoFactorCodeWrong');
    // Compare-and-set: two requests with the same code cannot both pass.
    const [updated] = await db
      .update(twoFactor)
      .set({ lastUsedStep: step })
      .where(
        and(
          eq(twoFactor.userId, userId),
          found.lastUsedStep === null
            ? isNull(twoFactor.lastUsedStep)
            : eq(twoFactor.lastUsedStep, found.lastUsedStep),
        ),
      )
      .returning({ userId: twoFactor.userId });
    if (!updated) throw new ApiError(400, 'twoFactorCodeWrong');
    await rateLimiter.reset(`2fa:${userId}`, ATTEMPT_WINDOW_MS);
  }

  /** Spends a recovery code; throws when none matches. */
  async function acceptRecoveryCode(userId: string, code: string) {
    const normalized = `${code.slice(0, 5)}-${code.slice(5)}`;
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: clock() })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, hashCode(normalized)),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    if (!used) throw new ApiError(400, 'twoFactorCodeWrong');
    await rateLimiter.reset(`2fa:${userId}`, ATTEMPT_WINDOW_MS);
  }

  /** Ten new recovery codes in the caller's transaction; the old ones stop working. */
  async function writeRecoveryCodes(tx: Tx, userId: string) {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
    return codes;
  }
  const issueRecoveryCodes = (userId: string) =>
    db.transaction((tx) => writeRecoveryCodes(tx, userId));

  /** A new secret to scan, not on until a code confirms it; replaces an unconfirmed one. */
  async function newSecret(userId: string, email: string) {
    if (await service.isEnabled(userId)) throw new ApiError(409, 'twoFactorAlreadyEnabled');
    const secret = newTotpSecret();
    await db
      .insert(twoFactor)
      .values({ userId, secretEncrypted: seal(userId, secret) })
      .onConflictDoUpdate({
        target: twoFactor.userId,
        set: { secretEncrypted: seal(userId, secret), lastUsedStep: null, enabledAt: null },
      });
    const uri = otpauthUri(secret, email);
    return { secret, otpauthUri: uri, qrSvg: renderSVG(uri, { border: 2 }) };
  }

  const service = {
    async isEnabled(userId: string) {
      return Boolean((await row(userId))?.enabledAt);
    },

    async status(userId: string, staff: boolean) {
      const found = await row(userId);
      const [left] = await db
        .select({ n: count() })
        .from(recoveryCodes)
        .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
      return {
        enabled: Boolean(found?.enabledAt),
        required: staff,
        recoveryCodesLeft: found?.enabledAt ? (left?.n ?? 0) : 0,
      };
    },

    /** A new secret to scan (not yet on): the password again first. */
    async setup(userId: string, password: string) {
      const user = await requirePassword(userId, password);
      return newSecret(userId, user.email);
    },

    /**
     * The same for an invited doctor or admin, without a password: the caller has checked the
     * invitation's link, which proves the mailbox (issue #18).
     */
    setupForInvitation: (userId: string, email: string) => newSecret(userId, email),

    /**
     * Checks a code against the secret not yet on, counting the try (five in 15 minutes) but
     * spending nothing: the caller turns it on with the answer in its own transaction
     * (`turnOnChecked`), after its other work, so a refusal in between costs no code.
     */
    async checkSetupCode(userId: string, code: string) {
      const found = await row(userId);
      if (!found) throw new ApiError(409, 'twoFactorSetupMissing');
      if (found.enabledAt) throw new ApiError(409, 'twoFactorAlreadyEnabled');
      await attempt(userId);
      const step = verifyTotp(
        open(userId, found.secretEncrypted),
        code,
        clock(),
        found.lastUsedStep,
      );
      if (step === null) throw new ApiError(400, 'twoFactorCodeWrong');
      return { step, secretEncrypted: found.secretEncrypted };
    },

    /**
     * Turns on the secret a code was checked against, unless it was replaced or turned on since
     * (compare-and-set), and answers the recovery codes (shown once).
     */
    async turnOnChecked(
      tx: Tx,
      userId: string,
      checked: { step: number; secretEncrypted: string },
    ) {
      const [on] = await tx
        .update(twoFactor)
        .set({ enabledAt: clock(), lastUsedStep: checked.step })
        .where(
          and(
            eq(twoFactor.userId, userId),
            eq(twoFactor.secretEncrypted, checked.secretEncrypted),
            isNull(twoFactor.enabledAt),
          ),
        )
        .returning({ userId: twoFactor.userId });
      if (!on) throw new ApiError(409, 'twoFactorSetupMissing');
      await audit(tx, 'auth.two_factor_enabled', { userId });
      // The tries of the setup are not held against the first sign-in.
      await rateLimiter.reset(`2fa:${userId}`, ATTEMPT_WINDOW_MS, tx);
      return writeRecoveryCodes(tx, userId);
    },

    /**
     * A code from the app turns it on and answers the recovery codes (shown once). The session
     * that did it is no longer restricted: it just proved the second factor.
     */
    async enable(userId: string, sessionId: string, code: string) {
      const found = await row(userId);
      if (!found) throw new ApiError(409, 'twoFactorSetupMissing');
      if (found.enabledAt) throw new ApiError(409, 'twoFactorAlreadyEnabled');
      await attempt(userId);
      await acceptCode(userId, code);
      const now = clock();
      await db.update(twoFactor).set({ enabledAt: now }).where(eq(twoFactor.userId, userId));
      await db.update(sessions).set({ restricted: false }).where(eq(sessions.id, sessionId));
      await audit(db, 'auth.two_factor_enabled', { userId });
      return { recoveryCodes: await issueRecoveryCodes(userId) };
    },

    /** Off again (patients only): password and a current code; remembered devices are forgotten. */
    async disable(userId: string, staff: boolean, password: string, code: string) {
      if (staff) throw new ApiError(403, 'twoFactorStaffRequired');
      await requirePassword(userId, password);
      if (!(await service.isEnabled(userId))) throw new ApiError(409, 'twoFactorNotEnabled');
      await attempt(userId);
      await acceptCode(userId, code);
      await db.transaction(async (tx) => {
        await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
        await tx.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
      });
      await audit(db, 'auth.two_factor_disabled', { userId });
    },

    /**
     * Proof for a grave step (deleting the account): the password and, when two-factor sign-in is
     * on, a current code. Tries of either are limited like the sign-in's.
     */
    async confirmIdentity(userId: string, password: string, code: string | undefined) {
      await requirePassword(userId, password);
      if (!(await service.isEnabled(userId))) return;
      if (!code) throw new ApiError(400, 'twoFactorCodeNeeded');
      await attempt(userId);
      await acceptCode(userId, code);
    },

    /** Ten new recovery codes; the old ones stop working. */
    async regenerateRecoveryCodes(userId: string, password: string, code: string) {
      await requirePassword(userId, password);
      if (!(await service.isEnabled(userId))) throw new ApiError(409, 'twoFactorNotEnabled');
      await attempt(userId);
      await acceptCode(userId, code);
      return { recoveryCodes: await issueRecoveryCodes(userId) };
    },

    /**
     * What the password step answers instead of a session: proof for the code step, good for one
     * session (its id is spent by `spendChallenge`).
     */
    async challenge(userId: string) {
      const iat = Math.floor(clock().getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'vizita-2fa+jwt' })
        .setJti(randomToken())
        .setSubject(userId)
        .setIssuer('vizita')
        .setAudience('vizita-login-2fa')
        .setIssuedAt(iat)
        .setExpirationTime(iat + CHALLENGE_SECONDS)
        .sign(await challengeKey);
    },

    /**
     * The account a challenge was issued for, when it is valid and has not opened a session yet;
     * throws otherwise — before any code is tried, so a spent challenge spends no code.
     */
    async challengedUser(challenge: string): Promise<ChallengeClaims> {
      let claims: ChallengeClaims | undefined;
      try {
        const { payload } = await jwtVerify(challenge, await challengeKey, {
          issuer: 'vizita',
          audience: 'vizita-login-2fa',
          algorithms: ['HS256'],
          typ: 'vizita-2fa+jwt',
          currentDate: clock(),
          requiredClaims: ['jti', 'sub', 'exp'],
        });
        claims = {
          userId: payload.sub!,
          challengeHash: hashToken(payload.jti!),
          expiresAt: new Date(payload.exp! * 1000),
        };
      } catch {
        // Expired, forged or malformed: the same answer.
      }
      if (!claims || (await tokens.findOneTimeToken(db, claims.challengeHash, 'login_challenge')))
        throw new ApiError(401, 'twoFactorChallengeExpired');
      return claims;
    },

    /**
     * Spends the challenge as its session opens: of two requests with right codes at once, one
     * gets the session and the other the answer of a spent challenge (issue #18).
     */
    async spendChallenge(claims: ChallengeClaims) {
      const first = await tokens.spendOnce(db, {
        userId: claims.userId,
        purpose: 'login_challenge',
        tokenHash: claims.challengeHash,
        expiresAt: claims.expiresAt,
        at: clock(),
      });
      if (!first) throw new ApiError(401, 'twoFactorChallengeExpired');
    },

    /** The code step: a current code or a recovery code, at most five tries in 15 minutes. */
    async verifyLogin(userId: string, input: { code?: string; recoveryCode?: string }) {
      await attempt(userId);
      if (input.code) await acceptCode(userId, input.code);
      else await acceptRecoveryCode(userId, input.recoveryCode ?? '');
    },

    /** Remembers this browser for TRUSTED_DEVICE_DAYS; answers the cookie's token. */
    async trustDevice(userId: string, userAgent: string | undefined) {
      const token = randomToken();
      await db.insert(trustedDevices).values({
        userId,
        tokenHash: hashToken(token),
        userAgent: userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(clock().getTime() + TRUSTED_DEVICE_DAYS * DAY_MS),
      });
      return token;
    },

    async trustsDevice(userId: string, token: string | undefined) {
      if (!token) return false;
      const [found] = await db
        .select({ id: trustedDevices.id })
        .from(trustedDevices)
        .where(
          and(
            eq(trustedDevices.userId, userId),
            eq(trustedDevices.tokenHash, hashToken(token)),
            gt(trustedDevices.expiresAt, clock()),
          ),
        );
      return Boolean(found);
    },

    async forgetDevices(userId: string) {
      await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    },

    /** The signed-in devices of the account, the current one marked. */
    async devices(userId: string, currentSessionId: string) {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, clock()),
          ),
        )
        .orderBy(desc(sessions.createdAt));
      return rows.map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: (s.lastUsedAt ?? s.createdAt).toISOString(),
        current: s.id === currentSessionId,
      }));
    },

    /** Signs one of the account's own devices out; another's id is answered 404. */
    async signOutDevice(userId: string, sessionId: string) {
      const [revoked] = await db
        .update(sessions)
        .set({ revokedAt: clock(), revokedReason: 'signed_out_remotely' })
        .where(
          and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)),
        )
        .returning({ id: sessions.id });
      if (!revoked) throw new ApiError(404, 'sessionNotFound');
      await audit(db, 'auth.session_revoked', { userId, meta: { sessionId } });
    },

    /** Every device, this one included, and every remembered browser. */
    async signOutEverywhere(userId: string, keepSessionId?: string) {
      const now = clock();
      await db
        .update(sessions)
        .set({ revokedAt: now, revokedReason: 'signed_out_everywhere' })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
          ),
        );
      await service.forgetDevices(userId);
      await audit(db, 'auth.signed_out_everywhere', { userId });
    },
  };
  return service;
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
