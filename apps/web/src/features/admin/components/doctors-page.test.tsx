import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { APPOINTMENT, DOCTOR, adminSession } from './admin-test-data';

describe('the doctors of the clinic', () => {
  it('invites a doctor without any password, and explains a wrong field', async () => {
    let invited: Record<string, unknown> | undefined;
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([DOCTOR]),
      'POST /api/admin/doctors': (call) => {
        invited = call.body as Record<string, unknown>;
        return {
          status: 201,
          body: {
            success: true,
            data: { ...DOCTOR, _id: 'd2', email: 'ivo@clinic.test', invited: true },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    const list = await screen.findByRole('region', { name: 'All doctors' });
    expect(await within(list).findByText('Dr. Elena Petrova')).toBeVisible();
    expect(list).toHaveTextContent('Cardiology · 60.00 EUR · Europe/Sofia');
    await user.type(screen.getByLabelText('E-mail'), 'ivo@clinic.test');
    await user.type(screen.getByLabelText('First name'), 'Ivo');
    await user.type(screen.getByLabelText('Last name'), 'Kolev');
    const fee = screen.getByLabelText('Fee (EUR)');
    await user.clear(fee);
    await user.type(fee, 'sixty');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(fee).toHaveAccessibleDescription(expect.stringContaining('Invalid value'));
    expect(invited).toBeUndefined();
    await user.clear(fee);
    await user.type(fee, '75,50');
    // Where the doctor practises, for the public directory's place filter (issue #22).
    await user.type(screen.getByLabelText('City'), 'Plovdiv');
    expect(screen.getByLabelText('Country')).toHaveValue('BG');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('The invitation was sent to ivo@clinic.test.')).toBeVisible();
    expect(invited).toMatchObject({
      email: 'ivo@clinic.test',
      feeMinor: 7550,
      // Left empty: a follow-up and a prescription request cost the consultation fee.
      followUpFeeMinor: null,
      prescriptionFeeMinor: null,
      specialties: ['general-practice'],
      languages: ['bg'],
      city: 'Plovdiv',
      country: 'BG',
    });
    expect(JSON.stringify(invited)).not.toMatch(/password/i);
  });

  it('moves the focus to the first field the invitation refuses', async () => {
    const api = mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([DOCTOR]),
    });
    const user = userEvent.setup();
    renderApp('/admin');
    await screen.findByRole('region', { name: 'All doctors' });
    await user.type(screen.getByLabelText('E-mail'), 'ivo@clinic.test');
    const fee = screen.getByLabelText('Fee (EUR)');
    await user.clear(fee);
    await user.type(fee, 'sixty');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    // The names are missing and the fee is wrong: the first of them on the page takes the focus.
    const firstName = screen.getByLabelText('First name');
    expect(firstName).toHaveFocus();
    expect(firstName).toHaveAccessibleDescription('Invalid value');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits specialties, languages and the fee', async () => {
    let saved: Record<string, unknown> | undefined;
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([DOCTOR]),
      'PUT /api/admin/doctors/d1': (call) => {
        saved = call.body as Record<string, unknown>;
        return ok({ ...DOCTOR, ...saved });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Edit Dr. Elena Petrova' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Dr. Elena Petrova' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Cardiology' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    // No specialty left: refused before anything is sent.
    expect(saved).toBeUndefined();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Internal Medicine' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'German' }));
    const fee = within(dialog).getByLabelText('Fee (EUR)');
    await user.clear(fee);
    await user.type(fee, '80');
    // A follow-up visit is cheaper at this clinic (issue #20); a word is no fee.
    const followUpFee = within(dialog).getByLabelText('Follow-up visit fee (EUR)');
    expect(followUpFee).toHaveValue('');
    await user.type(followUpFee, 'half');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(followUpFee).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toBeUndefined();
    await user.clear(followUpFee);
    await user.type(followUpFee, '40');
    // A prescription request without a call costs less again (issue #21).
    const prescriptionFee = within(dialog).getByLabelText('Prescription request fee (EUR)');
    expect(prescriptionFee).toHaveValue('');
    expect(prescriptionFee).toHaveAccessibleDescription(
      'Leave empty to charge the consultation fee; 0 makes prescription requests free.',
    );
    await user.type(prescriptionFee, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(prescriptionFee).toHaveAttribute('aria-invalid', 'true');
    expect(saved).toBeUndefined();
    await user.clear(prescriptionFee);
    await user.type(prescriptionFee, '15.50');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Edit Dr. Elena Petrova' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(saved).toEqual({
      title: 'Dr.',
      specialties: ['internal-medicine'],
      languages: ['bg', 'de'],
      timeZone: 'Europe/Sofia',
      slotMinutes: 30,
      feeMinor: 8000,
      followUpFeeMinor: 4000,
      prescriptionFeeMinor: 1550,
      // Not said before, and left so.
      city: null,
      country: null,
    });
  });

  it('keeps a prescription request fee that was set, and clears it back to the consultation fee', async () => {
    let saved: Record<string, unknown> | undefined;
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([{ ...DOCTOR, prescriptionFeeMinor: 2000 }]),
      'PUT /api/admin/doctors/d1': (call) => {
        saved = call.body as Record<string, unknown>;
        return ok({ ...DOCTOR, ...saved });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Edit Dr. Elena Petrova' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Dr. Elena Petrova' });
    const prescriptionFee = within(dialog).getByLabelText('Prescription request fee (EUR)');
    expect(prescriptionFee).toHaveValue('20.00');
    await user.clear(prescriptionFee);
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await screen.findByRole('button', { name: 'Edit Dr. Elena Petrova' });
    expect(saved).toMatchObject({ feeMinor: 6000, prescriptionFeeMinor: null });
  });

  it('shows every follow-up and prescription request fee, or that it is the consultation fee', async () => {
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () =>
        ok([
          DOCTOR,
          {
            ...DOCTOR,
            _id: 'd2',
            name: 'Dr. Jonas Weber',
            followUpFeeMinor: 0,
            prescriptionFeeMinor: 1500,
          },
        ]),
    });
    renderApp('/admin');
    expect(await screen.findByText('Follow-up visit: the consultation fee')).toBeVisible();
    expect(screen.getByText('Follow-up visit: 0.00 EUR')).toBeVisible();
    expect(screen.getByText('Prescription request: the consultation fee')).toBeVisible();
    expect(screen.getByText('Prescription request: 15.00 EUR')).toBeVisible();
  });

  it('deactivates after asking, then cancels the upcoming appointments with refunds', async () => {
    let active = true;
    let upcoming = [APPOINTMENT];
    const cancelled: unknown[] = [];
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([{ ...DOCTOR, active, upcoming: upcoming.length }]),
      'POST /api/admin/doctors/d1/deactivate': () => {
        active = false;
        return ok({ doctor: { ...DOCTOR, active }, upcoming });
      },
      'GET /api/admin/appointments': (call) => {
        expect(call.path).toContain('doctorId=d1');
        return ok({ total: upcoming.length, page: 1, items: upcoming });
      },
      'POST /api/admin/appointments/a1/cancel': (call) => {
        cancelled.push(call.body);
        upcoming = [];
        return ok({ refund: 'refunded' });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Deactivate Dr. Elena Petrova' }));
    const question = screen.getByRole('alertdialog', { name: 'Deactivate Dr. Elena Petrova' });
    expect(question).toHaveAccessibleDescription(
      expect.stringContaining('Upcoming appointments: 1'),
    );
    await user.click(within(question).getByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Dr. Elena Petrova' });
    expect(
      await within(dialog).findByText('Patient: Maria Ivanova (maria@example.bg)'),
    ).toBeVisible();
    await user.type(
      within(dialog).getByLabelText('Reason for the patient'),
      'Your doctor has left the clinic.',
    );
    await user.click(
      within(dialog).getByRole('button', {
        name: 'Cancel these appointments (1) with full refunds',
      }),
    );
    expect(await within(dialog).findByText('Cancelled with full refunds: 1')).toBeVisible();
    expect(await within(dialog).findByText('No upcoming appointments are left.')).toBeVisible();
    expect(cancelled).toEqual([{ reason: 'Your doctor has left the clinic.' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(
      await screen.findByRole('button', { name: 'Reactivate Dr. Elena Petrova' }),
    ).toBeVisible();
  });

  it('sends a new invitation to a doctor who has not accepted yet', async () => {
    let resent = false;
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([{ ...DOCTOR, invited: true }]),
      'POST /api/admin/doctors/d1/invite': () => {
        resent = true;
        return ok({ ...DOCTOR, invited: true });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    expect(await screen.findByText(/invitation not yet accepted/)).toBeVisible();
    await user.click(
      screen.getByRole('button', { name: 'Send a new invitation to Dr. Elena Petrova' }),
    );
    expect(await screen.findByText('The invitation was sent to elena@clinic.test.')).toBeVisible();
    expect(resent).toBe(true);
  });
});

describe('"available now" for a doctor', () => {
  it('switches it on for a doctor and off again, named by the doctor in each control', async () => {
    const puts: unknown[] = [];
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () =>
        ok([
          DOCTOR,
          { ...DOCTOR, _id: 'd2', name: 'Dr. Ivo Kolev', email: 'ivo@clinic.test', invited: true },
        ]),
      'GET /api/admin/doctors/d1/on-call': () =>
        ok({ until: null, waiting: 0, currentAppointmentId: null }),
      'PUT /api/admin/doctors/d1/on-call': (call) => {
        puts.push(call.body);
        return (call.body as { minutes: number }).minutes === 0
          ? ok({ until: null, waiting: 0, currentAppointmentId: null })
          : ok({ until: '2026-11-24T11:30:00.000Z', waiting: 3, currentAppointmentId: null });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin');
    const list = await screen.findByRole('region', { name: 'All doctors' });
    const period = await within(list).findByLabelText('Available for (Dr. Elena Petrova)');
    // An invited doctor has not signed in yet: nobody to switch on.
    expect(within(list).queryByLabelText('Available for (Dr. Ivo Kolev)')).toBeNull();

    await user.selectOptions(period, '30');
    await user.click(
      within(list).getByRole('button', { name: 'Make available now (Dr. Elena Petrova)' }),
    );
    expect(await within(list).findByText('3 patients are waiting.')).toBeVisible();
    expect(list).toHaveTextContent(/Available now until \d\d:30/);
    await user.click(within(list).getByRole('button', { name: 'Stop (Dr. Elena Petrova)' }));
    expect(await within(list).findByLabelText('Available for (Dr. Elena Petrova)')).toBeVisible();
    expect(puts).toEqual([{ minutes: 30 }, { minutes: 0 }]);
  });
});
