import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminSession, DOCTOR } from './admin-test-data';

// Monday 2026-11-23, 08:00 UTC (the tests run in UTC).
const NOW = new Date('2026-11-23T08:00:00.000Z');
const PETROVA = { ...DOCTOR, _id: '6a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d' };
const WEBER = {
  ...DOCTOR,
  _id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  name: 'Dr. Jonas Weber',
  timeZone: 'Europe/Berlin',
};
// A cold start loads the lazy routes' chunks; on a busy machine that takes longer than a second.
const LOADED = { timeout: 5000 };
const RETIRED = {
  ...DOCTOR,
  _id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
  name: 'Dr. Old',
  active: false,
};

describe('a consultation without an account, from the clinic administration', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('is created with the doctor the admin picks, in that doctor’s free slots', async () => {
    const api = mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments': () => ok({ total: 0, page: 1, items: [] }),
      'GET /api/admin/doctors': () => ok([PETROVA, WEBER, RETIRED]),
      'GET /api/availability': (call) => {
        const query = new URL(call.path, 'http://x').searchParams;
        const slots = query.get('doctorId') === WEBER._id ? ['14:00', '14:30'] : ['09:00'];
        return ok([
          {
            date: query.get('date'),
            slots,
            times: slots.map((slot) => ({ slot, startsAt: `${query.get('date')}T${slot}:00Z` })),
          },
        ]);
      },
      'POST /api/guest-consultations': () => ({
        status: 201,
        body: {
          success: true,
          data: { appointmentId: 'g7', startsAt: '2026-11-23T13:00:00.000Z', mailSent: true },
        },
      }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/appointments');
    await user.click(
      await screen.findByRole('link', { name: 'New consultation without account' }, LOADED),
    );
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/admin/guest-consultations/new'),
    );

    // The doctor's list of the new page: the appointments page it came from has a "Doctor" search
    // field too, still on screen while the new page's chunk loads.
    const doctor = await screen.findByRole('combobox', { name: /^Doctor/ }, LOADED);
    // Only active doctors can hold a consultation.
    expect(
      within(doctor)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a doctor', 'Dr. Elena Petrova', 'Dr. Jonas Weber']);
    const time = screen.getByLabelText(/^Time/);
    expect(within(time).getByRole('option')).toHaveTextContent('Choose a doctor first');
    await user.selectOptions(doctor, 'Dr. Jonas Weber');
    expect(await within(time).findByRole('option', { name: '14:00' })).toBeInTheDocument();
    expect(time).toHaveAccessibleDescription(/in their time zone \(Europe\/Berlin\)/);
    expect(api.calls.map((c) => c.path)).toContain(
      `/api/availability?doctorId=${WEBER._id}&date=2026-11-23`,
    );

    await user.type(screen.getByLabelText(/Name of the person/), 'Иван Петров');
    await user.type(screen.getByLabelText(/E-mail address/), 'ivan@example.bg');
    await user.selectOptions(screen.getByLabelText(/Language of the invitation/), 'Български');
    await user.selectOptions(time, '14:00');
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));

    expect(
      await screen.findByRole('heading', { name: 'Consultation created for Иван Петров' }),
    ).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Иван Петров',
      email: 'ivan@example.bg',
      locale: 'bg',
      date: '2026-11-23',
      slot: '14:00',
      doctorId: WEBER._id,
    });
    expect(screen.getByRole('link', { name: 'Open the consultation' })).toHaveAttribute(
      'href',
      '/admin/appointments/g7',
    );
    expect(screen.getByRole('link', { name: 'Back to the appointments' })).toHaveAttribute(
      'href',
      '/admin/appointments',
    );
  });

  it('asks for a doctor before anything is sent', async () => {
    const api = mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([PETROVA]),
    });
    const user = userEvent.setup();
    renderApp('/admin/guest-consultations/new');
    const doctor = await screen.findByLabelText(/^Doctor/, {}, LOADED);
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(doctor).toHaveAccessibleDescription('Please choose a doctor');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('is for admins only: a doctor is sent to the doctor console', async () => {
    mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor' })),
      'GET /api/doctor/appointments': () => ok({ timeZone: 'Europe/Sofia', appointments: [] }),
    });
    const { router } = renderApp('/admin/guest-consultations/new');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });
});
