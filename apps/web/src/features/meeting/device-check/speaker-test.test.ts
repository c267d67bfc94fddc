import { describe, expect, it } from 'vitest';
import { TEST_TONE, testToneWav } from './speaker-test';

describe('testToneWav', () => {
  const wav = testToneWav();
  const view = new DataView(wav.buffer);
  const text = (offset: number, length: number) =>
    String.fromCharCode(...wav.subarray(offset, offset + length));

  it('is a 16-bit mono PCM WAV file of the three notes', () => {
    const samples = Math.round((TEST_TONE.sampleRate * TEST_TONE.noteMs) / 1000) * 3;
    expect(text(0, 4)).toBe('RIFF');
    expect(view.getUint32(4, true)).toBe(wav.length - 8);
    expect(text(8, 8)).toBe('WAVEfmt ');
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(TEST_TONE.sampleRate);
    expect(view.getUint16(34, true)).toBe(16);
    expect(text(36, 4)).toBe('data');
    expect(view.getUint32(40, true)).toBe(samples * 2);
    expect(wav.length).toBe(44 + samples * 2);
  });

  it('starts and ends silent, and never goes past the volume', () => {
    const samples = new Int16Array(wav.buffer.slice(44));
    expect(samples[0]).toBe(0);
    expect(samples.at(-1)).toBe(0);
    const peak = Math.max(...Array.from(samples, Math.abs));
    expect(peak).toBeGreaterThan(0.25 * 0x7fff);
    expect(peak).toBeLessThanOrEqual(Math.ceil(TEST_TONE.volume * 0x7fff));
  });
});
