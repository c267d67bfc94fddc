import { describe, expect, it } from 'vitest';
import { appointmentData, appointmentListBody } from '../../../test/fixtures';
import { readAppointments } from './get-appointments';

const counts = { upcoming: 4, completed: 7, no_show: 1, cancelled: 2 };

describe('reading GET /api/appointments', () => {
  it('keeps what the dashboard shows of each appointment, and the counts', () => {
    const appointment = appointmentData({ date: '2026-05-20', slot: '14:00', status: 'completed' });
    expect(readAppointments(appointmentListBody([appointment], { counts }))).toEqual({
      items: [
        {
          _id: appointment._id,
          date: '2026-05-20',
          slot: '14:00',
          startsAt: appointment.startsAt,
          status: 'completed',
          plan: 'consultation',
          doctorId: { name: 'Dr. Ivan Georgiev' },
        },
      ],
      counts,
    });
  });

  it('tells a prescription request, which holds no time, from a visit (issue #21)', () => {
    const request = appointmentData({ plan: 'prescription' });
    const unknown = { ...appointmentData(), plan: 'home-visit' };
    const body = appointmentListBody([request, unknown as typeof request], { counts });
    expect(readAppointments(body).items.map((a) => a.plan)).toEqual([
      'prescription',
      'consultation',
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
    const body = { success: true, data, counts, pagination: { page: 1, limit: 5, total: 5 } };
    expect(readAppointments(body).items.map((a) => a._id)).toEqual([good._id]);
  });

  it('refuses an answer that is not a list or has no counts', () => {
    expect(() => readAppointments({ success: true, data: { items: [] }, counts })).toThrow(
      'Invalid response format',
    );
    expect(() => readAppointments({ success: true, data: [] })).toThrow('Invalid response format');
    expect(() =>
      readAppointments({ success: true, data: [], counts: { ...counts, cancelled: '2' } }),
    ).toThrow('Invalid response format');
    expect(() => readAppointments(null)).toThrow('Invalid response format');
  });
});
