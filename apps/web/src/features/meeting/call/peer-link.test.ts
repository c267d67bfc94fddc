import { describe, expect, it } from 'vitest';
import { parsePeerSignal } from './peer-link';

describe('parsePeerSignal', () => {
  it('reads descriptions and candidates, and nothing else', () => {
    expect(parsePeerSignal({ description: { type: 'offer', sdp: 'v=0' } })).toEqual({
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(
      parsePeerSignal({ candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } }),
    ).toEqual({ candidate: { candidate: 'candidate:1', sdpMid: '0', sdpMLineIndex: 0 } });
    expect(parsePeerSignal({ candidate: null })).toEqual({ candidate: null });
    expect(parsePeerSignal({ description: { type: 'rollback', sdp: '' } })).toBeNull();
    expect(parsePeerSignal({ description: { type: 'offer' } })).toBeNull();
    expect(parsePeerSignal({ candidate: { candidate: 5 } })).toBeNull();
    expect(parsePeerSignal({ hello: 'world' })).toBeNull();
  });
});
