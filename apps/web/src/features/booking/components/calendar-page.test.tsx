import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '../../../lib/i18n';
import { dependantData } from '../../../test/fixtures';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Reply = { status: number; body?: unknown };
type Handlers = Parameters<typeof mockApi>[0];

const DOCTOR_ID = '0b5c8f6e-3a1d-4f7e-9c2b-1d2e3f4a5b6c';
const doctors = [
  {
    _id: DOCTOR_ID,
    slug: 'elena-petrova',
    name: 'Dr. Elena Petrova',
    specialties: ['cardiology', 'internal-medicine'],
    experience: 12,
    // The test browser runs in UTC: a doctor in UTC shows slots exactly as the API lists them.
    timeZone: 'UTC',
    slotMinutes: 30,
    languages: ['bg', 'en'],
    fee: { amountMinor: 7500, currency: 'EUR' },
    nextAvailable: null,
  },
  {
    _id: '1c6d9a7f-4b2e-4a8f-8d3c-2e3f4a5b6c7d',
    slug: 'hans-weber',
    name: 'Dr. Hans Weber',
    specialties: ['dermatology'],
    photoUrl: 'https://example.com/weber.jpg',
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    languages: ['de'],
    fee: { amountMinor: 6000, currency: 'EUR' },
    nextAvailable: { startsAt: '2026-11-24T09:00:00.000Z', date: '2026-11-24', slot: '10:00' },
  },
];
const entry = (date: string, slots: string[]) => ({
  date,
  slots,
  times: slots.map((slot) => ({ slot, startsAt: `${date}T${slot}:00.000Z` })),
});

function signedIn(handlers: Handlers = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /api/doctors': () => ok(doctors),
    'GET /api/availability': (call: RecordedCall) =>
      call.path.includes('date=2026-11-24')
        ? ok([entry('2026-11-24', ['10:00', '10:30'])])
        : ok([entry('2026-11-24', ['10:00', '10:30']), entry('2026-11-26', ['14:00'])]),
    ...handlers,
  });
}

beforeEach(() => {
  // Friday, November 20, 2026, 09:00: only Date is faked, timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 20, 9, 0));
});

async function openConfirm() {
  const user = userEvent.setup();
  renderApp('/calendar');
  await screen.findByRole('heading', { level: 1, name: 'Book Appointment' });
  await user.click(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ }));
  await user.click(await screen.findByRole('button', { name: 'Tuesday, November 24, 2026' }));
  await user.click(await screen.findByRole('button', { name: '10:00' }));
  const dialog = screen.getByRole('dialog', { name: 'Confirm Appointment' });
  return { user, dialog };
}

describe('booking page', () => {
  it('asks for the doctors once, while the session is still being restored', async () => {
    let answerStatus!: () => void;
    const statusAnswered = new Promise<void>((resolve) => (answerStatus = resolve));
    const { calls } = signedIn({
      'GET /auth/status': async () => {
        await statusAnswered;
        return ok(session());
      },
    });
    renderApp('/calendar');
    // The public list is on its way before the page's code, the session and its texts are.
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/doctors'),
    );
    answerStatus();
    expect(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ })).toBeVisible();
    // The page took that answer over instead of asking again.
    expect(calls.filter((c) => c.path === '/api/doctors')).toHaveLength(1);
  });

  describe('opened with the doctors in its HTML (ADR 0056)', () => {
    /** The data block the server writes into the booking page, in `locale`. */
    function pageCarries(locale: string) {
      const block = document.createElement('script');
      block.type = 'application/json';
      block.id = 'doctors-answer';
      block.dataset.locale = locale;
      block.textContent = JSON.stringify({ success: true, data: doctors });
      document.body.append(block);
      return block;
    }
    afterEach(() => document.getElementById('doctors-answer')?.remove());

    it('shows them in its first paint and never asks for them', async () => {
      const block = pageCarries('en');
      const { calls } = signedIn();
      // Whether the list ever waited: its loading state would have been in the document.
      let waited = false;
      const watch = new MutationObserver(() => {
        if (document.body.textContent?.includes('Loading doctors…')) waited = true;
      });
      watch.observe(document.body, { childList: true, subtree: true, characterData: true });
      renderApp('/calendar');
      await screen.findByRole('heading', { level: 1, name: 'Book Appointment' });
      expect(screen.getByRole('button', { name: /^Dr\. Elena Petrova/ })).toBeVisible();
      watch.disconnect();
      expect(waited).toBe(false);
      expect(calls.filter((c) => c.path === '/api/doctors')).toHaveLength(0);
      // Taken once: a later visit of the page asks for a fresh list.
      expect(block.isConnected).toBe(false);
    });

    it('asks for them when they are in another language than the one shown', async () => {
      pageCarries('bg');
      const { calls } = signedIn();
      renderApp('/calendar');
      expect(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ })).toBeVisible();
      expect(calls.filter((c) => c.path === '/api/doctors')).toHaveLength(1);
    });
  });

  it('shows the doctors as cards: name, specialties, experience, photo or placeholder', async () => {
    signedIn();
    renderApp('/calendar');
    const card = await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ });
    // The whole visible card is its name (WCAG 2.5.3, label in name).
    expect(card).toHaveAccessibleName(
      'Dr. Elena Petrova Cardiology, Internal Medicine Speaks: Bulgarian, English No free time in the next two weeks Years of experience: 12',
    );
    expect(card).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /^Dr\. Hans Weber/ })).toHaveAccessibleName(
      /^Dr\. Hans Weber Dermatology Speaks: German Next free: Nov 24, /,
    );
    // Three steps, the first current; no refresh before a doctor and a date are chosen.
    const steps = screen.getByRole('list', { name: 'Booking steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Doctor', '2Date', '3Time']);
    expect(within(steps).getByText('Doctor').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('offers a calendar of 42 days where only free days from today on can be chosen', async () => {
    const { calls } = signedIn();
    const user = userEvent.setup();
    renderApp('/calendar');
    await user.click(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ }));
    const table = await screen.findByRole('grid', { name: 'November 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    const days = within(table).getAllByRole('button');
    expect(days).toHaveLength(42);
    const enabled = days.filter((d) => d.getAttribute('aria-disabled') === 'false');
    expect(enabled.map((d) => d.textContent)).toEqual(['24', '26']);
    // One day in the tab order: the first free one.
    expect(days.filter((d) => d.tabIndex === 0)).toEqual([enabled[0]]);
    expect(calls.some((c) => c.path.includes('startDate=2026-11-20&endDate=2027-01-19'))).toBe(
      true,
    );

    const previous = screen.getByRole('button', { name: 'Previous month' });
    expect(previous).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(previous).toBeEnabled();
    await user.click(previous);
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();

    const day = screen.getByRole('button', { name: 'Tuesday, November 24, 2026' });
    await user.click(day);
    expect(day).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: '10:30' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it('moves between days with the arrow keys, into the next month, and chooses with Enter', async () => {
    signedIn();
    const user = userEvent.setup();
    renderApp('/calendar');
    await user.click(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ }));
    const first = await screen.findByRole('button', { name: 'Tuesday, November 24, 2026' });
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const thursday = screen.getByRole('button', { name: 'Thursday, November 26, 2026' });
    expect(thursday).toHaveFocus();
    // Days without slots can be passed over but not chosen.
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(screen.getByRole('button', { name: 'Wednesday, November 25, 2026' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await user.keyboard('{ArrowRight}{Enter}');
    expect(thursday).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByRole('button', { name: '14:00' })).toBeInTheDocument();
    // Back past the current month is refused; forward opens December.
    thursday.focus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('button', { name: 'Thursday, November 5, 2026' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{End}');
    expect(screen.getByRole('grid', { name: 'December 2026' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saturday, December 12, 2026' })).toHaveFocus();
  });

  it('says so with Try Again when the doctors cannot be loaded', async () => {
    let failing = true;
    signedIn({
      'GET /api/doctors': () => (failing ? fail(500, 'internal') : ok(doctors)),
    });
    const user = userEvent.setup();
    renderApp('/calendar');
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'Failed to load doctors. Please try again.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ })).toBeInTheDocument();
  });

  it('confirms with the doctor\'s fee in EUR and sends "General consultation" when no reason is given', async () => {
    const assign = vi.fn();
    const { calls } = signedIn({
      'POST /api/payments/create-session': () =>
        ok({ sessionUrl: 'https://pay.example/cs_1', sessionId: 'cs_1', appointmentId: 'ap-1' }),
    });
    const { user, dialog } = await openConfirm();
    vi.stubGlobal('location', { ...window.location, assign });
    expect(dialog).toHaveTextContent('Dr. Elena Petrova');
    expect(dialog).toHaveTextContent('Cardiology, Internal Medicine');
    expect(dialog).toHaveTextContent('Tuesday, November 24, 2026');
    expect(dialog).toHaveTextContent('Consultation Fee75.00 EUR');
    expect(within(dialog).getByLabelText('Reason for visit')).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(calls.find((c) => c.path === '/api/payments/create-session')?.body).toEqual({
      doctorId: DOCTOR_ID,
      date: '2026-11-24',
      slot: '10:00',
      reason: 'General consultation',
      country: 'Germany',
    });
    expect(localStorage.getItem('pendingAppointmentId')).toBe('ap-1');
    // Busy until the browser has left for the checkout.
    expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();
  });

  it('asks for whom among the people she may book for, and books for the child she chooses', async () => {
    const { calls } = signedIn({
      'GET /api/dependants': () =>
        ok([
          dependantData(),
          dependantData({ id: 'd2', firstName: 'Petar', age: 18, state: 'of_age', mayBook: false }),
        ]),
      'POST /api/payments/create-session': () => fail(409, 'dependantNotBookable'),
    });
    const { user, dialog } = await openConfirm();
    const forWhom = await within(dialog).findByRole('group', {
      name: 'For whom is this appointment?',
    });
    expect(within(forWhom).getByRole('radio', { name: 'For me' })).toBeChecked();
    // Petar came of age: he books for himself now.
    expect(within(forWhom).queryByRole('radio', { name: /Petar/ })).toBeNull();
    await user.click(within(forWhom).getByRole('radio', { name: 'Ivan Georgiev, age 7' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(
      await within(dialog).findByText(/You can no longer book for this person/),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/payments/create-session')?.body).toMatchObject({
      dependantId: 'd1',
    });
  });

  it("shows a Berlin doctor's times in the patient's own zone up to the confirmation, and books the doctor's slot", async () => {
    const { calls } = signedIn({
      'GET /api/availability': () =>
        ok([
          {
            date: '2026-11-24',
            slots: ['10:00'],
            times: [{ slot: '10:00', startsAt: '2026-11-24T09:00:00.000Z' }],
          },
        ]),
      'POST /api/payments/create-session': () => fail(400, 'slotNotOffered'),
    });
    const user = userEvent.setup();
    renderApp('/calendar');
    await user.click(await screen.findByRole('button', { name: /^Dr\. Hans Weber/ }));
    await user.click(await screen.findByRole('button', { name: 'Tuesday, November 24, 2026' }));
    await user.click(await screen.findByRole('button', { name: '09:00 10:00 in Berlin' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Appointment' });
    expect(dialog).toHaveTextContent('Time09:00 (UTC time)');
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await within(dialog).findByRole('alert');
    // The server is asked for the doctor's own date and time (spec §7).
    expect(calls.find((c) => c.path === '/api/payments/create-session')?.body).toMatchObject({
      date: '2026-11-24',
      slot: '10:00',
    });
  });

  it("charges the doctor's fee in euro, also in Bulgarian, and sends the reason typed", async () => {
    await changeLocale('bg');
    const { calls } = signedIn({
      'POST /api/payments/create-session': () => fail(400, 'slotNotOffered'),
    });
    const user = userEvent.setup();
    renderApp('/calendar');
    await user.click(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ }));
    // Dates as Bulgarians write them (ADR 0019).
    await user.click(await screen.findByRole('button', { name: 'вторник, 24 ноември 2026 г.' }));
    await user.click(await screen.findByRole('button', { name: '10:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Потвърждаване на часа' });
    expect(dialog).toHaveTextContent('вторник, 24 ноември 2026 г.');
    // Bulgaria has paid in euro since 2026-01-01 (ADR 0018): the server's price, not a guess.
    expect(dialog).toHaveTextContent('75.00 EUR');
    await user.type(within(dialog).getByLabelText('Причина за посещението'), 'Chest pain');
    await user.click(within(dialog).getByRole('button', { name: 'Плащане' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Този час не е сред свободните часове на лекаря.',
    );
    expect(calls.find((c) => c.path === '/api/payments/create-session')?.body).toMatchObject({
      reason: 'Chest pain',
      country: 'Bulgaria',
    });
  });

  it('on 409 says the slot is taken and reloads the day, which no longer offers it', async () => {
    let taken = false;
    const reply = (): Reply => {
      taken = true;
      return fail(409, 'slotTaken');
    };
    signedIn({
      'POST /api/payments/create-session': reply,
      'GET /api/availability': (call: RecordedCall) =>
        call.path.includes('date=')
          ? ok([entry('2026-11-24', taken ? ['10:30'] : ['10:00', '10:30'])])
          : ok([entry('2026-11-24', ['10:00', '10:30'])]),
    });
    const { user, dialog } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This time slot is no longer available. Please choose a different time.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: '10:00' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: '10:30' })).toBeInTheDocument();
  });

  it('shows the first field error of a rejected request, else the generic text', async () => {
    signedIn({
      'POST /api/payments/create-session': () =>
        fail(400, 'validationFailed', {
          errors: [{ path: 'reason', msg: 'Too long', code: 'fieldTooLong' }],
        }),
    });
    const { user, dialog } = await openConfirm();
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).not.toHaveTextContent('Failed to create payment session');
    expect(alert.textContent).not.toBe('');
  });
});

describe('finding the right doctor', () => {
  it('names specialties in the reader language and filters by specialty and language', async () => {
    await changeLocale('de');
    signedIn();
    const user = userEvent.setup();
    renderApp('/calendar');
    expect(
      await screen.findByRole('button', { name: /Kardiologie, Innere Medizin/ }),
    ).toBeVisible();
    expect(
      screen.getByRole('button', { name: /Dr\. Hans Weber Dermatologie Spricht: Deutsch/ }),
    ).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Gesprochene Sprache'), 'Bulgarisch');
    expect(screen.queryByRole('button', { name: /Hans Weber/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Elena Petrova/ })).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Fachgebiet'), 'Dermatologie');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Keine Ärztin und kein Arzt passt zu diesen Filtern.',
    );
  });
});

// Issue #22: "Book this time" on a public page, remembered through sign-in (lib/booking-intent.ts),
// arrives here as /calendar?doctor=<slug>&at=<instant>.
describe('a time chosen on a public doctor page', () => {
  const remember = (at: string) =>
    localStorage.setItem(
      'bookingIntent',
      JSON.stringify({ slug: 'elena-petrova', at, savedAt: Date.now() }),
    );

  it('preselects the doctor and the day, and opens the confirmation of a time still free', async () => {
    const { calls } = signedIn({
      'POST /api/payments/create-session': () =>
        ok({ sessionUrl: 'https://pay.example/cs_1', sessionId: 'cs_1', appointmentId: 'ap-1' }),
    });
    remember('2026-11-24T10:30:00.000Z');
    const assign = vi.fn();
    const user = userEvent.setup();
    renderApp('/calendar?doctor=elena-petrova&at=2026-11-24T10:30:00.000Z');

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Appointment' });
    expect(dialog).toHaveTextContent('Dr. Elena Petrova');
    expect(dialog).toHaveTextContent('Tuesday, November 24, 2026');
    expect(dialog).toHaveTextContent('Time10:30');
    expect(screen.getByRole('button', { name: /^Dr\. Elena Petrova/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Tuesday, November 24, 2026' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The remembered time has done its work: a later sign-in lands on the dashboard again.
    expect(localStorage.getItem('bookingIntent')).toBeNull();

    // Pay holds the slot and leaves for the hosted checkout.
    vi.stubGlobal('location', { ...window.location, assign });
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_1'));
    expect(calls.find((c) => c.path === '/api/payments/create-session')?.body).toMatchObject({
      doctorId: DOCTOR_ID,
      date: '2026-11-24',
      slot: '10:30',
    });
  });

  it("takes the day of the time in the doctor's own zone", async () => {
    const { calls } = signedIn({
      'GET /api/availability': (call: RecordedCall) =>
        call.path.includes('date=2026-11-25')
          ? ok([
              {
                date: '2026-11-25',
                slots: ['00:30'],
                times: [{ slot: '00:30', startsAt: '2026-11-24T23:30:00.000Z' }],
              },
            ])
          : ok([]),
    });
    // 23:30 in UTC is already Wednesday in Berlin.
    renderApp('/calendar?doctor=hans-weber&at=2026-11-24T23:30:00.000Z');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Appointment' });
    expect(dialog).toHaveTextContent('Dr. Hans Weber');
    expect(calls.some((c) => c.path.includes('date=2026-11-25'))).toBe(true);
  });

  it('says at once when the time is no longer free and offers the nearest free ones', async () => {
    signedIn({
      'GET /api/availability': (call: RecordedCall) =>
        call.path.includes('date=2026-11-24')
          ? ok([entry('2026-11-24', ['10:00', '10:30'])])
          : ok([
              entry('2026-11-24', ['10:00', '10:30']),
              entry('2026-11-26', ['14:00']),
              // Beyond two weeks of the wanted time: not "near".
              entry('2026-12-09', ['09:00']),
            ]),
    });
    remember('2026-11-24T11:00:00.000Z');
    const user = userEvent.setup();
    renderApp('/calendar?doctor=elena-petrova&at=2026-11-24T11:00:00.000Z');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('That time is no longer free');
    expect(alert).toHaveTextContent(
      'The time with Dr. Elena Petrova on Tuesday, November 24, 2026 at 11:00 has been booked',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const nearest = await screen.findByRole('list', {
      name: 'The nearest free times with Dr. Elena Petrova',
    });
    expect(
      within(nearest)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Tue, Nov 24, 2026 · 10:00',
      'Tue, Nov 24, 2026 · 10:30',
      'Thu, Nov 26, 2026 · 14:00',
    ]);
    // Still remembered until she chooses.
    expect(localStorage.getItem('bookingIntent')).not.toBeNull();

    await user.click(within(nearest).getByRole('button', { name: 'Thu, Nov 26, 2026 · 14:00' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm Appointment' });
    expect(dialog).toHaveTextContent('Thursday, November 26, 2026');
    expect(dialog).toHaveTextContent('Time14:00');
    expect(localStorage.getItem('bookingIntent')).toBeNull();
    expect(screen.queryByText('That time is no longer free')).not.toBeInTheDocument();
  });

  it('forgets the time when she would rather choose in the calendar', async () => {
    signedIn();
    remember('2026-11-24T11:00:00.000Z');
    const user = userEvent.setup();
    renderApp('/calendar?doctor=elena-petrova&at=2026-11-24T11:00:00.000Z');
    await user.click(
      await screen.findByRole('button', { name: 'Choose another time in the calendar' }),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('bookingIntent')).toBeNull();
    // The doctor and the day stay chosen.
    expect(screen.getByRole('button', { name: '10:00' })).toBeInTheDocument();
  });

  it('settles the taken time when she picks a time of the day herself', async () => {
    signedIn();
    remember('2026-11-24T11:00:00.000Z');
    const user = userEvent.setup();
    renderApp('/calendar?doctor=elena-petrova&at=2026-11-24T11:00:00.000Z');
    await screen.findByText('That time is no longer free');
    const dayTimes = screen.getByRole('region', { name: 'Choose a time' });
    await user.click(within(dayTimes).getByRole('button', { name: '10:30' }));
    expect(screen.getByRole('dialog', { name: 'Confirm Appointment' })).toHaveTextContent(
      'Time10:30',
    );
    expect(screen.queryByText('That time is no longer free')).not.toBeInTheDocument();
    expect(localStorage.getItem('bookingIntent')).toBeNull();
  });

  it('names a link to an unknown doctor and offers the normal choice', async () => {
    signedIn();
    remember('2026-11-24T10:30:00.000Z');
    renderApp('/calendar?doctor=nobody-here&at=2026-11-24T10:30:00.000Z');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find the doctor of your booking link. Please choose a doctor below.',
    );
    expect(await screen.findByRole('button', { name: /^Dr\. Elena Petrova/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await waitFor(() => expect(localStorage.getItem('bookingIntent')).toBeNull());
  });
});
