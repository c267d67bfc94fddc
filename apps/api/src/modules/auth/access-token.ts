import { SignJWT, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@vizita/shared/constants';
import { purposeJwtKey } from '../../lib/purpose-keys.ts';

export type AccessClaims = { userId: string; sessionId: string };

const ISSUER = 'vizita';
const AUDIENCE = 'vizita-api';

/** How many verified tokens are remembered (about 350 bytes each); the oldest go first. */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Short-lived HS256 access tokens; the session id lets a revoked session stop them at once.
 *
 * A client sends the same token with every request for its 15 minutes, and checking its HMAC
 * through WebCrypto is a round trip to the thread pool: a fifth of what GET /auth/status cost
 * (issue #13). So a token verified once is remembered, by its exact text, until it expires.
 * Nothing else is remembered: the caller still looks up the session on every request, so a
 * logout or a revocation stops the token at once, and a forged or altered token is never in the
 * memory and is verified in full.
 */
export function createAccessTokens(
  secret: string,
  now: () => Date,
  kept: number = VERIFIED_TOKENS_KEPT,
) {
  const key = purposeJwtKey(secret, 'access-token');
  const verified = new Map<string, AccessClaims & { expiresAt: number }>();

  function remember(token: string, claims: AccessClaims, expiresAt: number) {
    if (verified.size >= kept) verified.delete(verified.keys().next().value!);
    verified.set(token, { ...claims, expiresAt });
  }

  return {
    async sign(claims: AccessClaims): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
        .sign(await key);
    },
    /** The claims of a valid token, or null for anything expired, forged or malformed. */
    async verify(token: string): Promise<AccessClaims | null> {
      const at = now();
      const known = verified.get(token);
      // Expired once the clock reaches `exp`, as jose sees it.
      if (known && at.getTime() < known.expiresAt)
        return { userId: known.userId, sessionId: known.sessionId };
      if (known) verified.delete(token);
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: at,
        });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
        const claims = { userId: payload.sub, sessionId: payload.sid };
        // Every token we sign has `exp`, and jose has checked it is still ahead.
        if (typeof payload.exp === 'number') remember(token, claims, payload.exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;
