import { describe, expect, it } from 'vitest';
import { createJoinTokens } from '../join-token.ts';
import { createBuiltinProvider, signallingOrigin } from './builtin.ts';
import { dailyLanguage, dailyRoomName } from './daily.ts';

describe('the builtin provider', () => {
  it('points at the app’s own origin over ws or wss', () => {
    expect(signallingOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(signallingOrigin('https://vizita.example')).toBe('wss://vizita.example');
  });

  it('answers a signalling URL with a join token for that participant, and the ICE servers', async () => {
    const clock = () => new Date('2026-11-23T08:00:00Z');
    const joinTokens = createJoinTokens('a-secret-that-is-long-enough-for-hs256-tokens', clock);
    const iceServers = [{ urls: 'stun:stun.example:3478' }];
    const provider = createBuiltinProvider({
      appUrl: 'https://vizita.example',
      iceServers,
      turn: null,
      joinTokens,
    });
    const id = '0f8d6a2e-1111-4a4a-9c9c-123456789abc';
    const participant = {
      userId: 'u1',
      role: 'doctor' as const,
      userName: 'Dr. X',
      locale: 'de' as const,
      sessionId: 's1',
    };
    const prepared = await provider.prepare(
      { id, opensAt: clock(), closesAt: clock() },
      participant,
    );
    expect(prepared).toMatchObject({ iceServers, roomUrl: null, roomToken: null });
    const url = new URL(prepared.signallingUrl!);
    expect(`${url.origin}${url.pathname}`).toBe(`wss://vizita.example/ws/meetings/${id}`);
    expect(await joinTokens.verify(url.searchParams.get('token')!, id)).toEqual({
      appointmentId: id,
      userId: 'u1',
      role: 'doctor',
      userName: 'Dr. X',
      sessionId: 's1',
    });
  });
});

describe('TURN credentials minted per join', () => {
  it('are the TURN REST scheme coturn checks: expiry:user, HMAC-SHA1 of it, good until the window closes', async () => {
    const clock = () => new Date('2026-11-23T08:00:00Z');
    const provider = createBuiltinProvider({
      appUrl: 'https://vizita.example',
      iceServers: [{ urls: 'stun:stun.example:3478' }],
      turn: {
        urls: ['turn:turn.example:3478', 'turns:turn.example:5349'],
        secret: 'a-shared-secret-for-coturn',
      },
      joinTokens: createJoinTokens('a-secret-that-is-long-enough-for-hs256-tokens', clock),
    });
    const prepared = await provider.prepare(
      { id: 'a1', opensAt: clock(), closesAt: new Date('2026-11-23T08:45:00Z') },
      { userId: 'u1', role: 'patient', userName: 'Patient u1', locale: 'bg', sessionId: 's1' },
    );
    expect(prepared.iceServers).toEqual([
      { urls: 'stun:stun.example:3478' },
      {
        urls: ['turn:turn.example:3478', 'turns:turn.example:5349'],
        // 2026-11-23T08:45:00Z; the value openssl gives for the same HMAC (see docs/video.md).
        username: '1795423500:u1',
        credential: 'ZsZiWRN8l4XOJBV3MlW7V4MaDgs=',
      },
    ]);
  });
});

describe('the Daily provider', () => {
  it('speaks German and English; Bulgarian falls back to English (Daily has no Bulgarian UI)', () => {
    expect(dailyLanguage('de')).toBe('de');
    expect(dailyLanguage('en')).toBe('en');
    expect(dailyLanguage('bg')).toBe('en');
  });

  it('names rooms with the characters Daily allows', () => {
    expect(dailyRoomName('0f8d6a2e-1111-4a4a-9c9c-123456789abc')).toMatch(/^[A-Za-z0-9_-]{1,128}$/);
  });
});
