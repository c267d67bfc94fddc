import { ACCESS_TOKEN_TTL_SECONDS } from '@vizita/shared/constants';
import { describe, expect, it } from 'vitest';
import { createAccessTokens } from './access-token.ts';

const SECRET = 'a-test-secret-of-enough-length-0123456789';
const claims = { userId: 'u-1', sessionId: 's-1' };

/** A clock the test moves by hand. */
function clockAt(iso: string) {
  let ms = Date.parse(iso);
  const now = () => new Date(ms);
  return Object.assign(now, { advance: (seconds: number) => (ms += seconds * 1000) });
}

/** The token with one character of its signature changed. */
function altered(token: string) {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('access tokens', () => {
  it('verify while fresh, and not from the second they expire, even when verified before', async () => {
    const clock = clockAt('2026-11-25T08:00:00Z');
    const tokens = createAccessTokens(SECRET, clock);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(ACCESS_TOKEN_TTL_SECONDS - 1);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuse an altered or foreign token, though its genuine twin was verified', async () => {
    const clock = clockAt('2026-11-25T08:00:00Z');
    const tokens = createAccessTokens(SECRET, clock);
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(altered(token))).toBeNull();
    const [header, , signature] = token.split('.');
    const otherUser = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()),
        sub: 'u-2',
      }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    const elsewhere = createAccessTokens(`${SECRET}-another-deployment`, clock);
    expect(await tokens.verify(await elsewhere.sign(claims))).toBeNull();
    expect(await tokens.verify('not.a.token')).toBeNull();
  });

  it('remember a bounded number of tokens, and verify a forgotten one again in full', async () => {
    const clock = clockAt('2026-11-25T08:00:00Z');
    const tokens = createAccessTokens(SECRET, clock, 2);
    const signed = await Promise.all(
      ['s-1', 's-2', 's-3'].map((sessionId) => tokens.sign({ userId: 'u-1', sessionId })),
    );
    for (const token of signed) await tokens.verify(token);
    // The first was forgotten to keep two; it is verified again and still valid.
    expect(await tokens.verify(signed[0]!)).toEqual({ userId: 'u-1', sessionId: 's-1' });
    clock.advance(ACCESS_TOKEN_TTL_SECONDS);
    for (const token of signed) expect(await tokens.verify(token)).toBeNull();
  });
});
