import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { changeLocale } from '../../../lib/i18n';
import { appointmentData, appointmentListBody } from '../../../test/fixtures';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import {
  REQUEST_LAPSED_CANCEL_REASON,
  SLOT_LOST_CANCEL_REASON,
} from '@vizita/shared/contracts/appointments';

type Handlers = Parameters<typeof mockApi>[0];
type Reply = { status: number; body?: unknown };

// Friday, November 20, 2026, 09:00 UTC. Timers are faked too (the 60 s clock, the 4 s toast) and
// run on by themselves, so requests and typing proceed as usual.
const NOW = new Date('2026-11-20T09:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});

const doctor = (name: string, specialties: string[] = ['Cardiology', 'Internal Medicine']) => ({
  _id: 'd1',
  name,
  email: 'doctor@example.bg',
  specialties,
});

/** An upcoming consultation on Monday, November 23, 10:00 (Sofia), paid 60.00 EUR. */
function appointment(overrides: Partial<Appointment> = {}): Appointment {
  return appointmentData({
    date: '2026-11-23',
    slot: '10:00',
    startsAt: '2026-11-23T08:00:00.000Z',
    doctorId: doctor('Dr. Elena Petrova'),
    reason: 'Chest pain when climbing stairs',
    meetingUrl: 'https://meet.example/room',
    paymentAmount: 60,
    paymentCurrency: 'EUR',
    ...overrides,
  });
}

function countsOf(list: Appointment[]) {
  const count = (status: Appointment['status']) => list.filter((a) => a.status === status).length;
  return {
    upcoming: count('upcoming'),
    completed: count('completed'),
    no_show: count('no_show'),
    cancelled: count('cancelled'),
  };
}

/**
 * A signed-in patient whose appointments are `store` (kept as the server would: the handlers of
 * a test may change it). The list answers by status and page like the API.
 */
function signedIn(
  store: Appointment[],
  {
    isProfileComplete = true,
    handlers = {},
  }: { isProfileComplete?: boolean; handlers?: Handlers } = {},
) {
  return mockApi({
    'GET /auth/status': () => ok(session({ isProfileComplete })),
    'GET /api/appointments': (call: RecordedCall) => {
      const query = new URL(call.path, 'http://localhost').searchParams;
      const status = query.get('status');
      const page = Number(query.get('page') ?? 1);
      const limit = Number(query.get('limit') ?? 100);
      const matching = status ? store.filter((a) => a.status === status) : store;
      return {
        status: 200,
        body: appointmentListBody(matching.slice((page - 1) * limit, page * limit), {
          counts: countsOf(store),
          page,
          limit,
          total: matching.length,
        }),
      };
    },
    ...handlers,
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((c) => c.method === 'GET' && c.path.startsWith('/api/appointments'))
    .map((c) => c.path);

async function open() {
  const view = renderApp('/dashboard/appointments');
  await screen.findByRole('heading', { level: 1, name: 'My Appointments' });
  return view;
}

/** The value of one of the four statistics cards. */
function stat(label: string): string | null {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

/** A request made on Thursday, November 19, 10:00 UTC: answered by Saturday, 10:00 UTC. */
const REQUEST = {
  medication: {
    atc: 'M01AE01',
    medicine: 'Ibuprofen',
    strength: '400 mg',
    form: 'film-coated-tablet',
  },
  left: 'few-days',
  answerBy: '2026-11-21T10:00:00.000Z',
} as const satisfies Appointment['prescriptionRequest'];

const card = (heading: string) => screen.getByRole('article', { name: heading });
const findCard = (heading: string) => screen.findByRole('article', { name: heading });
const filters = () => screen.getByRole('group', { name: 'Show' });

describe('appointments page', () => {
  it('shows the title, the counts of all appointments and the newest first', async () => {
    const { calls } = signedIn([appointment({ status: 'completed' })], {
      handlers: {
        'GET /api/appointments': () => ({
          status: 200,
          body: appointmentListBody([appointment({ status: 'completed' })], {
            counts: { upcoming: 3, completed: 5, no_show: 0, cancelled: 2 },
            limit: 10,
            total: 10,
          }),
        }),
      },
    });
    await open();
    expect(screen.getByText('View and manage your medical appointments')).toBeInTheDocument();
    await waitFor(() => expect(stat('Upcoming')).toBe('3'));
    expect(stat('Completed')).toBe('5');
    expect(stat('Total')).toBe('10'); // all three statuses
    expect(stat('Cancelled')).toBe('2');
    expect(listCalls(calls)).toEqual(['/api/appointments?page=1&limit=10&order=desc']);
    expect(document.title).toBe('My Appointments · Vizita');
  });

  it('asks the server for the chosen filter, soonest first for upcoming ones', async () => {
    const store = [
      appointment({ _id: 'u1', status: 'upcoming' }),
      appointment({ _id: 'c1', date: '2026-11-02', status: 'completed' }),
      appointment({ _id: 'x1', date: '2026-11-03', status: 'cancelled', cancelledBy: 'patient' }),
    ];
    const { calls } = signedIn(store);
    const user = userEvent.setup();
    await open();
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(within(filters()).getByRole('button', { name: 'All Appointments' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(within(filters()).getByRole('button', { name: 'Upcoming' }));
    expect(within(filters()).getByRole('button', { name: 'Upcoming' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(card('Mon, Nov 23, 2026 · 10:00')).toBeInTheDocument();
    expect(stat('Total')).toBe('3'); // the counts stay those of all appointments

    await user.click(within(filters()).getByRole('button', { name: 'Completed' }));
    expect(await findCard('Mon, Nov 2, 2026 · 10:00')).toBeInTheDocument();
    await user.click(within(filters()).getByRole('button', { name: 'Cancelled' }));
    expect(await findCard('Tue, Nov 3, 2026 · 10:00')).toBeInTheDocument();

    expect(listCalls(calls)).toEqual([
      '/api/appointments?page=1&limit=10&order=desc',
      '/api/appointments?status=upcoming&page=1&limit=10&order=asc',
      '/api/appointments?status=completed&page=1&limit=10&order=desc',
      '/api/appointments?status=cancelled&page=1&limit=10&order=desc',
    ]);
  });

  it('shows 10 at a time and more on request', async () => {
    const store = Array.from({ length: 12 }, (_, i) =>
      appointment({ _id: `p${i}`, date: `2026-12-${String(i + 1).padStart(2, '0')}` }),
    );
    const { calls } = signedIn(store);
    const user = userEvent.setup();
    await open();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    expect(screen.getByText('Showing 10 of 12')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(12));
    expect(screen.getByText('Showing 12 of 12')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toBe('/api/appointments?page=2&limit=10&order=desc');
  });

  it('invites a patient without appointments to book, once the profile is complete', async () => {
    signedIn([], { isProfileComplete: false });
    const { router } = await open();
    const user = userEvent.setup();
    expect(await screen.findByText('No appointments yet')).toBeInTheDocument();
    expect(stat('Total')).toBe('0');

    await user.click(screen.getByRole('link', { name: 'Book Your First Appointment' }));
    const prompt = screen.getByRole('alertdialog', { name: 'Profile Incomplete' });
    expect(prompt).toHaveAccessibleDescription(
      'Please complete your profile before booking an appointment. Would you like to complete it now?',
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Book New Appointment' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Complete Profile' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/complete-profile'));
  });

  it('books straight away with a complete profile', async () => {
    signedIn([]);
    const { router } = await open();
    await userEvent.click(screen.getByRole('button', { name: 'Book New Appointment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/calendar'));
  });

  it('says which filter matches nothing', async () => {
    signedIn([appointment({ status: 'completed' })]);
    const user = userEvent.setup();
    await open();
    await screen.findByRole('article');
    await user.click(within(filters()).getByRole('button', { name: 'Upcoming' }));
    expect(await screen.findByText('You have no upcoming appointments.')).toBeInTheDocument();
    expect(screen.queryByText('Book Your First Appointment')).not.toBeInTheDocument();
  });

  it('says when the appointments cannot be loaded, and tries again', async () => {
    let loads = 0;
    const store = [appointment()];
    signedIn(store, {
      handlers: {
        'GET /api/appointments': () =>
          ++loads === 1 ? fail(404, 'notFound') : { status: 200, body: appointmentListBody(store) },
      },
    });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load appointments. Please try again.',
    );
    expect(stat('Upcoming')).toBe('—Not available');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article')).toBeInTheDocument();
    expect(stat('Upcoming')).toBe('1');
  });
});

describe('an appointment card', () => {
  it('shows the date, time, status, doctor, specialty, plan and reason', async () => {
    signedIn([appointment()]);
    await open();
    const upcoming = await findCard('Mon, Nov 23, 2026 · 10:00');
    expect(within(upcoming).getByText('Upcoming')).toHaveClass('bg-emerald-50');
    for (const text of [
      'Dr. Elena Petrova',
      'Cardiology',
      'Medical Consultation',
      'Chest pain when climbing stairs',
    ]) {
      expect(within(upcoming).getByText(text)).toBeInTheDocument();
    }
    expect(within(upcoming).queryByText('Internal Medicine')).not.toBeInTheDocument();
  });

  it("shows the patient's own day and time, naming the zone, when the doctor works in another", async () => {
    // Sofia's 00:30 on Nov 24 is 22:30 on Nov 23 here (tests run in UTC): ADR 0019.
    signedIn([
      appointment({
        date: '2026-11-24',
        slot: '00:30',
        startsAt: '2026-11-23T22:30:00.000Z',
        timeZone: 'Europe/Sofia',
      }),
    ]);
    await open();
    await findCard('Mon, Nov 23, 2026 · 22:30 (UTC time)');
  });

  it('falls back when the doctor or the specialty is missing, and names every plan', async () => {
    signedIn([
      appointment({
        _id: 'p',
        startsAt: '2026-11-19T09:00:00.000Z',
        plan: 'prescription',
        doctorId: doctor('', []),
        prescriptionRequest: REQUEST,
      }),
      appointment({ _id: 'f', date: '2026-11-25', plan: 'follow-up', reason: null }),
    ]);
    await open();
    const prescription = await findCard('Requested on November 19, 2026');
    expect(within(prescription).getByText('Doctor not assigned')).toBeInTheDocument();
    expect(within(prescription).getByText('General Practitioner')).toBeInTheDocument();
    expect(within(prescription).getByText('Prescription Request')).toBeInTheDocument();
    const followUp = card('Wed, Nov 25, 2026 · 10:00');
    expect(within(followUp).getByText('Follow-up Visit')).toBeInTheDocument();
    expect(within(followUp).queryByText('Reason for visit')).not.toBeInTheDocument();
  });

  it('says who cancelled and why, in the error colour', async () => {
    signedIn([
      appointment({
        _id: 'byDoctor',
        date: '2026-11-24',
        status: 'cancelled',
        cancelledBy: 'doctor',
        cancelReason: 'The doctor is ill.',
      }),
      appointment({
        _id: 'byPatient',
        date: '2026-11-25',
        status: 'cancelled',
        cancelledBy: 'patient',
        cancelReason: 'I feel better now.',
      }),
    ]);
    await open();
    const byDoctor = await findCard('Tue, Nov 24, 2026 · 10:00');
    expect(within(byDoctor).getByText('Cancelled')).toHaveClass('bg-red-50');
    expect(within(byDoctor).getByText('Cancelled by Doctor')).toBeInTheDocument();
    expect(within(byDoctor).getByText(/The doctor is ill\./)).toBeInTheDocument();
    const byPatient = card('Wed, Nov 25, 2026 · 10:00');
    expect(within(byPatient).getByText('Cancelled by Patient')).toBeInTheDocument();
    expect(within(byPatient).getByText(/I feel better now\./)).toBeInTheDocument();
  });

  it('says Vizita’s own cancellation reason in the interface language, not in stored English', async () => {
    signedIn([
      appointment({
        _id: 'slotLost',
        date: '2026-11-24',
        status: 'cancelled',
        cancelledBy: null,
        cancelReason: SLOT_LOST_CANCEL_REASON,
      }),
    ]);
    await open();
    const lost = await findCard('Tue, Nov 24, 2026 · 10:00');
    expect(
      within(lost).getByText(/booked by someone else after your checkout had expired/),
    ).toBeInTheDocument();
    expect(within(lost).queryByText(/The time slot was taken/)).toBeNull();
  });

  it('offers the meeting and the changes that each appointment allows', async () => {
    signedIn([
      // Joinable: starts in 10 minutes.
      appointment({ _id: 'now', date: '2026-11-20', slot: '11:10', startsAt: inMinutes(10) }),
      // Opens in 45 minutes (starts in an hour).
      appointment({ _id: 'soon', date: '2026-11-20', slot: '12:00', startsAt: inMinutes(60) }),
      // Opens in 2 days, 23 hours and 45 minutes.
      appointment({
        _id: 'later',
        date: '2026-11-23',
        slot: '11:00',
        startsAt: inMinutes(3 * 1440),
      }),
      appointment({
        _id: 'done',
        date: '2026-11-19',
        slot: '11:00',
        startsAt: inMinutes(-1440),
        status: 'completed',
      }),
      appointment({
        _id: 'gone',
        date: '2026-11-18',
        slot: '11:00',
        startsAt: inMinutes(-2 * 1440),
        status: 'cancelled',
        cancelledBy: 'patient',
      }),
      appointment({
        _id: 'rx',
        startsAt: inMinutes(-60),
        plan: 'prescription',
        meetingUrl: null,
        prescriptionRequest: REQUEST,
      }),
    ]);
    await open();

    const joinable = await findCard('Fri, Nov 20, 2026 · 11:10');
    expect(within(joinable).getByRole('link', { name: 'Join Meeting' })).toHaveAttribute(
      'href',
      '/dashboard/meeting/now',
    );
    expect(within(joinable).getByRole('button', { name: 'Reschedule' })).toBeEnabled();
    expect(within(joinable).getByRole('button', { name: 'Cancel' })).toBeEnabled();

    const soon = card('Fri, Nov 20, 2026 · 12:00');
    expect(within(soon).getByRole('button', { name: 'Available in 45 minutes' })).toBeDisabled();
    expect(within(soon).queryByRole('link', { name: 'Join Meeting' })).not.toBeInTheDocument();

    const later = card('Mon, Nov 23, 2026 · 11:00');
    expect(within(later).getByRole('button', { name: 'Available in 2d 23h 45m' })).toBeDisabled();

    const done = card('Thu, Nov 19, 2026 · 11:00');
    expect(within(done).getByRole('button', { name: 'Meeting Ended' })).toBeDisabled();
    expect(within(done).queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(within(done).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();

    const gone = card('Wed, Nov 18, 2026 · 11:00');
    expect(within(gone).queryAllByRole('button')).toEqual([]);
    expect(within(gone).queryAllByRole('link')).toEqual([]);

    // No call to join for a prescription request, and no time to move: it can only be cancelled.
    const rx = card('Requested on November 20, 2026');
    expect(
      within(rx)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel']);
  });

  it('refuses to join without a meeting URL, and says why', async () => {
    signedIn([
      appointment({
        _id: 'nourl',
        date: '2026-11-20',
        slot: '11:10',
        startsAt: inMinutes(10),
        meetingUrl: null,
      }),
    ]);
    const { router } = await open();
    const joinable = await findCard('Fri, Nov 20, 2026 · 11:10');
    await userEvent.click(within(joinable).getByRole('button', { name: 'Join Meeting' }));
    expect(within(joinable).getByRole('alert')).toHaveTextContent(
      'Meeting URL not available. Please contact support.',
    );
    expect(router.state.location.pathname).toBe('/dashboard/appointments');
  });

  it('becomes joinable without a reload: the join state is recomputed every 60 seconds', async () => {
    // Starts in 16 minutes: joining opens in 1 minute.
    signedIn([appointment({ date: '2026-11-20', slot: '11:16', startsAt: inMinutes(16) })]);
    await open();
    const upcoming = await findCard('Fri, Nov 20, 2026 · 11:16');
    expect(within(upcoming).getByRole('button', { name: 'Available in 1 minute' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(within(upcoming).queryByRole('link', { name: 'Join Meeting' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(within(upcoming).getByRole('link', { name: 'Join Meeting' })).toBeInTheDocument();
    expect(
      within(upcoming).queryByRole('button', { name: /Available in/ }),
    ).not.toBeInTheDocument();
  });

  it('speaks the interface language', async () => {
    await changeLocale('bg');
    signedIn([appointment({ date: '2026-11-20', slot: '12:00', startsAt: inMinutes(60) })]);
    renderApp('/dashboard/appointments');
    // Dates as Bulgarians write them (ADR 0019).
    const upcoming = await screen.findByRole('article', { name: 'пт, 20.11.2026 г. · 12:00' });
    expect(
      within(upcoming).getByRole('button', { name: 'Достъпно след 45 минути' }),
    ).toBeDisabled();
    expect(within(upcoming).getByText('Медицинска консултация')).toBeInTheDocument();
    expect(within(upcoming).getByText('Предстоящ', { exact: false })).toBeInTheDocument();
  });
});

describe('cancelling an appointment', () => {
  const reason = 'I have to travel for work that week.';

  function withCancel(store: Appointment[], reply: (call: RecordedCall) => Reply) {
    return signedIn(store, { handlers: { 'PUT /api/appointments/appt-1/cancel': reply } });
  }

  /** The store's appointment cancelled by the patient, as the API answers. */
  const cancelIn = (store: Appointment[], refund: string) => (call: RecordedCall) => {
    const { reason: text } = call.body as { reason: string };
    store[0] = { ...store[0]!, status: 'cancelled', cancelledBy: 'patient', cancelReason: text };
    return ok({ appointment: store[0], refund }, 'Appointment cancelled successfully');
  };

  async function openDialog() {
    await open();
    const user = userEvent.setup();
    const upcoming = await findCard('Mon, Nov 23, 2026 · 10:00');
    await user.click(within(upcoming).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Appointment' });
    return { user, dialog, field: within(dialog).getByLabelText('Reason for cancellation') };
  }
  const confirmOf = (dialog: HTMLElement) =>
    within(dialog).getByRole('button', { name: 'Cancel Appointment' });

  it('checks the reason before sending anything, with a counter', async () => {
    const store = [appointment({ _id: 'appt-1' })];
    const { calls } = withCancel(store, cancelIn(store, 'refunded'));
    const { user, dialog, field } = await openDialog();
    expect(field).toHaveFocus();
    expect(within(dialog).getByText('0/500')).toBeInTheDocument();
    expect(confirmOf(dialog)).toBeDisabled(); // spec §5: while the reason is empty

    await user.type(field, '   ');
    await user.click(confirmOf(dialog));
    expect(field).toHaveAccessibleDescription(/Please provide a reason for cancellation/);

    await user.clear(field);
    await user.type(field, 'Too short');
    expect(within(dialog).getByText('9/500')).toBeInTheDocument();
    await user.click(confirmOf(dialog));
    expect(
      within(dialog).getByText('Please provide a more detailed reason (at least 10 characters)'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(field, '!');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(field).toHaveAttribute('maxlength', '500');
  });

  it('says before confirming that the payment is refunded in full, then that it was', async () => {
    const store = [appointment({ _id: 'appt-1' })];
    const { calls } = withCancel(store, cancelIn(store, 'refunded'));
    const { user, dialog, field } = await openDialog();
    expect(dialog).toHaveAccessibleDescription(
      'Your appointment with Dr. Elena Petrova on Mon, Nov 23, 2026 at 10:00. You will get a full refund of 60.00 EUR.',
    );

    await user.type(field, `  ${reason}  `);
    await user.click(confirmOf(dialog));
    const toast = await screen.findByText('Appointment cancelled. Your payment has been refunded.');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/appointments/appt-1/cancel',
      body: { reason, cancelledBy: 'patient' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // The list shows the change; the focus is on the card, whose Cancel button is gone.
    const cancelled = card('Mon, Nov 23, 2026 · 10:00');
    expect(within(cancelled).getByText('Cancelled by Patient')).toBeInTheDocument();
    expect(within(cancelled).getByRole('heading')).toHaveFocus();
    expect(stat('Cancelled')).toBe('1');

    // Spec §9: the toast closes after 4 seconds.
    await act(() => vi.advanceTimersByTimeAsync(3_900));
    expect(
      screen.getByText('Appointment cancelled. Your payment has been refunded.'),
    ).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(
      screen.queryByText('Appointment cancelled. Your payment has been refunded.'),
    ).not.toBeInTheDocument();
  });

  it.each([
    ['processing', 'Appointment cancelled. The refund is being processed.'],
    ['none', 'Appointment cancelled.'],
  ])('says what happened to the payment: %s', async (refund, text) => {
    const store = [appointment({ _id: 'appt-1' })];
    withCancel(store, cancelIn(store, refund));
    const { user, dialog, field } = await openDialog();
    await user.type(field, reason);
    await user.click(confirmOf(dialog));
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('says that nothing is refunded less than 24 hours before the start', async () => {
    const store = [appointment({ _id: 'appt-1', startsAt: inMinutes(23 * 60 + 59) })];
    withCancel(store, cancelIn(store, 'none'));
    const { dialog } = await openDialog();
    expect(dialog).toHaveTextContent(
      'This is less than 24 hours before the start, so the payment is not refunded.',
    );
    expect(dialog).not.toHaveTextContent('full refund');
  });

  it('says nothing about money when nothing was paid', async () => {
    const store = [appointment({ _id: 'appt-1', paymentAmount: null, paymentCurrency: null })];
    withCancel(store, cancelIn(store, 'none'));
    const { dialog } = await openDialog();
    expect(dialog).not.toHaveTextContent(/refund/i);
  });

  it.each([
    [fail(500, 'internal'), 'Failed to cancel appointment. Please try again.'],
    [
      fail(409, 'appointmentNotUpcoming'),
      'Only upcoming appointments can be cancelled or rescheduled.',
    ],
    [
      fail(404, 'appointmentNotFound'),
      'This appointment could not be found. It may have been removed.',
    ],
    [{ status: 200, body: { success: true } }, 'An unexpected error occurred. Please try again.'],
  ])('shows a refusal in the dialog (%#)', async (reply, text) => {
    withCancel([appointment({ _id: 'appt-1' })], () => reply);
    const { user, dialog, field } = await openDialog();
    await user.type(field, reason);
    await user.click(confirmOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('dialog', { name: 'Cancel Appointment' })).toBeInTheDocument();
  });

  it('puts a field error of the server under the field', async () => {
    withCancel([appointment({ _id: 'appt-1' })], () =>
      fail(400, 'validationFailed', {
        errors: [{ path: 'reason', msg: 'x', code: 'cancelReasonMin' }],
      }),
    );
    const { user, dialog, field } = await openDialog();
    await user.type(field, reason);
    await user.click(confirmOf(dialog));
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        /Please provide a more detailed reason \(at least 10 characters\)/,
      ),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('rescheduling an appointment', () => {
  const entry = (date: string, slots: string[]) => ({
    date,
    slots,
    times: slots.map((slot) => ({ slot, startsAt: `${date}T${slot}:00.000Z` })),
  });

  function withReschedule(store: Appointment[], replies: ((call: RecordedCall) => Reply)[]) {
    let dayLoads = 0;
    const mock = signedIn(store, {
      handlers: {
        'GET /api/availability': (call: RecordedCall) => {
          if (call.path.includes('date=2026-11-26')) {
            // After the first answer, 14:00 has been taken by someone else.
            return ok([entry('2026-11-26', ++dayLoads === 1 ? ['14:00', '14:30'] : ['14:30'])]);
          }
          return ok([
            entry('2026-11-23', ['09:00']), // the appointment's own date
            entry('2026-11-26', ['14:00', '14:30']),
            entry('2026-11-27', []),
            entry('2026-12-01', ['10:00']),
          ]);
        },
        'PUT /api/appointments/appt-1/reschedule': (call) => replies.shift()!(call),
      },
    });
    return { ...mock, dayLoads: () => dayLoads };
  }

  const moveIn = (store: Appointment[]) => (call: RecordedCall) => {
    const { newSlot } = call.body as { newSlot: string };
    store[0] = { ...store[0]!, date: '2026-11-26', slot: newSlot };
    return ok(store[0], 'Appointment rescheduled successfully');
  };

  async function openDialog() {
    await open();
    const user = userEvent.setup();
    const upcoming = await findCard('Mon, Nov 23, 2026 · 10:00');
    await user.click(within(upcoming).getByRole('button', { name: 'Reschedule' }));
    const dialog = screen.getByRole('dialog', { name: 'Reschedule Appointment' });
    return { user, dialog };
  }
  const submitOf = (dialog: HTMLElement) =>
    within(dialog).getByRole('button', { name: 'Reschedule' });

  it('says inside the last 24 hours that the appointment can no longer be moved, only cancelled', async () => {
    const store = [appointment({ _id: 'appt-1', startsAt: inMinutes(10 * 60) })];
    const { calls } = withReschedule(store, []);
    const { dialog } = await openDialog();
    expect(
      within(dialog).getByText(
        'An appointment can be moved until 24 hours before its start. You can still cancel it.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/availability'))).toBe(false);
  });

  it('offers the free dates of the next 14 days except the current one, then their times', async () => {
    const store = [appointment({ _id: 'appt-1' })];
    const { calls } = withReschedule(store, [moveIn(store)]);
    const { user, dialog } = await openDialog();
    const dates = await within(dialog).findAllByRole('radio');
    expect(dates.map((d) => d.closest('label')?.textContent)).toEqual([
      'Thu, Nov 26, 2026',
      'Tue, Dec 1, 2026',
    ]);
    expect(calls.map((c) => c.path)).toContain(
      '/api/availability?doctorId=d1&startDate=2026-11-20&endDate=2026-12-04',
    );
    expect(within(dialog).getByText('Choose a date to see the free times.')).toBeInTheDocument();

    // Spec §5: a new date and a new time are both needed.
    await user.click(submitOf(dialog));
    expect(within(dialog).getByText('Please choose a new date')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a new time')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(dialog).getByRole('radio', { name: 'Thu, Nov 26, 2026' }));
    await user.click(await within(dialog).findByRole('radio', { name: '14:30' }));
    expect(within(dialog).getByRole('radio', { name: '14:30' })).toBeChecked();
    await user.click(submitOf(dialog));

    expect(await screen.findByText('Appointment rescheduled successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/appointments/appt-1/reschedule',
      body: { newDate: '2026-11-26T00:00:00.000Z', newSlot: '14:30' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await findCard('Thu, Nov 26, 2026 · 14:30')).toBeInTheDocument();
  });

  it('says when the time was taken meanwhile and loads that day’s times again', async () => {
    const store = [appointment({ _id: 'appt-1' })];
    const mock = withReschedule(store, [() => fail(409, 'slotTaken'), moveIn(store)]);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: 'Thu, Nov 26, 2026' }));
    await user.click(await within(dialog).findByRole('radio', { name: '14:00' }));
    await user.click(submitOf(dialog));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This time slot is no longer available. Please choose a different time.',
    );
    await waitFor(() => expect(mock.dayLoads()).toBe(2));
    await waitFor(() =>
      expect(within(dialog).queryByRole('radio', { name: '14:00' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByRole('radio', { name: '14:30' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('radio', { name: '14:30' }));
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(submitOf(dialog));
    expect(await screen.findByText('Appointment rescheduled successfully')).toBeInTheDocument();
  });

  it.each([
    [
      fail(409, 'appointmentStarted'),
      'This appointment has already started and can no longer be rescheduled.',
    ],
    [
      fail(400, 'rescheduleWindow'),
      'An appointment can be moved to a time within the next 14 days only.',
    ],
    [
      fail(409, 'appointmentNotUpcoming'),
      'Only upcoming appointments can be cancelled or rescheduled.',
    ],
    [fail(500, 'internal'), 'Failed to reschedule appointment. Please try again.'],
  ])('shows the other refusals in its own words (%#)', async (reply, text) => {
    const store = [appointment({ _id: 'appt-1' })];
    withReschedule(store, [() => reply]);
    const { user, dialog } = await openDialog();
    await user.click(await within(dialog).findByRole('radio', { name: 'Tue, Dec 1, 2026' }));
    await user.click(await within(dialog).findByRole('radio', { name: '10:00' }));
    await user.click(submitOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
  });

  it("shows the doctor's summary and a missed appointment in words", async () => {
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const api = signedIn(
      [
        appointment({
          _id: 's1',
          date: '2026-11-02',
          status: 'completed',
          summary: 'Please have an ECG done.',
          summaryVerification: {
            shortCode: 'ABCDE-FGHJK',
            url: 'http://localhost:3000/verify/0b7c1c1e-0000-4000-8000-000000000001',
          },
        }),
        appointment({ _id: 'n1', date: '2026-11-03', status: 'no_show' }),
      ],
      {
        handlers: {
          'GET /api/appointments/s1/summary/pdf': () => ({ status: 200, body: '%PDF' }),
        },
      },
    );
    await open();
    const completed = await findCard('Mon, Nov 2, 2026 · 10:00');
    const summary = within(completed).getByRole('region', { name: 'Summary from your doctor' });
    expect(summary).toHaveTextContent('Please have an ECG done.');
    // A signed visit summary: its code, and the public page that checks it.
    expect(summary).toHaveTextContent('Verification code: ABCDE-FGHJK');
    expect(within(summary).getByRole('link', { name: 'Check it' })).toHaveAttribute(
      'href',
      '/verify/0b7c1c1e-0000-4000-8000-000000000001',
    );
    // A visit summary prints like the doctor's other documents, in the language chosen.
    await userEvent.selectOptions(within(summary).getByLabelText('Language of the PDF'), 'de');
    await userEvent.click(within(summary).getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['visit-summary-ABCDE-FGHJK-de.pdf']));
    expect(api.calls.map((c) => c.path)).toContain('/api/appointments/s1/summary/pdf?language=de');
    vi.restoreAllMocks();
    const missed = card('Tue, Nov 3, 2026 · 10:00');
    expect(missed).toHaveTextContent('Missed');
    expect(within(missed).queryByRole('region', { name: 'Summary from your doctor' })).toBeNull();
  });
});

describe('a prescription request (issue #21)', () => {
  /** Her request of yesterday, 10:00 UTC, waiting for its answer until tomorrow 10:00. */
  const request = (overrides: Partial<Appointment> = {}) =>
    appointment({
      _id: 'rx1',
      startsAt: '2026-11-19T10:00:00.000Z',
      plan: 'prescription',
      reason: 'My usual medicine for back pain, as every quarter.',
      meetingUrl: null,
      prescriptionRequest: REQUEST,
      ...overrides,
    });
  const OPTION = {
    doctor: { _id: 'd1', name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
    lastVisit: '2026-10-02T08:00:00.000Z',
    price: 25,
    currency: 'EUR',
    medications: [],
  };

  it('says when it was asked, what, how much was left, and by when the doctor answers', async () => {
    signedIn([request()]);
    await open();
    const rx = await findCard('Requested on November 19, 2026');
    expect(within(rx).getByText('Prescription Request')).toBeInTheDocument();
    expect(within(rx).getByText('Ibuprofen 400 mg · Film-coated tablet')).toBeInTheDocument();
    expect(within(rx).getByText('How much was left')).toBeInTheDocument();
    expect(within(rx).getByText('Enough for a few days')).toBeInTheDocument();
    expect(within(rx).getByText('Reason for the request')).toBeInTheDocument();
    expect(rx).toHaveTextContent("Waiting for the doctor's answer — by Nov 21, 2026, 10:00 AM");
    // No call, no other time, no earlier-time alert: only withdrawing it.
    expect(within(rx).queryByRole('link', { name: 'Join Meeting' })).toBeNull();
    expect(within(rx).queryByRole('button', { name: 'Reschedule' })).toBeNull();
    expect(within(rx).queryByRole('button', { name: /Available in|Meeting Ended/ })).toBeNull();
    expect(
      within(rx).queryByRole('button', { name: 'Tell me if something earlier frees up' }),
    ).toBeNull();
    expect(within(rx).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('is refunded in full when she withdraws it, however late', async () => {
    const store = [request()];
    const { calls } = signedIn(store, {
      handlers: {
        'PUT /api/appointments/rx1/cancel': () => {
          store[0] = { ...store[0]!, status: 'cancelled', cancelledBy: 'patient' };
          return ok({ appointment: store[0], refund: 'refunded' });
        },
      },
    });
    const user = userEvent.setup();
    await open();
    const rx = await findCard('Requested on November 19, 2026');
    await user.click(within(rx).getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Request' });
    expect(dialog).toHaveAccessibleDescription(
      'Your prescription request to Dr. Elena Petrova from November 19, 2026. You will get a full refund of 60.00 EUR.',
    );
    await user.type(
      within(dialog).getByLabelText('Reason for cancellation'),
      'My pharmacy found some at home.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Request' }));
    expect(
      await screen.findByText('Request cancelled. Your payment has been refunded.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/api/appointments/rx1/cancel');
  });

  const PRESCRIPTION = {
    _id: 'c1',
    appointmentId: 'rx1',
    kind: 'prescription',
    version: 1,
    issuedAt: '2026-11-19T15:00:00.000Z',
    versionAt: '2026-11-19T15:00:00.000Z',
    doctor: { _id: 'd1', name: 'Dr. Elena Petrova' },
    content: {
      items: [
        {
          ...REQUEST.medication,
          dosage: '1 tablet up to three times a day',
          quantity: '1 pack of 20 tablets',
          instructions: '',
        },
      ],
    },
    revokedAt: null,
    verification: { id: 'v1', shortCode: 'K7QF-3MZD', url: 'http://localhost/verify/v1' },
  };

  it('shows an answered request’s prescription, and a lapsed one’s reason in words', async () => {
    signedIn(
      [
        request({ status: 'completed' }),
        request({
          _id: 'rx2',
          startsAt: '2026-11-10T10:00:00.000Z',
          status: 'cancelled',
          cancelledBy: 'clinic',
          cancelReason: REQUEST_LAPSED_CANCEL_REASON,
        }),
      ],
      {
        handlers: {
          'GET /api/appointments/rx1/clinical-documents': () => ok([PRESCRIPTION]),
          'GET /api/appointments/rx1/documents': () => ok([]),
        },
      },
    );
    await open();
    const answered = await findCard('Requested on November 19, 2026');
    // Its prescription is among the documents, as a visit's: the PDF in the language chosen.
    await userEvent.click(within(answered).getByText('Documents from your doctor'));
    expect(
      await within(answered).findByRole('heading', { name: 'Prescription' }),
    ).toBeInTheDocument();
    expect(within(answered).getByLabelText('Language of the PDF')).toBeInTheDocument();
    expect(answered).not.toHaveTextContent('Waiting for the doctor');
    expect(within(answered).queryByRole('button', { name: 'Cancel' })).toBeNull();

    const lapsed = card('Requested on November 10, 2026');
    expect(within(lapsed).getByText('Cancelled by the clinic')).toBeInTheDocument();
    expect(lapsed).toHaveTextContent(
      'The doctor could not answer this request in time, so the payment is refunded.',
    );
  });

  it('is offered on the page and on a completed consultation while she may ask its doctor', async () => {
    signedIn(
      [
        appointment({ _id: 'c1', date: '2026-11-02', status: 'completed' }),
        appointment({
          _id: 'c2',
          date: '2026-11-03',
          status: 'completed',
          doctorId: { ...doctor('Dr. Jonas Weber'), _id: 'd2' },
        }),
      ],
      { handlers: { 'GET /api/prescription-requests/options': () => ok([OPTION]) } },
    );
    await open();
    const seen = await findCard('Mon, Nov 2, 2026 · 10:00');
    expect(
      await within(seen).findByRole('link', { name: 'Request a repeat prescription' }),
    ).toHaveAttribute('href', '/dashboard/prescriptions/new?doctor=d1');
    // Beside the booking, for any doctor she may ask.
    expect(
      screen
        .getAllByRole('link', { name: 'Request a repeat prescription' })
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/dashboard/prescriptions/new', '/dashboard/prescriptions/new?doctor=d1']);
    // Not a doctor she may ask now.
    const other = card('Tue, Nov 3, 2026 · 10:00');
    expect(within(other).queryByRole('link', { name: 'Request a repeat prescription' })).toBeNull();
  });

  it('is not offered when there is no doctor to ask', async () => {
    signedIn([appointment({ _id: 'c1', date: '2026-11-02', status: 'completed' })], {
      handlers: { 'GET /api/prescription-requests/options': () => ok([]) },
    });
    await open();
    await findCard('Mon, Nov 2, 2026 · 10:00');
    expect(screen.queryByRole('link', { name: 'Request a repeat prescription' })).toBeNull();
  });
});
