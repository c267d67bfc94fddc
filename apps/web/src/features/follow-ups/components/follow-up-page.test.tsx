import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowUpProposal } from '@vizita/shared/contracts/follow-ups';
import { appointmentData, appointmentListBody } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Monday, November 30, 2026, 10:00 UTC: six days after the consultation; the doctor proposed a
// follow-up visit. Tests run in UTC, and so does this doctor: times read as the doctor's slots.
const NOW = new Date('2026-11-30T10:00:00.000Z');
const DEC_1 = { startsAt: '2026-12-01T09:00:00.000Z', date: '2026-12-01', slot: '09:00' };
const DEC_2 = { startsAt: '2026-12-02T09:00:00.000Z', date: '2026-12-02', slot: '09:00' };
const DEC_3 = { startsAt: '2026-12-03T10:00:00.000Z', date: '2026-12-03', slot: '10:00' };

function proposal(over: Partial<FollowUpProposal> = {}): FollowUpProposal {
  return {
    _id: 'f1',
    appointmentId: 'a1',
    doctor: { _id: 'd1', name: 'Dr. Elena Petrova' },
    patient: null,
    state: 'open',
    timeZone: 'UTC',
    slots: [
      { ...DEC_1, free: true },
      { ...DEC_2, free: false },
      { ...DEC_3, free: true },
    ],
    suggestedWeeks: null,
    window: null,
    note: 'Recheck the blood pressure after two weeks of the new dose.',
    price: { amountMinor: 3500, currency: 'EUR' },
    createdAt: '2026-11-24T08:20:00.000Z',
    expiresAt: '2026-12-08T08:20:00.000Z',
    followUpAppointmentId: null,
    mayAccept: true,
    mayWithdraw: false,
    ...over,
  };
}

function patientWith(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({ 'GET /auth/status': () => ok(session()), ...handlers });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a follow-up visit the doctor proposed', () => {
  it('shows the proposal and takes the patient to the checkout for the time they choose', async () => {
    const assign = vi.fn();
    const { calls } = patientWith({
      'GET /api/follow-ups/f1': () => ok(proposal()),
      'POST /api/follow-ups/f1/accept': () =>
        ok({
          outcome: 'checkout',
          appointmentId: 'h1',
          sessionUrl: 'https://pay.example/cs_1',
          sessionId: 'cs_1',
        }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/dashboard/follow-ups/f1');
    expect(await screen.findByRole('heading', { name: 'Follow-up Visit', level: 1 })).toBeVisible();
    vi.stubGlobal('location', { ...window.location, assign });
    expect(await screen.findByText('Dr. Elena Petrova proposes a follow-up visit.')).toBeVisible();
    const note = screen.getByRole('region', { name: 'Note from Dr. Elena Petrova' });
    expect(note).toHaveTextContent('Recheck the blood pressure');
    expect(screen.getByText('35.00 EUR')).toBeVisible();

    // A time taken by someone else cannot be chosen, and says why.
    expect(screen.getByRole('radio', { name: '09:00 (taken)' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please choose a time.')).toBeVisible();
    expect(calls.some((c) => c.path.endsWith('/accept'))).toBe(false);

    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(calls.find((c) => c.path.endsWith('/accept'))?.body).toEqual({
      startsAt: DEC_1.startsAt,
    });
  });

  it('offers the next free time when the chosen one was just taken, and books a free visit at once', async () => {
    let current = proposal({ price: { amountMinor: 0, currency: 'EUR' } });
    let accepts = 0;
    patientWith({
      'GET /api/follow-ups/f1': () => ok(current),
      'POST /api/follow-ups/f1/accept': () => {
        accepts += 1;
        if (accepts === 1) {
          current = proposal({
            price: current.price,
            slots: [
              { ...DEC_1, free: false },
              { ...DEC_2, free: false },
              { ...DEC_3, free: true },
            ],
          });
          return fail(409, 'followUpSlotTaken', { nextSlot: { ...DEC_3, free: true } });
        }
        return ok({ outcome: 'booked', appointmentId: 'b1' });
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/dashboard/follow-ups/f1');
    expect(await screen.findByText('Free of charge')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: '09:00' }));
    await user.click(screen.getByRole('button', { name: 'Book this time' }));

    const alert = (await screen.findByText('This time has just been taken.')).closest(
      '[role="alert"]',
    );
    expect(alert).toHaveTextContent('The next offered time still free is chosen for you:');
    expect(alert).toHaveTextContent('Thu, Dec 3, 2026 · 10:00');
    // The proposal was loaded again: the time just taken is crossed out now.
    await waitFor(() =>
      expect(screen.getAllByRole('radio', { name: '09:00 (taken)' })).toHaveLength(2),
    );
    expect(screen.getByRole('radio', { name: '10:00' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Book this time' }));
    expect(await screen.findByText(/Your follow-up visit is booked:/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to my appointments' })).toHaveAttribute(
      'href',
      '/dashboard/appointments',
    );
    expect(accepts).toBe(2);
  });

  it('says why a proposal can no longer be accepted', async () => {
    patientWith({
      'GET /api/follow-ups/f1': () => ok(proposal({ state: 'withdrawn', mayAccept: false })),
      'GET /api/follow-ups/f2': () =>
        ok(proposal({ _id: 'f2', state: 'expired', mayAccept: false, slots: [] })),
    });
    renderApp('/dashboard/follow-ups/f1');
    expect(
      await screen.findByText(
        'Your doctor has withdrawn this proposal. You can still book an appointment.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/calendar',
    );
  });

  it('is shown on the card of the consultation it follows, with the way to choose a time', async () => {
    const visit = appointmentData({
      _id: 'a1',
      date: '2026-11-24',
      slot: '08:00',
      status: 'completed',
      plan: 'consultation',
      doctorId: { _id: 'd1', name: 'Dr. Elena Petrova', email: 'c@x.bg', specialties: [] },
    });
    const { calls } = patientWith({
      'GET /api/appointments': () => ({ status: 200, body: appointmentListBody([visit]) }),
      'GET /api/follow-ups': () => ok([proposal()]),
    });
    renderApp('/dashboard/appointments');
    const card = await screen.findByRole('article', { name: /Nov 24, 2026/ });
    const box = await within(card).findByRole('region', { name: 'Follow-up Visit' });
    expect(box).toHaveTextContent('Dr. Elena Petrova proposes a follow-up visit.');
    expect(box).toHaveTextContent('3 times offered · 35.00 EUR');
    expect(within(box).getByRole('link', { name: 'Choose a time' })).toHaveAttribute(
      'href',
      '/dashboard/follow-ups/f1',
    );
    expect(calls.find((c) => c.path.startsWith('/api/follow-ups'))?.path).toBe(
      '/api/follow-ups?appointmentId=a1',
    );
  });
});
