import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { BELL_TICKET_LIFETIME_MS } from '@vizita/shared/contracts/notifications';
import type { Clock } from '../../lib/clock.ts';
import { purposeJwtKey } from '../../lib/purpose-keys.ts';

export type BellTicketClaims = {
  userId: string;
  /** The sign-in session that asked: its end (sign-out, account deleted) closes the socket. */
  sessionId: string;
};

/** A verified ticket: its claims, and when it was issued (to the second, as JWTs say it). */
export type AdmittedBellTicket = BellTicketClaims & { issuedAt: Date };

const ISSUER = 'vizita';
// Signed with a key of its own, with its own audience and type header, as the meetings' join
// token: an access token never opens this socket, a ticket never calls the API — so the long-lived
// credential never rides in a URL (browsers cannot set headers on a WebSocket).
const AUDIENCE = 'vizita-bell';
const TYPE = 'vizita-bell+jwt';

/** Minute-long HS256 tickets that open one reader's bell socket. */
export function createBellTickets(secret: string, now: Clock) {
  const key = purposeJwtKey(secret, 'bell-socket');
  return {
    async sign(claims: BellTicketClaims): Promise<{ token: string; expiresAt: Date }> {
      const iat = Math.floor(now().getTime() / 1000);
      const exp = iat + BELL_TICKET_LIFETIME_MS / 1000;
      const token = await new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .setJti(randomUUID())
        .sign(await key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    /** The claims of a valid ticket, or null (expired, forged, of another kind). */
    async verify(token: string): Promise<AdmittedBellTicket | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const { sub, sid, iat } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || typeof iat !== 'number')
          return null;
        return { userId: sub, sessionId: sid, issuedAt: new Date(iat * 1000) };
      } catch {
        return null;
      }
    },
  };
}
export type BellTickets = ReturnType<typeof createBellTickets>;
