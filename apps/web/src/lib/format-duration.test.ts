import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAllResources } from './i18n';
import { formatDuration } from './format-duration';

beforeAll(async () => {
  // The appointments texts come with the signed-in part of each language.
  const all = await loadAllResources();
  for (const [lng, resources] of Object.entries(all)) {
    i18next.addResourceBundle(lng, 'appointments', resources.appointments, true, true);
  }
});

const inLanguage = (lng: string) => (minutes: number) =>
  formatDuration(minutes, i18next.getFixedT(lng, 'appointments'), lng);

describe('formatDuration (spec §9 duration display)', () => {
  const en = inLanguage('en');

  it('shows less than an hour in minutes, singular and plural', () => {
    expect(en(1)).toBe('1 minute');
    expect(en(2)).toBe('2 minutes');
    expect(en(45)).toBe('45 minutes');
    expect(en(59)).toBe('59 minutes');
  });

  it('shows from an hour to less than a day in hours and minutes', () => {
    expect(en(60)).toBe('1h 0m');
    expect(en(125)).toBe('2h 5m');
    expect(en(1439)).toBe('23h 59m');
  });

  it('shows a day and more in days, hours and minutes', () => {
    expect(en(1440)).toBe('1d 0h 0m');
    expect(en(3 * 1440 + 4 * 60 + 10)).toBe('3d 4h 10m');
  });

  it('rounds to whole minutes and never goes below zero', () => {
    expect(en(0)).toBe('0 minutes');
    expect(en(-5)).toBe('0 minutes');
    expect(en(59.6)).toBe('1h 0m');
  });

  it('speaks Bulgarian and German, with their plural forms', () => {
    const bg = inLanguage('bg');
    const de = inLanguage('de');
    expect([bg(1), bg(59), bg(60), bg(1439), bg(1440)]).toEqual([
      '1 минута',
      '59 минути',
      '1 ч 0 мин',
      '23 ч 59 мин',
      '1 дн. 0 ч 0 мин',
    ]);
    expect([de(1), de(59), de(60), de(1439), de(1440)]).toEqual([
      '1 Minute',
      '59 Minuten',
      '1 Std. 0 Min.',
      '23 Std. 59 Min.',
      '1 Tg. 0 Std. 0 Min.',
    ]);
  });
});
