import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EmailPreference } from '@vizita/shared/contracts/notifications';
import { profileData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const patientPreferences = (): EmailPreference[] => [
  { kind: 'bookingConfirmed', email: true, essential: false },
  { kind: 'appointmentReminder', email: false, essential: false },
  { kind: 'appointmentCancelled', email: true, essential: true },
  { kind: 'messageReceived', email: true, essential: false },
];

describe('e-mail notifications', () => {
  it('lets a patient turn an e-mail off on the profile, and never an essential one', async () => {
    let stored = patientPreferences();
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /auth/profile': () => ok(profileData()),
      'GET /api/privacy/access-log': () => ok([]),
      'GET /api/notifications/preferences': () => ok({ email: stored }),
      'PUT /api/notifications/preferences': (call) => {
        const [change] = (call.body as { email: { kind: string; email: boolean }[] }).email;
        stored = stored.map((p) => (p.kind === change!.kind ? { ...p, email: change!.email } : p));
        return ok({ email: stored });
      },
    });
    renderApp('/dashboard/profile');
    const section = await screen.findByRole('region', { name: 'E-mail notifications' });
    const cancelled = await within(section).findByRole('checkbox', {
      name: 'Cancelled appointments',
    });
    expect(cancelled).toBeChecked();
    expect(cancelled).toBeDisabled();
    expect(cancelled).toHaveAccessibleDescription(/Always sent/);
    expect(
      within(section).getByRole('checkbox', { name: 'Appointment reminders' }),
    ).not.toBeChecked();

    const confirmations = within(section).getByRole('checkbox', { name: 'Booking confirmations' });
    await userEvent.click(confirmations);
    await waitFor(() => expect(confirmations).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      email: [{ kind: 'bookingConfirmed', email: false }],
    });
    expect(await within(section).findByText('Saved.')).toBeVisible();
  });

  it('says so when a choice could not be saved, and keeps what was stored', async () => {
    mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /auth/profile': () => ok(profileData()),
      'GET /api/privacy/access-log': () => ok([]),
      'GET /api/notifications/preferences': () => ok({ email: patientPreferences() }),
      'PUT /api/notifications/preferences': () => fail(503, 'serviceBusy'),
    });
    renderApp('/dashboard/profile');
    const section = await screen.findByRole('region', { name: 'E-mail notifications' });
    const messages = await within(section).findByRole('checkbox', { name: 'New messages' });
    await userEvent.click(messages);
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Your choice could not be saved.',
    );
    expect(messages).toBeChecked();
  });

  it('is on a doctor’s security page, with a doctor’s kinds', async () => {
    mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor', twoFactor: 'on' })),
      'GET /auth/two-factor': () => ok({ enabled: true, required: true, recoveryCodesLeft: 8 }),
      'GET /auth/sessions': () => ok([]),
      'GET /api/notifications/preferences': () =>
        ok({
          email: [
            { kind: 'newBooking', email: true, essential: false },
            { kind: 'patientCancelled', email: true, essential: true },
          ],
        }),
    });
    renderApp('/security');
    const section = await screen.findByRole('region', { name: 'E-mail notifications' });
    expect(await within(section).findByRole('checkbox', { name: 'New bookings' })).toBeEnabled();
    expect(
      within(section).getByRole('checkbox', { name: 'Appointments a patient cancelled' }),
    ).toBeDisabled();
  });
});
