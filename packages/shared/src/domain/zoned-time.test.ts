import { describe, expect, it } from 'vitest';
import {
  addDays,
  isoWeekday,
  zonedDateAndSlot,
  zonedDayConverter,
  zonedTimeToUtc,
} from './zoned-time.ts';

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

describe('zonedTimeToUtc', () => {
  it('uses winter and summer offsets on either side of the change', () => {
    expect(zonedTimeToUtc('2026-03-28', '09:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-03-29', '09:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-03-29', '09:00', 'Europe/Sofia')?.toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-10-25', '09:00', 'Europe/Sofia')?.toISOString()).toBe(
      '2026-10-25T07:00:00.000Z',
    );
    expect(zonedTimeToUtc('2026-10-24', '09:00', 'Europe/Sofia')?.toISOString()).toBe(
      '2026-10-24T06:00:00.000Z',
    );
  });

  it('answers null for the skipped hour of the spring change', () => {
    expect(zonedTimeToUtc('2026-03-29', '02:30', 'Europe/Berlin')).toBeNull();
    expect(zonedTimeToUtc('2026-03-29', '03:30', 'Europe/Sofia')).toBeNull();
    expect(zonedTimeToUtc('2026-03-29', '03:00', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-03-29T01:00:00.000Z',
    );
  });

  it('answers the earlier instant for the repeated hour of the autumn change', () => {
    // Berlin: 02:30 happens at 00:30Z (summer time) and again at 01:30Z (winter time).
    expect(zonedTimeToUtc('2026-10-25', '02:30', 'Europe/Berlin')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
    expect(zonedTimeToUtc('2026-10-25', '03:30', 'Europe/Sofia')?.toISOString()).toBe(
      '2026-10-25T00:30:00.000Z',
    );
  });

  it('round-trips with zonedDateAndSlot', () => {
    for (const [date, time, zone] of [
      ['2026-07-01', '17:45', 'Europe/Sofia'],
      ['2026-12-31', '23:30', 'Europe/Berlin'],
      ['2027-01-01', '00:00', 'UTC'],
    ] as const) {
      expect(zonedDateAndSlot(zonedTimeToUtc(date, time, zone)!, zone)).toEqual({
        date,
        slot: time,
      });
    }
  });
});

describe('calendar helpers', () => {
  it('adds days across month and year ends and names ISO weekdays', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(isoWeekday('2026-11-22')).toBe(7);
    expect(isoWeekday('2026-11-23')).toBe(1);
  });
});

describe('zonedDayConverter', () => {
  it('answers exactly what zonedTimeToUtc answers, on ordinary and DST-change days', () => {
    const times = Array.from(
      { length: 48 },
      (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    );
    for (const zone of ['Europe/Sofia', 'Europe/Berlin', 'UTC', 'America/New_York']) {
      for (const date of [
        '2026-03-07',
        '2026-03-08',
        '2026-03-28',
        '2026-03-29',
        '2026-03-30',
        '2026-07-15',
        '2026-10-24',
        '2026-10-25',
        '2026-11-01',
        '2026-12-31',
      ]) {
        const convert = zonedDayConverter(date, zone);
        for (const time of times)
          expect(convert(time)?.toISOString() ?? null, `${zone} ${date} ${time}`).toBe(
            zonedTimeToUtc(date, time, zone)?.toISOString() ?? null,
          );
      }
    }
  });
});
