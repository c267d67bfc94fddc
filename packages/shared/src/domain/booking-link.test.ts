import { describe, expect, it } from 'vitest';
import { LOCALES } from '../constants.ts';
import { bookingLinkPath, normalizeInstant, parseBookingLinkPath } from './booking-link.ts';
import { isInstant } from './instant.ts';

describe('isInstant', () => {
  it.each(['2026-12-01T08:30:00.000Z', '2026-12-01T08:30Z', '2026-12-01T08:30:00Z'])(
    'accepts %s',
    (value) => expect(isInstant(value)).toBe(true),
  );

  it.each([
    ['a day that does not exist', '2026-02-30T08:30:00.000Z'],
    ['hour 24', '2026-12-01T24:00:00.000Z'],
    ['month 13', '2026-13-01T08:30:00.000Z'],
    ['no zone', '2026-12-01T08:30:00'],
    ['an offset', '2026-12-01T08:30:00+02:00'],
    ['a date only', '2026-12-01'],
    ['words', 'tomorrow'],
    ['nothing', ''],
  ])('refuses %s', (_name, value) => expect(isInstant(value)).toBe(false));

  it('writes an instant one way', () => {
    expect(normalizeInstant('2026-12-01T08:30Z')).toBe('2026-12-01T08:30:00.000Z');
    expect(normalizeInstant('2026-12-01T08:30:00+02:00')).toBeNull();
  });
});

describe('booking link paths', () => {
  it('reads back what it writes, with and without the language', () => {
    const link = { slug: 'georgi-dimitrov-2', at: '2026-12-01T08:30:00.000Z' };
    expect(parseBookingLinkPath(bookingLinkPath(link))).toEqual(link);
    expect(parseBookingLinkPath(bookingLinkPath({ ...link, lang: 'de' }))).toEqual({
      ...link,
      lang: 'de',
    });
  });

  it('knows every interface language', () => {
    for (const lang of LOCALES) {
      const path = bookingLinkPath({ slug: 'elena', at: '2026-12-01T08:30:00.000Z', lang });
      expect(parseBookingLinkPath(path)?.lang).toBe(lang);
    }
  });

  it.each([
    ['another path', '/dashboard'],
    ['an absolute URL', 'https://evil.example/book/x?at=2026-12-01T08:30:00.000Z'],
    ['a protocol-relative URL', '//evil.example/book/x?at=2026-12-01T08:30:00.000Z'],
    ['a slug with capitals', '/book/Georgi?at=2026-12-01T08:30:00.000Z'],
    ['a slug with a dot segment', '/book/..?at=2026-12-01T08:30:00.000Z'],
    ['a slug of 81 characters', `/book/${'a'.repeat(81)}?at=2026-12-01T08:30:00.000Z`],
    ['an encoded slash', '/book/a%2Fb?at=2026-12-01T08:30:00.000Z'],
    ['no instant', '/book/georgi'],
    ['a bad instant', '/book/georgi?at=2026-02-30T08:30:00.000Z'],
    ['an unknown language', '/book/georgi?at=2026-12-01T08:30:00.000Z&lang=fr'],
    ['more parameters', '/book/georgi?at=2026-12-01T08:30:00.000Z&next=/admin'],
    ['a fragment', '/book/georgi?at=2026-12-01T08:30:00.000Z#x'],
  ])('refuses %s', (_name, path) => expect(parseBookingLinkPath(path)).toBeNull());
});
