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
    method: 'REQUEST',
    organizer: { name: 'Vizita', email: 'no-reply@vizita.example' },
    attendee: { name: 'Мария "Мими" Иванова', email: 'maria@example.bg' },
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

  it('invites the attendee from the organizer, with a reminder', () => {
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('METHOD:REQUEST\r\n');
    expect(unfolded).toContain('STATUS:CONFIRMED\r\n');
    expect(unfolded).toContain('ORGANIZER;CN="Vizita":mailto:no-reply@vizita.example\r\n');
    expect(unfolded).toContain(
      `ATTENDEE;CN="Мария 'Мими' Иванова";ROLE=REQ-PARTICIPANT:mailto:maria@example.bg\r\n`,
    );
    expect(unfolded).toContain('BEGIN:VALARM');
  });

  it('cancels the same entry so calendars remove it', () => {
    const cancel = calendarEvent({
      uid: 'a1@vizita',
      start: new Date('2026-03-29T07:00:00Z'),
      end: new Date('2026-03-29T07:30:00Z'),
      summary: 'Consultation',
      description: 'Cancelled',
      sequence: 7,
      now: new Date('2026-03-21T10:00:00Z'),
      method: 'CANCEL',
      organizer: { name: 'Vizita', email: 'no-reply@vizita.example' },
      attendee: { name: 'Maria', email: 'maria@example.bg' },
    });
    expect(cancel).toContain('METHOD:CANCEL\r\n');
    expect(cancel).toContain('UID:a1@vizita\r\n');
    expect(cancel).toContain('SEQUENCE:7\r\n');
    expect(cancel).toContain('STATUS:CANCELLED\r\n');
    expect(cancel).not.toContain('VALARM');
  });
});
