import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';

// The meeting part of the environment (config.ts): readable failures, safe defaults.
const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env });

describe('meeting configuration', () => {
  it('defaults to builtin video, no ICE servers (offline, one machine) and an in-process bus', () => {
    const config = load({});
    expect(config.video).toEqual({
      provider: 'builtin',
      dailyApiKey: undefined,
      dailyApiUrl: undefined,
      iceServers: [],
      turn: null,
    });
    expect(config.broadcaster).toEqual({
      kind: 'memory',
      redisUrl: undefined,
      channelPrefix: 'vizita',
    });
  });

  it('takes Redis as the bus when REDIS_URL is set (ARCHITECTURE.md §1), unless told otherwise', () => {
    expect(load({ REDIS_URL: 'redis://r:6379' }).broadcaster.kind).toBe('redis');
    expect(load({ REDIS_URL: 'redis://r:6379', BROADCASTER: 'postgres' }).broadcaster.kind).toBe(
      'postgres',
    );
  });

  it('takes a TURN server with its shared secret, both or neither, turn: and turns: URLs only', () => {
    const secret = 'a-shared-secret-for-coturn';
    expect(
      load({ TURN_URLS: 'turn:t.example:3478, turns:t.example:5349', TURN_SECRET: secret }).video
        .turn,
    ).toEqual({ urls: ['turn:t.example:3478', 'turns:t.example:5349'], secret });
    expect(() => load({ TURN_URLS: 'turn:t.example:3478' })).toThrow(/give both/);
    expect(() => load({ TURN_SECRET: secret })).toThrow(/give both/);
    expect(() => load({ TURN_URLS: 'stun:t.example:3478', TURN_SECRET: secret })).toThrow(
      /stun:t.example:3478 is not a turn: or turns: URL/,
    );
    expect(() => load({ TURN_URLS: 'turn:t.example', TURN_SECRET: 'short' })).toThrow(
      /TURN_SECRET/,
    );
  });

  it('parses ICE_SERVERS as JSON against the contract, and says what is wrong', () => {
    const servers = [
      { urls: 'stun:stun.example:3478' },
      { urls: ['turn:turn.example:3478?transport=udp'], username: 'u', credential: 'c' },
    ];
    expect(load({ ICE_SERVERS: JSON.stringify(servers) }).video.iceServers).toEqual(servers);
    expect(() => load({ ICE_SERVERS: '[{urls: stun}]' })).toThrow(/ICE_SERVERS: not valid JSON/);
    expect(() => load({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS\[0\]\[urls\]/);
    expect(() => load({ ICE_SERVERS: '{"urls":"stun:x"}' })).toThrow(/ICE_SERVERS/);
  });

  it('requires DAILY_API_KEY for Daily and REDIS_URL for Redis', () => {
    expect(() => load({ VIDEO_PROVIDER: 'daily' })).toThrow(/DAILY_API_KEY: required/);
    expect(() => load({ BROADCASTER: 'redis' })).toThrow(/REDIS_URL: required/);
    expect(() => load({ VIDEO_PROVIDER: 'zoom' })).toThrow(/VIDEO_PROVIDER/);
    expect(() => load({ BROADCASTER_CHANNEL_PREFIX: 'has spaces' })).toThrow(
      /BROADCASTER_CHANNEL_PREFIX/,
    );
  });
});
