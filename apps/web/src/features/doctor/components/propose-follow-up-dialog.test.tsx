import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FollowUpProposal } from '@vizita/shared/contracts/follow-ups';
import { appointmentData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Tuesday 2026-11-24 at 08:40 UTC: the 08:00 consultation is over, the doctor plans the next one.
const NOW = new Date('2026-11-24T08:40:00.000Z');
const A = appointmentData({
  _id: 'a1',
  date: '2026-11-24',
  slot: '08:00',
  status: 'completed',
  patient: { _id: 'p1', name: 'Maria Ivanova' },
  doctorId: { _id: 'd1', name: 'Dr. Elena Petrova', email: 'c@x.bg', specialties: [] },
});
const FREE = [
  {
    date: '2026-12-01',
    slots: ['09:00', '09:30'],
    times: [
      { slot: '09:00', startsAt: '2026-12-01T09:00:00.000Z' },
      { slot: '09:30', startsAt: '2026-12-01T09:30:00.000Z' },
    ],
  },
  {
    date: '2026-12-02',
    slots: ['11:00'],
    times: [{ slot: '11:00', startsAt: '2026-12-02T11:00:00.000Z' }],
  },
];

function proposed(over: Partial<FollowUpProposal> = {}): FollowUpProposal {
  return {
    _id: 'f1',
    appointmentId: 'a1',
    doctor: { _id: 'd1', name: 'Dr. Elena Petrova' },
    patient: { _id: 'p1', name: 'Maria Ivanova' },
    state: 'open',
    timeZone: 'UTC',
    slots: [
      { startsAt: '2026-12-01T09:30:00.000Z', date: '2026-12-01', slot: '09:30', free: true },
      { startsAt: '2026-12-02T11:00:00.000Z', date: '2026-12-02', slot: '11:00', free: true },
    ],
    suggestedWeeks: null,
    window: null,
    note: 'Bring the blood pressure diary.',
    price: { amountMinor: 3500, currency: 'EUR' },
    createdAt: NOW.toISOString(),
    expiresAt: '2026-12-08T08:40:00.000Z',
    followUpAppointmentId: null,
    mayAccept: false,
    mayWithdraw: true,
    ...over,
  };
}

function doctorOn(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor', userId: 'd1' })),
    'GET /api/appointments/a1': () => ok(A),
    'GET /api/doctor/appointments/a1/notes': () =>
      ok({ versions: [], editable: true, editableUntil: '2026-12-01T08:00:00.000Z' }),
    'GET /api/appointments/a1/documents': () => ok([]),
    'GET /api/availability': () => ok(FREE),
    'GET /api/doctor/follow-ups/price': () => ok({ amountMinor: 3500, currency: 'EUR' }),
    ...handlers,
  });
}

async function openDialog() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/doctor/appointments/a1');
  const panel = await screen.findByRole('region', { name: 'Follow-up visit' });
  await user.click(within(panel).getByRole('button', { name: 'Propose a follow-up' }));
  const dialog = await screen.findByRole('dialog', { name: 'Propose a follow-up' });
  return { user, panel, dialog };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('proposing a follow-up from the consultation', () => {
  it('offers times of the doctor’s own calendar, with a note, at the clinic’s price', async () => {
    let sent: unknown;
    let list: FollowUpProposal[] = [];
    doctorOn({
      'GET /api/follow-ups': () => ok(list),
      'POST /api/doctor/appointments/a1/follow-ups': (call) => {
        sent = call.body;
        list = [proposed()];
        return { status: 201, body: { success: true, data: list[0] } };
      },
    });
    const { user, panel, dialog } = await openDialog();
    expect(
      await within(dialog).findByText('Price for the patient: 35.00 EUR, set by your clinic.'),
    ).toBeVisible();

    // Nothing chosen: refused before anything is sent, and said at the times.
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await within(dialog).findByText('Please choose one to 5 times.')).toBeVisible();
    expect(sent).toBeUndefined();

    await user.click(await within(dialog).findByRole('checkbox', { name: '09:30' }));
    await user.selectOptions(within(dialog).getByLabelText('Day'), '2026-12-02');
    await user.click(within(dialog).getByRole('checkbox', { name: '11:00' }));
    expect(within(dialog).getByText('2 of at most 5 times chosen')).toBeVisible();
    // A time chosen by mistake goes again.
    await user.click(within(dialog).getByRole('checkbox', { name: '11:00' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '11:00' }));
    await user.type(within(dialog).getByLabelText('Note for the patient'), 'Bring the diary.');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      slots: ['2026-12-01T09:30:00.000Z', '2026-12-02T11:00:00.000Z'],
      note: 'Bring the diary.',
    });
    expect(await within(panel).findByText('The proposal was sent to the patient.')).toBeVisible();
    expect(await within(panel).findByText(/Waiting for the patient/)).toBeVisible();
    // One open proposal at a time: withdraw it to propose another.
    expect(within(panel).queryByRole('button', { name: 'Propose a follow-up' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Withdraw' })).toBeVisible();
  });

  it('proposes "in about N weeks", says a refusal, and withdraws', async () => {
    let sent: unknown;
    let list: FollowUpProposal[] = [];
    let attempts = 0;
    doctorOn({
      'GET /api/follow-ups': () => ok(list),
      'POST /api/doctor/appointments/a1/follow-ups': (call) => {
        attempts += 1;
        sent = call.body;
        if (attempts === 1) return fail(409, 'followUpAlreadyOpen');
        list = [
          proposed({
            slots: [],
            suggestedWeeks: 3,
            window: { from: '2026-12-12', to: '2026-12-18' },
          }),
        ];
        return { status: 201, body: { success: true, data: list[0] } };
      },
      'POST /api/follow-ups/f1/withdraw': () => {
        list = [proposed({ state: 'withdrawn', mayWithdraw: false, slots: [], suggestedWeeks: 3 })];
        return ok(list[0]);
      },
    });
    const { user, panel, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'In about a number of weeks' }));
    await user.selectOptions(within(dialog).getByLabelText('In about'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This consultation already has an open proposal. Withdraw it to propose another.',
    );
    expect(sent).toEqual({ suggestedWeeks: 3, note: '' });

    await user.click(within(dialog).getByRole('button', { name: 'Send proposal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await within(panel).findByText(/In about 3 weeks/)).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Withdraw' }));
    expect(await within(panel).findByText(/^Withdrawn/)).toBeVisible();
    // Withdrawn: the doctor may propose anew.
    expect(within(panel).getByRole('button', { name: 'Propose a follow-up' })).toBeVisible();
  });
});
