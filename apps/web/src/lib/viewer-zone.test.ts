import { afterEach, describe, expect, it, vi } from 'vitest';
import { viewerTimeZone } from './viewer-zone';

afterEach(() => vi.restoreAllMocks());

describe('the viewer’s zone', () => {
  it('is read once a minute, not on every request, and a new zone shows within that minute', () => {
    // The browser's zone, as travelling with a phone changes it.
    let zone = 'Europe/Sofia';
    const real = Intl.DateTimeFormat;
    const made = vi
      .spyOn(Intl, 'DateTimeFormat')
      .mockImplementation(
        () =>
          ({ resolvedOptions: () => ({ ...real().resolvedOptions(), timeZone: zone }) }) as never,
      );
    const start = Date.UTC(2027, 0, 1, 9);
    expect(viewerTimeZone(start)).toBe('Europe/Sofia');
    zone = 'Europe/Berlin';
    // Within the minute the zone read stands, without a formatter made for it.
    made.mockClear();
    expect(viewerTimeZone(start + 59_000)).toBe('Europe/Sofia');
    expect(made).not.toHaveBeenCalled();
    expect(viewerTimeZone(start + 60_000)).toBe('Europe/Berlin');
  });
});
