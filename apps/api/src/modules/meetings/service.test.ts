import { describe, expect, it } from 'vitest';
import { meetingRefusal, meetingUserName, meetingWindow } from './service.ts';

const startsAt = new Date('2026-11-23T09:00:00Z');
const at = (iso: string) => new Date(iso);
const upcoming = { plan: 'consultation', status: 'upcoming', startsAt };

describe('meetingRefusal', () => {
  it('admits an upcoming consultation from 15 minutes before to 30 minutes after the start', () => {
    expect(meetingRefusal(upcoming, at('2026-11-23T08:44:59.999Z'))).toEqual({
      status: 409,
      code: 'meetingNotJoinable',
    });
    expect(meetingRefusal(upcoming, at('2026-11-23T08:45:00Z'))).toBeNull();
    expect(meetingRefusal(upcoming, at('2026-11-23T09:30:00Z'))).toBeNull();
    expect(meetingRefusal(upcoming, at('2026-11-23T09:30:00.001Z'))).toEqual({
      status: 410,
      code: 'meetingEnded',
    });
  });

  it('names why anything else cannot be joined, the plan first', () => {
    const now = at('2026-11-23T09:00:00Z');
    const refused = (over: Partial<typeof upcoming>) =>
      meetingRefusal({ ...upcoming, ...over }, now);
    expect(refused({ plan: 'prescription', status: 'cancelled' })?.code).toBe(
      'meetingNotConsultation',
    );
    // A follow-up visit is a video call like the consultation it follows (issue #20).
    expect(refused({ plan: 'follow-up' })).toBeNull();
    expect(refused({ status: 'cancelled' })).toEqual({ status: 409, code: 'meetingCancelled' });
    expect(refused({ status: 'completed' })).toEqual({ status: 410, code: 'meetingEnded' });
    expect(refused({ status: 'pending' })).toEqual({ status: 409, code: 'meetingNotAvailable' });
    expect(refused({ status: 'expired' })).toEqual({ status: 409, code: 'meetingNotAvailable' });
  });

  it('works from instants, across a DST change (Sofia, 2026-10-25)', () => {
    const start = new Date('2026-10-25T00:10:00Z'); // 03:10 EEST becomes 03:10 EET at 01:00Z
    expect(meetingWindow(start)).toEqual({
      opensAt: new Date('2026-10-24T23:55:00Z'),
      closesAt: new Date('2026-10-25T00:40:00Z'),
    });
  });
});

describe('meetingUserName', () => {
  const row = {
    id: 'a',
    patientId: 'p',
    doctorId: 'd',
    startsAt,
    plan: 'consultation' as const,
    status: 'upcoming' as const,
    doctorFirstName: 'Elena',
    doctorLastName: 'Petrova',
    doctorTitle: 'Prof. Dr.',
    patientType: 'patient',
    patientFirstName: 'Maria',
    patientLastName: 'Ivanova',
  };
  it('is "Patient" and the first 8 characters of the id for the patient (spec §6)', () => {
    expect(meetingUserName('patient', '1a2b3c4d-5e6f-4000-8000-000000000000', row)).toBe(
      'Patient 1a2b3c4d',
    );
  });
  it('is the name the doctor gave for a guest without an account (issue #12)', () => {
    const guest = {
      ...row,
      patientType: 'guest',
      patientFirstName: 'Anna Schmidt',
      patientLastName: '',
    };
    expect(meetingUserName('patient', 'p', guest)).toBe('Anna Schmidt');
  });
  it('is the title and name for the doctor, "Dr." without a profile', () => {
    expect(meetingUserName('doctor', 'd', row)).toBe('Prof. Dr. Elena Petrova');
    expect(meetingUserName('doctor', 'd', { ...row, doctorTitle: null })).toBe('Dr. Elena Petrova');
  });
});
