import { describe, expect, it } from 'vitest';
import { slotForViewer, zoneCity } from './viewer-time';

describe('a slot in the patient’s own time', () => {
  it('shows a Sofia doctor’s 10:00 as 09:00 to a patient in Berlin', () => {
    expect(slotForViewer('2026-11-24T08:00:00.000Z', 'Europe/Sofia', 'Europe/Berlin')).toEqual({
      local: '09:00',
      date: '2026-11-24',
      differs: true,
    });
  });

  it('moves the day when the time difference crosses midnight', () => {
    expect(slotForViewer('2026-11-24T23:30:00.000Z', 'UTC', 'Europe/Berlin')).toEqual({
      local: '00:30',
      date: '2026-11-25',
      differs: true,
    });
  });

  it('says nothing more when both are in the same zone, or the same offset', () => {
    expect(slotForViewer('2026-11-24T08:00:00.000Z', 'Europe/Sofia', 'Europe/Sofia').differs).toBe(
      false,
    );
    expect(slotForViewer('2026-11-24T08:00:00.000Z', 'Europe/Berlin', 'Europe/Paris').differs).toBe(
      false,
    );
  });

  it('follows daylight saving: one hour apart in summer too', () => {
    expect(slotForViewer('2026-07-01T07:00:00.000Z', 'Europe/Sofia', 'Europe/Berlin').local).toBe(
      '09:00',
    );
  });

  it('names a zone by its city', () => {
    expect(zoneCity('Europe/Sofia')).toBe('Sofia');
    expect(zoneCity('America/New_York')).toBe('New York');
  });
});
