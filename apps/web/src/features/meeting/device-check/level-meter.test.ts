import { describe, expect, it } from 'vitest';
import { levelOf } from './level-meter';

const sine = (amplitude: number, length = 1024) =>
  Float32Array.from({ length }, (_, i) => amplitude * Math.sin((2 * Math.PI * i) / 64));

describe('levelOf', () => {
  it('is 0 for silence and for no samples', () => {
    expect(levelOf(new Float32Array(1024))).toBe(0);
    expect(levelOf(new Float32Array(0))).toBe(0);
  });

  it('maps -60..0 dBFS onto 0..1', () => {
    // A full-scale square wave: RMS 1, 0 dBFS.
    expect(levelOf(Float32Array.from({ length: 512 }, (_, i) => (i % 2 ? 1 : -1)))).toBe(1);
    // RMS 0.001 is -60 dBFS: the floor.
    expect(levelOf(new Float32Array(512).fill(0.001))).toBeCloseTo(0, 5);
    // RMS 0.0316 is -30 dBFS: half the bar.
    expect(levelOf(new Float32Array(512).fill(0.031623))).toBeCloseTo(0.5, 3);
  });

  it('grows with loudness and stays within 0..1', () => {
    const quiet = levelOf(sine(0.01));
    const speech = levelOf(sine(0.1));
    const loud = levelOf(sine(0.9));
    expect(quiet).toBeLessThan(speech);
    expect(speech).toBeLessThan(loud);
    expect(loud).toBeLessThanOrEqual(1);
    expect(levelOf(sine(0.0001))).toBe(0);
  });
});
