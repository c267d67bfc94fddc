import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@vizita/shared/domain/notification-kinds';
import { notificationTitle } from './notification-title';

const when = { startsAt: '2026-11-26T08:00:00.000Z', timeZone: 'Europe/Sofia' };

describe('a notification’s text', () => {
  it('has a full and a short text for every kind', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const full = notificationTitle(
        { kind, params: { ...when, name: 'Maria Ivanova' } },
        'patient',
      );
      expect(full.key).toMatch(/^kinds\.\w+\.full$/);
      expect(full.values.name).toBe('Maria Ivanova');
      expect(notificationTitle({ kind, params: {} }, 'patient')).toEqual({
        key: expect.stringMatching(/^kinds\.\w+\.short$/),
        values: {},
      });
    }
  });

  it('says who acted, and tells a patient from staff where the text differs', () => {
    const title =
      (kind: (typeof NOTIFICATION_KINDS)[number], by?: 'patient' | 'doctor' | 'clinic') =>
      (audience: 'patient' | 'staff') =>
        notificationTitle({ kind, params: { ...when, name: 'X', ...(by ? { by } : {}) } }, audience)
          .key;
    expect(title('appointmentMoved', 'patient')('staff')).toBe(
      'kinds.appointmentMovedByPatient.full',
    );
    expect(title('appointmentMoved', 'doctor')('patient')).toBe(
      'kinds.appointmentMovedByDoctor.full',
    );
    expect(title('appointmentCancelled', 'clinic')('patient')).toBe(
      'kinds.appointmentCancelledByClinic.full',
    );
    expect(title('appointmentCancelled', 'doctor')('patient')).toBe(
      'kinds.appointmentCancelledByDoctor.full',
    );
    expect(title('appointmentReassigned', 'clinic')('patient')).toBe(
      'kinds.appointmentReassignedPatient.full',
    );
    expect(title('appointmentReassigned', 'clinic')('staff')).toBe(
      'kinds.appointmentReassignedStaff.full',
    );
    expect(title('newBooking', 'clinic')('staff')).toBe('kinds.newBookingByClinic.full');
    expect(title('newBooking')('staff')).toBe('kinds.newBooking.full');
    // A prescription request the doctor declined, or the clinic for want of an answer in time.
    expect(title('requestDeclined', 'doctor')('patient')).toBe('kinds.requestDeclined.full');
    expect(title('requestDeclined', 'clinic')('patient')).toBe('kinds.requestLapsed.full');
    expect(title('newRequest')('staff')).toBe('kinds.newRequest.full');
    // The clinic writes as the clinic: a text that names nobody.
    expect(
      notificationTitle({ kind: 'messageReceived', params: { by: 'clinic' } }, 'patient'),
    ).toEqual({ key: 'kinds.messageReceivedFromClinic.full', values: {} });
  });

  it('gives the time in the reader’s own words, and falls back when it is missing', () => {
    const { values } = notificationTitle(
      { kind: 'bookingConfirmed', params: { ...when, name: 'Dr. Elena Petrova' } },
      'patient',
    );
    expect(values.when).toMatch(/Nov 26/);
    // A text that needs the time and lacks it is the short one, not one with a hole.
    expect(
      notificationTitle(
        { kind: 'bookingConfirmed', params: { name: 'Dr. Elena Petrova' } },
        'patient',
      ).key,
    ).toBe('kinds.bookingConfirmed.short');
    // A text without a time never carries one.
    expect(
      notificationTitle({ kind: 'messageReceived', params: { ...when, name: 'Dr. X' } }, 'patient')
        .values,
    ).toEqual({ name: 'Dr. X' });
  });
});
