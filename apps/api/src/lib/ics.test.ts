import { describe, expect, it } from 'vitest';
import { calendarEvent } from './ics.ts';

describe('calendarEvent', () => {
  const ics = calendarEvent({
    uid: 'a1@vizita',
    start: new Date('2026-03-29T07:00:00Z'),
    end: new Date('2026-03-29T07:30:00Z'),
    summary: 'Видеоконсултация с д-р Елена Петрова; кардиология, 30 мин',
    description: 'Line one\nLine two',
    url: 'https://vizita.example/dashboard/meeting/a1',
    now: new Date('2026-03-20T10:00:00Z'),
  });

  it('writes UTC times and escapes text', () => {
    expect(ics).toContain('DTSTART:20260329T070000Z\r\n');
    expect(ics).toContain('DTEND:20260329T073000Z\r\n');
    expect(ics).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'SUMMARY:Видеоконсултация с д-р Елена Петрова\\; кардиология\\, 30 мин',
    );
  });

  it('folds long lines at 75 octets without splitting characters', () => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.split('\r\n').some((l) => l.startsWith(' '))).toBe(true);
    expect(ics).not.toContain('\uFFFD');
  });
});
