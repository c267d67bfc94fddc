import { afterEach, describe, expect, it } from 'vitest';
import { formatRelativeTime } from './format-relative-time';

const now = new Date('2026-11-24T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('how long ago', () => {
  afterEach(() => document.documentElement.setAttribute('lang', 'en'));

  it('says it in the page’s language, from seconds to days', () => {
    document.documentElement.setAttribute('lang', 'en');
    expect(formatRelativeTime(ago(10_000), now)).toBe('now');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(86_400_000), now)).toBe('yesterday');
    document.documentElement.setAttribute('lang', 'de');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('vor 5 Minuten');
    document.documentElement.setAttribute('lang', 'bg');
    expect(formatRelativeTime(ago(5 * 60_000), now)).toBe('преди 5 минути');
  });

  it('gives the date after a week, "now" for a clock a little ahead, and null for no date', () => {
    expect(formatRelativeTime(ago(10 * 86_400_000), now)).toMatch(/2026/);
    expect(formatRelativeTime(ago(-5_000), now)).toBe('now');
    expect(formatRelativeTime('not a date', now)).toBeNull();
  });
});
