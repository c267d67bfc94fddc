import { describe, expect, it } from 'vitest';
import {
  EMAIL_KINDS_BY_ROLE,
  EMAIL_NOTIFICATION_KINDS,
  ESSENTIAL_EMAIL_KINDS,
  isEssentialEmailKind,
  NOTIFICATION_LINK_PATTERN,
  notificationParamsSchema,
  OPTIONAL_EMAIL_KINDS,
  updateEmailPreferencesSchema,
} from './notifications.ts';

describe('notification e-mails', () => {
  it('lets a reader turn off every e-mailed kind but the essential ones', () => {
    expect([...OPTIONAL_EMAIL_KINDS, ...ESSENTIAL_EMAIL_KINDS].sort()).toEqual(
      [...EMAIL_NOTIFICATION_KINDS].sort(),
    );
    for (const kind of ESSENTIAL_EMAIL_KINDS) {
      expect(isEssentialEmailKind(kind)).toBe(true);
      expect(
        updateEmailPreferencesSchema.safeParse({ email: [{ kind, email: false }] }).success,
      ).toBe(false);
    }
    expect(
      updateEmailPreferencesSchema.safeParse({ email: [{ kind: 'messageReceived', email: false }] })
        .success,
    ).toBe(true);
  });

  it('shows each role its kinds, the cancellations among them', () => {
    expect(EMAIL_KINDS_BY_ROLE.patient).toContain('appointmentCancelled');
    expect(EMAIL_KINDS_BY_ROLE.doctor).toContain('patientCancelled');
    // A waiting patient is news only while the console is open: it has no e-mail.
    expect(EMAIL_NOTIFICATION_KINDS).not.toContain('patientWaiting');
  });
});

describe('what a notification may hold', () => {
  it('keeps the four values a text uses and drops anything else', () => {
    const parsed = notificationParamsSchema.parse({
      name: 'Dr. Elena Petrova',
      startsAt: '2026-11-26T08:00:00.000Z',
      timeZone: 'Europe/Sofia',
      by: 'doctor',
      reason: 'Chest pain',
    });
    expect(parsed).toEqual({
      name: 'Dr. Elena Petrova',
      startsAt: '2026-11-26T08:00:00.000Z',
      timeZone: 'Europe/Sofia',
      by: 'doctor',
    });
    expect(notificationParamsSchema.safeParse({ startsAt: 'tomorrow' }).success).toBe(false);
    expect(notificationParamsSchema.safeParse({ by: 'hacker' }).success).toBe(false);
  });

  it('links only to a path of the app', () => {
    for (const link of ['/dashboard/appointments', '/doctor/meeting/a1', '/dashboard?x=1'])
      expect(NOTIFICATION_LINK_PATTERN.test(link)).toBe(true);
    for (const link of ['https://evil.example', '//evil.example', 'javascript:alert(1)', ''])
      expect(NOTIFICATION_LINK_PATTERN.test(link)).toBe(false);
  });
});
