import { describe, expect, it } from 'vitest';
import { nearestSlots } from './nearest-slots';

const entry = (date: string, slots: string[]) => ({
  date,
  slots,
  times: slots.map((slot) => ({ slot, startsAt: `${date}T${slot}:00.000Z` })),
});
const now = new Date('2026-11-20T09:00:00.000Z');

describe('nearestSlots', () => {
  it('offers at most six, closest to the wanted time first chosen, shown in time order', () => {
    const entries = [
      entry('2026-11-23', ['08:00', '15:00']),
      entry('2026-11-24', ['09:00', '09:30', '11:00', '11:30', '16:00']),
      entry('2026-11-25', ['10:00']),
    ];
    expect(nearestSlots(entries, '2026-11-24T10:00:00.000Z', now).map((s) => s.startsAt)).toEqual([
      '2026-11-23T15:00:00.000Z',
      '2026-11-24T09:00:00.000Z',
      '2026-11-24T09:30:00.000Z',
      '2026-11-24T11:00:00.000Z',
      '2026-11-24T11:30:00.000Z',
      '2026-11-24T16:00:00.000Z',
    ]);
  });

  it('keeps the day and the wall-clock slot a booking sends', () => {
    expect(nearestSlots([entry('2026-11-24', ['09:00'])], '2026-11-24T10:00:00.000Z', now)).toEqual(
      [{ date: '2026-11-24', slot: '09:00', startsAt: '2026-11-24T09:00:00.000Z' }],
    );
  });

  it('leaves out the past, the wanted time itself and anything beyond two weeks of it', () => {
    const entries = [
      entry('2026-11-20', ['08:30', '09:30']),
      entry('2026-11-24', ['10:00']),
      entry('2026-12-08', ['10:00', '10:30']),
    ];
    expect(nearestSlots(entries, '2026-11-24T10:00:00.000Z', now).map((s) => s.startsAt)).toEqual([
      '2026-11-20T09:30:00.000Z',
      '2026-12-08T10:00:00.000Z',
    ]);
  });
});
