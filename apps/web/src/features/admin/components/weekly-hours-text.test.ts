import { describe, expect, it } from 'vitest';
import { dayText, parseDay } from './weekly-hours-text';

describe('a day of hours as text', () => {
  it('reads several ranges, with either dash and a missing leading zero', () => {
    expect(parseDay('9:00-12:00, 13:00 – 17:30', 2)).toEqual([
      { weekday: 2, start: '09:00', end: '12:00' },
      { weekday: 2, start: '13:00', end: '17:30' },
    ]);
    expect(parseDay('  ', 3)).toEqual([]);
  });

  it('refuses anything else', () => {
    expect(parseDay('9 to 12', 1)).toBeNull();
    expect(parseDay('09:00-12:00, later', 1)).toBeNull();
  });

  it('writes a day back in order', () => {
    expect(
      dayText(
        [
          { weekday: 1, start: '13:00', end: '17:00' },
          { weekday: 2, start: '08:00', end: '09:00' },
          { weekday: 1, start: '09:00', end: '12:00' },
        ],
        1,
      ),
    ).toBe('09:00-12:00, 13:00-17:00');
  });
});
