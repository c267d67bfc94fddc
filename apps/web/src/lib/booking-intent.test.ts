import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BOOKING_INTENT_TTL_MS,
  bookingCalendarPath,
  clearBookingIntent,
  readBookingIntent,
  saveBookingIntent,
} from './booking-intent';

const chosen = { slug: 'elena-petrova', at: '2026-12-01T08:30:00.000Z', doctorName: 'Dr. Elena' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-30T12:00:00.000Z'));
});

describe('the remembered booking time', () => {
  it('is read back with the moment it was chosen, and leads to its booking page', () => {
    saveBookingIntent(chosen);
    expect(readBookingIntent()).toEqual({ ...chosen, savedAt: Date.now() });
    expect(bookingCalendarPath()).toBe(
      '/calendar?doctor=elena-petrova&at=2026-12-01T08:30:00.000Z',
    );
  });

  it('counts for a day, no longer', () => {
    saveBookingIntent(chosen);
    vi.setSystemTime(Date.now() + BOOKING_INTENT_TTL_MS - 1);
    expect(readBookingIntent()).not.toBeNull();
    vi.setSystemTime(Date.now() + 1);
    expect(readBookingIntent()).toBeNull();
    expect(bookingCalendarPath()).toBeNull();
  });

  it('is forgotten on request', () => {
    saveBookingIntent(chosen);
    clearBookingIntent();
    expect(readBookingIntent()).toBeNull();
  });

  it.each([
    ['nothing', null],
    ['no JSON', '{oops'],
    ['JSON null', 'null'],
    ['another shape', '"elena-petrova"'],
  ])('is no time at all for %s in storage', (_name, stored) => {
    if (stored !== null) localStorage.setItem('bookingIntent', stored);
    expect(readBookingIntent()).toBeNull();
  });

  it('survives a browser that refuses storage', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('localStorage', { getItem: denied, setItem: denied, removeItem: denied });
    expect(() => saveBookingIntent(chosen)).not.toThrow();
    expect(readBookingIntent()).toBeNull();
    expect(() => clearBookingIntent()).not.toThrow();
  });
});
