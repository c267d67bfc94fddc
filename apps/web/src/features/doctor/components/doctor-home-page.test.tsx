import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentData, appointmentListBody } from '../../../test/fixtures';
import { mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Sunday 2026-11-22, 09:50 in Sofia (07:50 UTC).
const NOW = new Date('2026-11-22T07:50:00.000Z');

function doctorWith(appointments: ReturnType<typeof appointmentData>[]) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor', isProfileComplete: false })),
    'GET /api/appointments': () => ({ status: 200, body: appointmentListBody(appointments) }),
  });
}

describe('doctor area (/doctor)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('lists today’s and the coming consultations with patient and reason, Join only inside the window', async () => {
    const requests = doctorWith([
      appointmentData({
        _id: 'now',
        date: '2026-11-22',
        slot: '10:00',
        startsAt: '2026-11-22T08:00:00.000Z',
        reason: 'Chest pain',
        patient: { _id: 'p1', name: 'Maria Ivanova' },
      }),
      appointmentData({
        _id: 'later',
        date: '2026-11-22',
        slot: '15:00',
        startsAt: '2026-11-22T13:00:00.000Z',
        patient: { _id: 'p2', name: 'Petar Petrov' },
      }),
      appointmentData({
        _id: 'tomorrow',
        date: '2026-11-23',
        slot: '09:00',
        startsAt: '2026-11-23T07:00:00.000Z',
        patient: { _id: 'p3', name: 'Anna Schmidt' },
      }),
      appointmentData({
        _id: 'over',
        date: '2026-11-22',
        slot: '08:00',
        startsAt: '2026-11-22T06:00:00.000Z',
        patient: { _id: 'p4', name: 'Gone Patient' },
      }),
    ]);
    renderApp('/doctor');
    const today = await screen.findByRole('region', { name: 'Today' });
    const upcoming = screen.getByRole('region', { name: 'Upcoming' });
    expect(today).toHaveTextContent('Maria Ivanova');
    expect(today).toHaveTextContent('Chest pain');
    expect(today).toHaveTextContent('Petar Petrov');
    expect(today).not.toHaveTextContent('Gone Patient'); // its window has closed
    expect(upcoming).toHaveTextContent('Anna Schmidt');
    expect(within(today).getByRole('link', { name: 'Join' })).toHaveAttribute(
      'href',
      '/doctor/meeting/now',
    );
    const later = within(today).getAllByRole('button', { name: 'Join' })[0]!;
    expect(later).toBeDisabled();
    expect(today).toHaveTextContent('Opens at 14:45');
    expect(requests.calls.map((c) => c.path)).toContainEqual(
      expect.stringMatching(/^\/api\/appointments\?.*status=upcoming/),
    );
  });

  it('says when there is nothing to join', async () => {
    doctorWith([]);
    renderApp('/doctor');
    expect(await screen.findByText('No consultations today.')).toBeInTheDocument();
    expect(screen.getByText('No upcoming consultations.')).toBeInTheDocument();
    await act(async () => {});
  });
});
