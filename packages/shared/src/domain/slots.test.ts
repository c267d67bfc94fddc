import { describe, expect, it } from 'vitest';
import { slotsForDate, workingRanges, type WeeklyInterval } from './slots.ts';

// Monday to Friday 09:00–12:00 and 13:00–17:00 (a lunch break), Saturday 01:00–04:00 for the
// night-shift DST cases.
const weekly: WeeklyInterval[] = [
  ...[1, 2, 3, 4, 5].flatMap((weekday) => [
    { weekday, start: '09:00', end: '12:00' },
    { weekday, start: '13:00', end: '17:00' },
  ]),
  { weekday: 7, start: '01:00', end: '04:00' },
];

describe('workingRanges', () => {
  it('applies days off, partial time off and extra hours', () => {
    expect(workingRanges('2026-11-23', weekly, [])).toEqual([
      [540, 720],
      [780, 1020],
    ]);
    expect(workingRanges('2026-11-23', weekly, [{ date: '2026-11-23', kind: 'off' }])).toEqual([]);
    expect(
      workingRanges('2026-11-23', weekly, [
        { date: '2026-11-23', kind: 'off', start: '10:00', end: '14:00' },
      ]),
    ).toEqual([
      [540, 600],
      [840, 1020],
    ]);
    expect(
      workingRanges('2026-11-28', weekly, [
        { date: '2026-11-28', kind: 'extra', start: '10:00', end: '12:00' },
      ]),
    ).toEqual([[600, 720]]);
  });
});

describe('slotsForDate', () => {
  it('offers 30-minute slots that fit the working ranges, with their UTC instants', () => {
    const slots = slotsForDate({
      date: '2026-11-23',
      timeZone: 'Europe/Sofia',
      slotMinutes: 30,
      weekly,
      exceptions: [],
    });
    expect(slots.map((s) => s.slot)).toEqual([
      '09:00',
      '09:30',
      '10:00',
      '10:30',
      '11:00',
      '11:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    ]);
    expect(slots[0]!.startsAt.toISOString()).toBe('2026-11-23T07:00:00.000Z');
  });

  it('does not offer a slot that would run past the end of the range', () => {
    const slots = slotsForDate({
      date: '2026-11-23',
      timeZone: 'Europe/Berlin',
      slotMinutes: 45,
      weekly,
      exceptions: [],
    });
    expect(slots.map((s) => s.slot)).toEqual([
      '09:00',
      '09:45',
      '10:30',
      '11:15',
      '13:00',
      '13:45',
      '14:30',
      '15:15',
      '16:00',
    ]);
  });

  it.each([
    ['Europe/Berlin', ['01:00', '01:30', '03:00', '03:30'], '2026-03-29T00:00:00.000Z'],
    ['Europe/Sofia', ['01:00', '01:30', '02:00', '02:30'], '2026-03-28T23:00:00.000Z'],
  ])(
    'skips the hour that does not exist on the last Sunday of March in %s',
    (timeZone, expected, first) => {
      const slots = slotsForDate({
        date: '2026-03-29',
        timeZone,
        slotMinutes: 30,
        weekly,
        exceptions: [],
      });
      expect(slots.map((s) => s.slot)).toEqual(expected);
      expect(slots[0]!.startsAt.toISOString()).toBe(first);
      // Every instant is distinct and increasing.
      const times = slots.map((s) => s.startsAt.getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    },
  );

  it.each([
    // Berlin repeats 02:00–03:00: 02:30 is offered at its first (summer-time) occurrence; 03:30
    // comes after the change (winter time, UTC+1).
    ['Europe/Berlin', { '02:30': '2026-10-25T00:30:00.000Z', '03:30': '2026-10-25T02:30:00.000Z' }],
    // Sofia repeats 03:00–04:00: 01:30 is still summer time (UTC+3); 03:00 first occurs at 00:00Z.
    ['Europe/Sofia', { '01:30': '2026-10-24T22:30:00.000Z', '03:00': '2026-10-25T00:00:00.000Z' }],
  ])('offers the repeated hour once on the last Sunday of October in %s', (timeZone, expected) => {
    const slots = slotsForDate({
      date: '2026-10-25',
      timeZone,
      slotMinutes: 30,
      weekly,
      exceptions: [],
    });
    expect(slots.map((s) => s.slot)).toEqual([
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
    ]);
    for (const [slot, instant] of Object.entries(expected)) {
      expect(slots.find((s) => s.slot === slot)!.startsAt.toISOString()).toBe(instant);
    }
    expect(new Set(slots.map((s) => s.startsAt.getTime())).size).toBe(slots.length);
  });
});
