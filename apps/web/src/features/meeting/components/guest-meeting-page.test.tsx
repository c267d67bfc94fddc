import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GuestConsultation } from '@vizita/shared/contracts/guest-consultations';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const TOKEN = 'A'.repeat(43);
// Far ahead, so the page shows the device check with "not yet" beside "Join now".
const CONSULTATION: GuestConsultation = {
  appointmentId: 'a1',
  guestName: 'Anna Schmidt',
  doctorName: 'Dr. Elena Petrova',
  startsAt: '2036-11-24T08:00:00.000Z',
  timeZone: 'Europe/Sofia',
  date: '2036-11-24',
  slot: '10:00',
  status: 'upcoming',
  opensAt: '2036-11-24T07:45:00.000Z',
  closesAt: '2036-11-24T08:30:00.000Z',
  locale: 'en',
  videoConsentDue: true,
};

const guestApi = (overrides: Record<string, () => ReturnType<typeof ok>> = {}) =>
  mockApi({
    'POST /api/guest/session': () => ok(CONSULTATION),
    'GET /api/guest/consultation': () => ok(CONSULTATION),
    'POST /api/guest/connection-check': () => ok({ iceServers: [], turnNotYet: false }),
    'GET /auth/status': () => fail(401, 'authRequired'),
    ...overrides,
  });

describe('the guest’s way in (no account)', () => {
  it('uses the link only on a click, then drops the token from the address', async () => {
    const api = guestApi();
    const { router } = renderApp(`/guest/${TOKEN}`);
    await screen.findByRole('heading', { name: 'Your video consultation' });
    expect(api.calls.some((c) => c.path === '/api/guest/session')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('You are joining as Anna Schmidt.');
    expect(router.state.location.pathname).toBe('/guest');
    expect(api.calls.find((c) => c.path === '/api/guest/session')?.body).toEqual({ token: TOKEN });
    // The device check, with the consent a first join asks for, and the doctor's name.
    expect(await screen.findByRole('checkbox')).toBeInTheDocument();
    expect(screen.getByText(/Dr\. Elena Petrova/)).toBeInTheDocument();
  });

  it('explains a link already opened elsewhere, and one whose consultation is over', async () => {
    guestApi({
      'POST /api/guest/session': () => fail(409, 'guestLinkUsed'),
    });
    renderApp(`/guest/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This link has already been opened on another device. Please ask your practice for a new link.',
    );
  });

  it('asks a browser without the cookie to open the mail’s link again', async () => {
    guestApi({
      'GET /api/guest/consultation': () => fail(401, 'guestSessionRequired'),
    });
    renderApp('/guest');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please open the link from your invitation e-mail again on this device.',
    );
  });

  it('says where the guest stands after leaving, with the way back in', async () => {
    guestApi();
    renderApp('/guest/left');
    await screen.findByRole('heading', { name: 'You have left the consultation' });
    expect(screen.getByRole('link', { name: 'Back to the consultation' })).toHaveAttribute(
      'href',
      '/guest',
    );
  });
});
