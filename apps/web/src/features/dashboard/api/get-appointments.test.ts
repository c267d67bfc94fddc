import { describe, expect, it } from 'vitest';
import { appointmentData } from '../../../test/fixtures';
import { readAppointments } from './get-appointments';

describe('reading GET /api/appointments', () => {
  it('keeps what the dashboard shows of each appointment', () => {
    const appointment = appointmentData({ date: '2026-05-20', slot: '14:00', status: 'completed' });
    expect(readAppointments({ success: true, data: [appointment] })).toEqual([
      {
        _id: appointment._id,
        date: '2026-05-20',
        slot: '14:00',
        startsAt: appointment.startsAt,
        status: 'completed',
        doctorId: { name: 'Dr. Ivan Georgiev' },
      },
    ]);
  });

  it('drops entries that are not appointments (a doctor’s taken slots, a broken item)', () => {
    const good = appointmentData();
    const data = [
      { date: '2026-05-20', slot: '14:00', status: 'upcoming' },
      { ...appointmentData(), status: 'pending' },
      { ...appointmentData(), doctorId: null },
      null,
      good,
    ];
    expect(readAppointments({ success: true, data }).map((a) => a._id)).toEqual([good._id]);
  });

  it('refuses an answer that is not a list', () => {
    expect(() => readAppointments({ success: true, data: { items: [] } })).toThrow(
      'Invalid response format',
    );
    expect(() => readAppointments(null)).toThrow('Invalid response format');
  });
});
