import { describe, expect, it } from 'vitest';
import { callQualitySchema, clientSignalSchema } from './meetings.ts';

// The frames a page may send on the signalling socket (the server parses every one with this
// schema before acting on it): the waiting room's `admit` and the `quality` report, issue #12.

const summary = { quality: 'fair', rttMs: 180, lossPercent: 1.5, receiveKbps: 1400 };

describe('the signalling frames a page sends', () => {
  it('reads admit, quality, signal and ping, and nothing more than their fields', () => {
    expect(clientSignalSchema.parse({ type: 'admit' })).toEqual({ type: 'admit' });
    expect(clientSignalSchema.parse({ type: 'quality', summary })).toEqual({
      type: 'quality',
      summary,
    });
    expect(clientSignalSchema.parse({ type: 'admit', peerId: 'someone-else' })).toEqual({
      type: 'admit',
    });
    expect(
      clientSignalSchema.parse({ type: 'quality', summary: { ...summary, rttMs: null } }),
    ).toMatchObject({ summary: { rttMs: null } });
  });

  it.each([
    ['an unknown type', { type: 'admit-everyone' }],
    ['no type', { summary }],
    ['a type of another case', { type: 'Admit' }],
    ['quality without a summary', { type: 'quality' }],
    [
      'a quality word not known',
      { type: 'quality', summary: { ...summary, quality: 'excellent' } },
    ],
    ['a negative round trip', { type: 'quality', summary: { ...summary, rttMs: -1 } }],
    ['a round trip over a minute', { type: 'quality', summary: { ...summary, rttMs: 60_001 } }],
    ['a loss over 100 %', { type: 'quality', summary: { ...summary, lossPercent: 100.5 } }],
    ['a rate beyond any call', { type: 'quality', summary: { ...summary, receiveKbps: 1e6 } }],
    ['a number as text', { type: 'quality', summary: { ...summary, rttMs: '180' } }],
    ['a missing measure', { type: 'quality', summary: { quality: 'good', rttMs: 10 } }],
    // The summary is stored: nothing but the four measures may ride along (no health text).
    ['an extra field', { type: 'quality', summary: { ...summary, note: 'Brustschmerzen' } }],
    [
      'a prototype key',
      {
        type: 'quality',
        summary: JSON.parse(
          `{"quality":"good","rttMs":1,"lossPercent":0,"receiveKbps":1,"__proto__":{"x":1}}`,
        ),
      },
    ],
    ['an array', [{ type: 'admit' }]],
    ['null', null],
    ['a string', 'admit'],
  ])('refuses %s', (_, frame) => {
    expect(clientSignalSchema.safeParse(frame).success).toBe(false);
  });

  it('bounds every measure of the quality summary', () => {
    for (const [field, max] of [
      ['rttMs', 60_000],
      ['lossPercent', 100],
      ['receiveKbps', 100_000],
    ] as const) {
      expect(callQualitySchema.safeParse({ ...summary, [field]: max }).success).toBe(true);
      expect(callQualitySchema.safeParse({ ...summary, [field]: max + 1 }).success).toBe(false);
      expect(callQualitySchema.safeParse({ ...summary, [field]: Number.NaN }).success).toBe(false);
    }
  });
});
