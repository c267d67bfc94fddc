import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WaitlistOffer } from '@vizita/shared/contracts/waitlist';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Friday, November 20, 2026, 09:00 UTC; the doctor and the test browser are in UTC.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T09:00:00.000Z'));
});
afterEach(() => vi.unstubAllGlobals());

const offerData = (overrides: Partial<WaitlistOffer> = {}): WaitlistOffer => ({
  _id: 'o1',
  entryId: 'w1',
  kind: 'reschedule',
  state: 'open',
  doctor: { _id: 'd1', name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
  startsAt: '2026-11-24T10:00:00.000Z',
  timeZone: 'UTC',
  date: '2026-11-24',
  slot: '10:00',
  appointment: { _id: 'a1', startsAt: '2026-11-30T14:30:00.000Z' },
  price: null,
  offeredAt: '2026-11-20T08:55:00.000Z',
  ...overrides,
});

function open(offer: WaitlistOffer, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /api/waitlist/offers/o1': () => ok(offer),
    ...handlers,
  });
  renderApp('/dashboard/waitlist/offers/o1');
  return api;
}

describe('the earlier-time offer page', () => {
  it('shows the freed time and the appointment it moves, and takes it without a payment', async () => {
    const { calls } = open(offerData(), {
      'POST /api/waitlist/offers/o1/take': () =>
        ok({ kind: 'moved', appointmentId: 'a1', startsAt: '2026-11-24T10:00:00.000Z' }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'An earlier time is free' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Dr. Elena Petrova')).toBeInTheDocument();
    expect(screen.getByText('Cardiology')).toBeInTheDocument();
    expect(screen.getByText('Tuesday, November 24, 2026')).toBeInTheDocument();
    expect(screen.getByText('Monday, November 30, 2026, 14:30')).toBeInTheDocument();
    expect(screen.getByText(/there is nothing more to pay/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Reason for visit (optional)')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Take it' }));
    expect(
      await screen.findByText(
        /Done: your appointment is now on Tuesday, November 24, 2026 at 10:00\./,
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/waitlist/offers/o1/take')?.body).toEqual({});
    expect(screen.queryByRole('button', { name: 'Take it' })).not.toBeInTheDocument();
  });

  it('books a time without an appointment and goes on to the checkout', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const { calls } = open(
      offerData({
        kind: 'booking',
        appointment: null,
        price: { amountMinor: 6000, currency: 'EUR' },
      }),
      {
        'POST /api/waitlist/offers/o1/take': () =>
          ok({
            kind: 'checkout',
            appointmentId: 'a9',
            sessionId: 's9',
            sessionUrl: 'http://localhost/checkout/s9',
          }),
      },
    );
    expect(await screen.findByText('60.00 EUR')).toBeInTheDocument();
    await userEvent.type(
      screen.getByLabelText('Reason for visit (optional)'),
      'Palpitations at night',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Book it' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost/checkout/s9'));
    expect(calls.find((c) => c.path === '/api/waitlist/offers/o1/take')?.body).toEqual({
      reason: 'Palpitations at night',
      country: 'Germany',
    });
  });

  it('says so when someone else was quicker, and when the offer has ended', async () => {
    open(offerData(), {
      'POST /api/waitlist/offers/o1/take': () => fail(409, 'slotTaken'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Take it' }));
    expect(
      await screen.findByText(/Someone else took this time first\. Your alert is still on/),
    ).toBeInTheDocument();
  });

  it.each([
    ['taken', 'You took this time.'],
    ['gone', 'Someone else took this time first, or the doctor no longer offers it.'],
    ['expired', 'This offer has ended'],
  ] as const)('shows a %s offer without the button', async (state, text) => {
    open(offerData({ state }));
    expect(await screen.findByText(new RegExp(text))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take it' })).not.toBeInTheDocument();
  });

  it('answers an offer that is not the patient’s as not found', async () => {
    mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /api/waitlist/offers/o1': () => fail(404, 'waitlistOfferNotFound'),
    });
    renderApp('/dashboard/waitlist/offers/o1');
    expect(
      await screen.findByText('This offer does not exist, or it is not yours.'),
    ).toBeInTheDocument();
  });
});
