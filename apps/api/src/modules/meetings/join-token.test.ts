import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JOIN_TOKEN_LIFETIME_MS } from '@vizita/shared/contracts/meetings';
import { createAccessTokens } from '../auth/access-token.ts';
import { purposeKey } from '../../lib/purpose-keys.ts';
import { createJoinTokens } from './join-token.ts';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-tokens';
const APPOINTMENT = '0f8d6a2e-1111-4a4a-9c9c-123456789abc';
const claims = {
  appointmentId: APPOINTMENT,
  userId: '1a2b3c4d-0000-4000-8000-000000000000',
  role: 'patient' as const,
  userName: 'Patient 1a2b3c4d',
  sessionId: '5e6f7a8b-0000-4000-8000-000000000000',
};

function clockAt(iso: string) {
  let now = new Date(iso).getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => void (now += ms);
  return clock;
}

describe('join tokens', () => {
  it('carry the appointment, the user, the role and the name, for this appointment only', async () => {
    const tokens = createJoinTokens(SECRET, clockAt('2026-11-23T08:00:00Z'));
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token, APPOINTMENT)).toEqual(claims);
    expect(await tokens.verify(token, '0f8d6a2e-2222-4a4a-9c9c-123456789abc')).toBeNull();
  });

  it('last JOIN_TOKEN_LIFETIME_MS and not a second more', async () => {
    const clock = clockAt('2026-11-23T08:00:00Z');
    const tokens = createJoinTokens(SECRET, clock);
    const token = await tokens.sign(claims);
    clock.advance(JOIN_TOKEN_LIFETIME_MS - 1000);
    expect(await tokens.verify(token, APPOINTMENT)).not.toBeNull();
    clock.advance(1000);
    expect(await tokens.verify(token, APPOINTMENT)).toBeNull();
  });

  it('refuse another secret’s tokens and tampered ones', async () => {
    const clock = clockAt('2026-11-23T08:00:00Z');
    const token = await createJoinTokens(`${SECRET}-other`, clock).sign(claims);
    expect(await createJoinTokens(SECRET, clock).verify(token, APPOINTMENT)).toBeNull();
    const own = await createJoinTokens(SECRET, clock).sign(claims);
    const [h, p, s] = own.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...payload, role: 'doctor' })).toString(
      'base64url',
    );
    expect(
      await createJoinTokens(SECRET, clock).verify(`${h}.${forged}.${s}`, APPOINTMENT),
    ).toBeNull();
  });

  it('and access tokens never stand in for each other: one secret, a key for each purpose', async () => {
    const clock = clockAt('2026-11-23T08:00:00Z');
    const access = createAccessTokens(SECRET, clock);
    const join = createJoinTokens(SECRET, clock);
    const accessToken = await access.sign({ userId: claims.userId, sessionId: 's1' });
    expect(await join.verify(accessToken, APPOINTMENT)).toBeNull();
    expect(await access.verify(await join.sign(claims))).toBeNull();
    // A token made with the secret itself (or another purpose's key) is a forgery for both.
    const raw = new TextEncoder().encode(SECRET);
    const rawAccess = await new SignJWT({ sid: 's1' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuer('vizita')
      .setAudience('vizita-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(raw);
    expect(await access.verify(rawAccess)).toBeNull();
    expect(Buffer.from(purposeKey(SECRET, 'access-token'))).not.toEqual(
      Buffer.from(purposeKey(SECRET, 'receipt-link')),
    );
  });
});
