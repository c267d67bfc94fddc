import { describe, expect, it } from 'vitest';
import { estimatedWaitMinutes } from './estimate.ts';

const wait = (position: number, doctors: number, free: number) =>
  estimatedWaitMinutes({ position, doctors, free, consultationMinutes: 20 });

describe('the wait a patient in the queue is told', () => {
  it('promises nothing while no doctor of her specialty and language is available', () => {
    expect(wait(1, 0, 0)).toBeNull();
  });

  it('is about a minute for as many patients as there are free doctors', () => {
    expect(wait(1, 1, 1)).toBe(1);
    expect(wait(2, 3, 2)).toBe(1);
  });

  it('is half a consultation for the first behind busy doctors, one more for each round after', () => {
    expect(wait(1, 1, 0)).toBe(10);
    expect(wait(2, 1, 0)).toBe(30);
    expect(wait(3, 1, 0)).toBe(50);
    // Two busy doctors take two patients a round.
    expect(wait(2, 2, 0)).toBe(10);
    expect(wait(3, 2, 0)).toBe(30);
    // One free doctor takes the first at once; the second waits for the busy one.
    expect(wait(2, 2, 1)).toBe(10);
  });
});
