import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { APPOINTMENT_DETAIL, adminSession } from './admin-test-data';

describe('one appointment', () => {
  it('cancels for the clinic only with a reason, and shows the refund', async () => {
    let detail: Record<string, unknown> = APPOINTMENT_DETAIL;
    let cancelled: unknown;
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments/a1': () => ok(detail),
      'GET /api/admin/appointments/a1/reassign-candidates': () => ok([]),
      'POST /api/admin/appointments/a1/cancel': (call) => {
        cancelled = call.body;
        detail = {
          ...APPOINTMENT_DETAIL,
          status: 'cancelled',
          cancelledBy: 'clinic',
          cancellationReason: 'The clinic is closed that day.',
          cancelledAt: '2026-11-23T08:00:00.000Z',
          payment: { ...APPOINTMENT_DETAIL.payment, status: 'refunded' },
        };
        return ok({ refund: 'refunded' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/appointments/a1');
    expect(await screen.findByText('Maria Ivanova (maria@example.bg)')).toBeVisible();
    expect(screen.getByText('60.00 EUR, status: paid')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    expect(screen.getByLabelText('Reason for the patient')).toHaveAccessibleDescription(
      expect.stringContaining('at least 10 characters'),
    );
    expect(cancelled).toBeUndefined();
    await user.type(
      screen.getByLabelText('Reason for the patient'),
      'The clinic is closed that day.',
    );
    await user.click(screen.getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await screen.findByText('The appointment was cancelled and the patient refunded.'),
    ).toBeVisible();
    expect(cancelled).toEqual({ reason: 'The clinic is closed that day.' });
    expect(await screen.findByText(/cancelled by the clinic/)).toBeVisible();
    expect(screen.getByText('60.00 EUR, status: refunded')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Cancel and refund' })).toBeNull();
  });

  it('gives the appointment to a doctor free at that time, and says when that is no longer so', async () => {
    const bodies: unknown[] = [];
    const anna = { _id: 'd2', name: 'Dr. Anna Berg', specialties: ['general-practice'] };
    const sam = { _id: 'd3', name: 'Dr. Sam Stone', specialties: ['cardiology'] };
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments/a1': () => ok(APPOINTMENT_DETAIL),
      'GET /api/admin/appointments/a1/reassign-candidates': () => ok([anna, sam]),
      'POST /api/admin/appointments/a1/reassign': (call) => {
        bodies.push(call.body);
        return (call.body as { doctorId: string }).doctorId === 'd3'
          ? fail(409, 'doctorNotFreeThen')
          : ok({ ...APPOINTMENT_DETAIL, doctor: { ...anna, email: 'anna@clinic.test' } });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/appointments/a1');
    const doctor = await screen.findByLabelText('Doctor free at this time');
    await user.click(screen.getByRole('button', { name: 'Give the appointment to this doctor' }));
    expect(doctor).toHaveAccessibleDescription('Choose a doctor first.');
    expect(bodies).toEqual([]);
    await user.selectOptions(doctor, 'Dr. Sam Stone · Cardiology');
    await user.click(screen.getByRole('button', { name: 'Give the appointment to this doctor' }));
    expect(
      await screen.findByText('This doctor is no longer free at that time. Choose another.'),
    ).toBeVisible();
    await user.selectOptions(doctor, 'Dr. Anna Berg · General Practice');
    await user.click(screen.getByRole('button', { name: 'Give the appointment to this doctor' }));
    expect(
      await screen.findByText(
        'The appointment is now with Dr. Anna Berg. The patient and both doctors have been told.',
      ),
    ).toBeVisible();
    expect(bodies).toEqual([{ doctorId: 'd3' }, { doctorId: 'd2' }]);
  });

  it('refunds the payment of a past appointment', async () => {
    let refunded = 0;
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments/a1': () => ok({ ...APPOINTMENT_DETAIL, status: 'completed' }),
      'POST /api/admin/payments/pay1/refund': () => {
        refunded += 1;
        return ok({ status: 'refunded' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/appointments/a1');
    await user.click(await screen.findByRole('button', { name: 'Refund in full' }));
    expect(
      await screen.findByText('The refund was requested. The patient is told by e-mail.'),
    ).toBeVisible();
    expect(refunded).toBe(1);
  });

  it('says when the appointment does not exist', async () => {
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments/nope': () => fail(400, 'validationFailed'),
      'GET /api/admin/appointments/a2': () => fail(404, 'appointmentNotFound'),
    });
    renderApp('/admin/appointments/a2');
    expect(await screen.findByText('This appointment does not exist.')).toBeVisible();
  });
});
