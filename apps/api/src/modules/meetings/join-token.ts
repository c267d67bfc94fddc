import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import {
  JOIN_TOKEN_LIFETIME_MS,
  MEETING_ROLES,
  type MeetingRole,
} from '@vizita/shared/contracts/meetings';
import type { Clock } from '../../lib/clock.ts';
import { purposeJwtKey } from '../../lib/purpose-keys.ts';

export type JoinClaims = {
  appointmentId: string;
  userId: string;
  role: MeetingRole;
  userName: string;
  /** The sign-in session that asked: its end (sign-out, account deleted) closes the socket. */
  sessionId: string;
};

const ISSUER = 'vizita';
// Signed with a key of its own (lib/purpose-keys.ts), and with its own audience and type header:
// an access token never opens a socket, a join token never calls the API.
const AUDIENCE = 'vizita-meeting';
const TYPE = 'vizita-join+jwt';

/** Short-lived HS256 tokens that let one participant open one meeting's signalling socket. */
export function createJoinTokens(secret: string, now: Clock) {
  const key = purposeJwtKey(secret, 'meeting-join');
  return {
    async sign(claims: JoinClaims): Promise<string> {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({
        apt: claims.appointmentId,
        role: claims.role,
        name: claims.userName,
        sid: claims.sessionId,
      })
        .setProtectedHeader({ alg: 'HS256', typ: TYPE })
        .setSubject(claims.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(iat + JOIN_TOKEN_LIFETIME_MS / 1000)
        .setJti(randomUUID())
        .sign(await key);
    },
    /** The claims of a valid token for this appointment, or null (expired, forged, another's). */
    async verify(token: string, appointmentId: string): Promise<JoinClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          typ: TYPE,
          algorithms: ['HS256'],
          currentDate: now(),
          requiredClaims: ['exp', 'sub'],
        });
        const { sub, apt, role, name, sid } = payload;
        if (
          typeof sub !== 'string' ||
          apt !== appointmentId ||
          !MEETING_ROLES.includes(role as MeetingRole) ||
          typeof name !== 'string' ||
          typeof sid !== 'string'
        )
          return null;
        return {
          appointmentId: apt,
          userId: sub,
          role: role as MeetingRole,
          userName: name,
          sessionId: sid,
        };
      } catch {
        return null;
      }
    },
  };
}
export type JoinTokens = ReturnType<typeof createJoinTokens>;
