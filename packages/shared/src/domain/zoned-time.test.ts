import { describe, expect, it } from 'vitest';
import { zonedDateAndSlot } from './zoned-time.ts';

describe('zonedDateAndSlot', () => {
  it('shows the doctor wall clock in Sofia and Berlin, on both sides of the March change', () => {
    // Last Sunday of March 2026: clocks jump forward at 01:00 UTC in both zones.
    expect(zonedDateAndSlot(new Date('2026-03-29T00:30:00Z'), 'Europe/Sofia')).toEqual({
      date: '2026-03-29',
      slot: '02:30',
    });
    expect(zonedDateAndSlot(new Date('2026-03-29T01:30:00Z'), 'Europe/Sofia')).toEqual({
      date: '2026-03-29',
      slot: '04:30',
    });
    expect(zonedDateAndSlot(new Date('2026-03-29T00:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-03-29',
      slot: '01:30',
    });
    expect(zonedDateAndSlot(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toEqual({
      date: '2026-03-29',
      slot: '03:30',
    });
  });

  it('crosses midnight into the next local day', () => {
    expect(zonedDateAndSlot(new Date('2026-11-22T22:30:00Z'), 'Europe/Sofia')).toEqual({
      date: '2026-11-23',
      slot: '00:30',
    });
  });
});
