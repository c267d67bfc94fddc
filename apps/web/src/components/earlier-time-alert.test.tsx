import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistEntry } from '@vizita/shared/contracts/waitlist';
import { appointmentData, appointmentListBody } from '../test/fixtures';
import { fail, mockApi, ok, session } from '../test/mock-api';
import { renderApp } from '../test/render';

// Friday, November 20, 2026, 09:00 UTC; the appointments' doctor and the test browser are in UTC.
const NOW = new Date('2026-11-20T09:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

/** Monday 10:00 (3 days away) and Sunday 08:00 (47 hours away), both upcoming. */
const farAway = appointmentData({ _id: 'far', date: '2026-11-23', slot: '10:00' });
const tooClose = appointmentData({ _id: 'close', date: '2026-11-22', slot: '08:00' });

const entryFor = (
  appointmentId: string,
  overrides: Partial<WaitlistEntry> = {},
): WaitlistEntry => ({
  _id: `w-${appointmentId}`,
  status: 'waiting',
  appointmentId,
  doctor: { _id: 'd1', name: 'Dr. Ivan Georgiev', specialties: [] },
  specialty: null,
  expiresAt: '2026-11-23T10:00:00.000Z',
  createdAt: NOW.toISOString(),
  ...overrides,
});

/** A patient with the two appointments; the server keeps the alerts in `alerts`. */
function signedIn(alerts: WaitlistEntry[], handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /api/appointments': () => ({
      status: 200,
      body: appointmentListBody([tooClose, farAway]),
    }),
    'GET /api/waitlist': () => ok(alerts),
    'POST /api/waitlist': (call) => {
      const created = entryFor((call.body as { appointmentId: string }).appointmentId);
      alerts.push(created);
      return { status: 201, body: { success: true, data: created } };
    },
    'DELETE /api/waitlist/w-far': () => {
      const stopped = { ...alerts[0]!, status: 'cancelled' as const };
      alerts.splice(0, 1, stopped);
      return ok(stopped);
    },
    ...handlers,
  });
}

const ASK = 'Tell me if something earlier frees up';

describe('the earlier-time alert on an appointment card', () => {
  it('is offered two days ahead or more only, and turns into “waiting” with Stop', async () => {
    const alerts: WaitlistEntry[] = [];
    const { calls } = signedIn(alerts);
    renderApp('/dashboard/appointments');
    const ask = await screen.findByRole('button', { name: ASK });
    // Only the appointment three days away has the button.
    expect(screen.getAllByRole('button', { name: ASK })).toHaveLength(1);
    const card = ask.closest('article')!;
    expect(within(card).getByText('Mon, Nov 23, 2026')).toBeInTheDocument();

    await userEvent.click(ask);
    const stop = await within(card).findByRole('button', {
      name: 'Stop telling me about earlier times',
    });
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/waitlist')?.body).toEqual({
      appointmentId: 'far',
    });
    expect(
      within(card).getByText('We’ll tell you if an earlier time frees up.'),
    ).toBeInTheDocument();
    expect(within(card).getByText(/you’ll get a notification and an e-mail/)).toBeInTheDocument();
    // The focus follows the button the change replaced.
    await waitFor(() => expect(stop).toHaveFocus());

    await userEvent.click(stop);
    await within(card).findByRole('button', { name: ASK });
    expect(within(card).getByText(/You won’t get offers from this alert/)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/waitlist/w-far')).toBe(true);
  });

  it('still shows a waiting alert, to stop it, once the appointment is too close to ask', async () => {
    signedIn([entryFor('close', { _id: 'w-close' })]);
    renderApp('/dashboard/appointments');
    const stop = await screen.findByRole('button', { name: 'Stop telling me about earlier times' });
    expect(within(stop.closest('article')!).getByText('Sun, Nov 22, 2026')).toBeInTheDocument();
  });

  it('says why the server refused', async () => {
    signedIn([], { 'POST /api/waitlist': () => fail(409, 'waitlistTooManyEntries') });
    renderApp('/dashboard/appointments');
    await userEvent.click(await screen.findByRole('button', { name: ASK }));
    expect(
      await screen.findByText(/You’re already waiting for earlier times in 5 places\./),
    ).toHaveAttribute('role', 'alert');
  });
});

describe('the earlier-time alert on the booking page', () => {
  it('offers to be told about a doctor’s times when none suits, on the day’s times', async () => {
    const doctorId = '0b5c8f6e-3a1d-4f7e-9c2b-1d2e3f4a5b6c';
    const alerts: WaitlistEntry[] = [];
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /api/doctors': () =>
        ok([
          {
            _id: doctorId,
            slug: 'elena-petrova',
            name: 'Dr. Elena Petrova',
            specialties: ['cardiology'],
            experience: 12,
            timeZone: 'UTC',
            slotMinutes: 30,
            languages: ['bg'],
            fee: { amountMinor: 7500, currency: 'EUR' },
            nextAvailable: null,
          },
        ]),
      'GET /api/availability': () =>
        ok([
          {
            date: '2026-11-24',
            slots: ['10:00'],
            times: [{ slot: '10:00', startsAt: '2026-11-24T10:00:00.000Z' }],
          },
        ]),
      'GET /api/waitlist': () => ok(alerts),
      'POST /api/waitlist': () => {
        const created = entryFor('', {
          _id: 'w-doctor',
          appointmentId: null,
          doctor: { _id: doctorId, name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
          expiresAt: '2026-12-04T09:00:00.000Z',
        });
        alerts.push(created);
        return { status: 201, body: { success: true, data: created } };
      },
    });
    const user = userEvent.setup();
    renderApp('/calendar');
    await user.click(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ }));
    await user.click(await screen.findByRole('button', { name: 'Tuesday, November 24, 2026' }));
    expect(
      await screen.findByText(
        'No time that suits you? We can tell you when a time with Dr. Elena Petrova frees up.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tell me when a time frees up' }));
    expect(
      await screen.findByText(
        'We’ll tell you when a time with Dr. Elena Petrova frees up, until December 4, 2026.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/waitlist')?.body).toEqual({
      doctorId,
    });
  });
});
