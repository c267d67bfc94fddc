import { describe, expect, it } from 'vitest';
import {
  appointmentMessagesOpen,
  appointmentMessagesOpenUntil,
  patientThreadClosedReason,
} from './message-access.ts';

const startsAt = new Date('2026-11-24T08:00:00Z');
const DAY = 86_400_000;
const at = (ms: number) => new Date(startsAt.getTime() + ms);

describe('messages about an appointment', () => {
  it('are open from the booking until 30 days after the start of a visit that took place', () => {
    expect(appointmentMessagesOpen({ status: 'upcoming', startsAt }, at(-20 * DAY))).toBe(true);
    for (const status of ['completed', 'no_show']) {
      expect(appointmentMessagesOpen({ status, startsAt }, at(30 * DAY))).toBe(true);
      expect(appointmentMessagesOpen({ status, startsAt }, at(30 * DAY + 1))).toBe(false);
    }
    expect(appointmentMessagesOpenUntil(startsAt)).toEqual(at(30 * DAY));
  });

  it('are never open for a payment hold or a cancelled visit', () => {
    for (const status of ['pending', 'expired', 'cancelled'])
      expect(appointmentMessagesOpen({ status, startsAt }, at(-DAY))).toBe(false);
  });
});

describe('whether the patient may write', () => {
  const open = { status: 'completed', startsAt };
  it('may, in an open thread the practice has not closed', () => {
    expect(patientThreadClosedReason({ patientMayReply: true, appointment: open }, at(DAY))).toBe(
      null,
    );
    expect(patientThreadClosedReason({ patientMayReply: true, appointment: null }, at(DAY))).toBe(
      null,
    );
  });

  it('may not when the practice closed replies', () => {
    expect(patientThreadClosedReason({ patientMayReply: false, appointment: open }, at(DAY))).toBe(
      'practice',
    );
    expect(patientThreadClosedReason({ patientMayReply: false, appointment: null }, at(DAY))).toBe(
      'practice',
    );
  });

  it("may not once the appointment's window has ended, whatever the practice chose", () => {
    for (const patientMayReply of [true, false])
      expect(patientThreadClosedReason({ patientMayReply, appointment: open }, at(31 * DAY))).toBe(
        'window',
      );
    expect(
      patientThreadClosedReason(
        { patientMayReply: true, appointment: { status: 'cancelled', startsAt } },
        at(-DAY),
      ),
    ).toBe('window');
  });
});
