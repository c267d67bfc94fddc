import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type QueueEntry } from '@vizita/shared/contracts/on-demand';
import { appointmentListBody } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { nextPoll, queueClockAt, userOnTheClock } from '../../../test/queue-clock';
import { renderApp } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';

// Friday, November 20, 2026, 09:00 UTC (the tests run in UTC).
const NOW = new Date('2026-11-20T09:00:00.000Z');
const ENTRY = 'GET /api/on-demand/od1';
const LEAVE = 'POST /api/on-demand/od1/leave';
const RELEASE = 'POST /api/payments/release-hold';

function entry(over: Partial<QueueEntry> = {}): QueueEntry {
  return {
    appointmentId: 'od1',
    state: 'waiting',
    specialty: 'general-practice',
    language: 'en',
    position: 2,
    estimatedWaitMinutes: 8,
    doctorsAvailable: 1,
    givesUpAt: '2026-11-20T09:20:00.000Z',
    doctor: null,
    price: 35,
    currency: 'EUR',
    nextFreeSlots: [],
    ...over,
  };
}

const SLOTS: QueueEntry['nextFreeSlots'] = [
  {
    doctor: { slug: 'elena-petrova', name: 'Dr. Elena Petrova' },
    startsAt: '2026-11-20T14:30:00Z',
  },
  {
    doctor: { slug: 'ivan-georgiev', name: 'Dr. Ivan Georgiev' },
    startsAt: '2026-11-23T08:00:00.000Z',
  },
];

function patientWith(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /api/appointments': () => ({ status: 200, body: appointmentListBody([]) }),
    ...handlers,
  });
}

/** Answers the entry's reads one after another, the last one from then on. */
function entries(...answers: QueueEntry[]) {
  let read = 0;
  return () => ok(answers[Math.min(read++, answers.length - 1)]);
}

async function open(path = '/dashboard/see-a-doctor-now/od1') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'See a doctor now' });
  return view;
}

const status = () => screen.getByRole('status');
const reads = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/on-demand/od1').length;

queueClockAt(NOW);

describe('her place in the queue', () => {
  it('confirms the payment, shows her place as it moves, then goes to the call', async () => {
    const api = patientWith({
      [ENTRY]: entries(
        entry({ state: 'paying', position: null, estimatedWaitMinutes: null, givesUpAt: null }),
        entry(),
        entry({ position: 1, estimatedWaitMinutes: 3 }),
        entry({ state: 'taken', position: null, doctor: { name: 'Dr. Elena Petrova' } }),
      ),
    });
    const { router } = await open('/dashboard/see-a-doctor-now/od1?session_id=cs_1');
    await waitFor(() => expect(status()).toHaveTextContent('Confirming your payment…'));
    expect(document.title).toBe('Confirming your payment · Vizita');

    await nextPoll();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'You are number 2 in the queue.Estimated wait: about 8 minutes.',
      ),
    );
    expect(document.title).toBe('Waiting for a doctor · Vizita');
    const waitingFor = screen.getByText('Waiting for').nextElementSibling;
    expect(waitingFor).toHaveTextContent('General Practice, in English');
    expect(
      screen.getByText('Full refund if nobody takes you by').nextElementSibling,
    ).toHaveTextContent('09:20');
    await expectNoAxeViolations();

    await nextPoll();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'You are number 1 in the queue.Estimated wait: about 3 minutes.',
      ),
    );

    await nextPoll();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/meeting/od1'));
    // Replaced: Back from the call does not come here to be sent to the call again.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(reads(api.calls)).toBe(4);
  });

  it('says when no doctor is available, until when her place is kept and that she is refunded', async () => {
    patientWith({
      [ENTRY]: () => ok(entry({ doctorsAvailable: 0, estimatedWaitMinutes: null, position: 1 })),
    });
    await open();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'You are number 1 in the queue.No doctor of this specialty is available right now — we keep your place until 09:20 and refund you in full if nobody takes you.',
      ),
    );
  });

  it('asks before she leaves, then shows the refund and the next free times', async () => {
    const api = patientWith({
      [ENTRY]: () => ok(entry()),
      [LEAVE]: () =>
        ok(
          entry({
            state: 'left',
            position: null,
            estimatedWaitMinutes: null,
            nextFreeSlots: SLOTS,
          }),
        ),
    });
    const user = userOnTheClock();
    await open();
    const leave = await screen.findByRole('button', { name: 'Leave the queue' });

    // Staying is the first control, and changes nothing.
    await user.click(leave);
    let dialog = screen.getByRole('alertdialog', { name: 'Leave the queue?' });
    expect(dialog).toHaveAccessibleDescription(
      'You lose your place in the queue. Your payment of 35.00 EUR is refunded in full.',
    );
    expect(within(dialog).getByRole('button', { name: 'Stay in the queue' })).toHaveFocus();
    await expectNoAxeViolations();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(leave).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.click(leave);
    dialog = screen.getByRole('alertdialog', { name: 'Leave the queue?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave the queue' }));

    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'You left the queue.Your payment of 35.00 EUR is refunded in full.',
      ),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // The keyboard's place moves to what happened, not to the top of the page.
    expect(status()).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/on-demand/od1/leave',
    ]);

    const slots = screen.getByRole('region', { name: 'The next free times' });
    const links = within(slots).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dr. Elena PetrovaNov 20, 2:30 PM', '/book/elena-petrova?at=2026-11-20T14:30:00.000Z'],
      ['Dr. Ivan GeorgievNov 23, 8:00 AM', '/book/ivan-georgiev?at=2026-11-23T08:00:00.000Z'],
    ]);
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    // Nothing changes any more: it is not asked again.
    const before = reads(api.calls);
    await nextPoll();
    expect(reads(api.calls)).toBe(before);
    await expectNoAxeViolations();
  });

  it('says in the dialog when she can no longer leave (a doctor took her meanwhile)', async () => {
    patientWith({
      [ENTRY]: () => ok(entry()),
      [LEAVE]: () => fail(409, 'queueEntryClosed'),
    });
    const user = userOnTheClock();
    await open();
    await user.click(await screen.findByRole('button', { name: 'Leave the queue' }));
    const dialog = screen.getByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Leave the queue' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You are no longer waiting in the queue.',
    );
  });

  it('says when nobody took her in time, with her refund and a way to book instead', async () => {
    patientWith({
      [ENTRY]: () =>
        ok(
          entry({
            state: 'timedOut',
            position: null,
            estimatedWaitMinutes: null,
            doctorsAvailable: 0,
          }),
        ),
    });
    await open();
    await waitFor(() =>
      expect(status()).toHaveTextContent(
        'Nobody could take you in time.Your payment of 35.00 EUR is refunded in full.',
      ),
    );
    expect(document.title).toBe('Nobody could take you in time · Vizita');
    expect(
      screen.getByText(
        'No doctor of this specialty who speaks your language has a free time in the next days.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Join the queue again' })).toHaveAttribute(
      'href',
      '/dashboard/see-a-doctor-now',
    );
    expect(screen.queryByRole('button', { name: 'Leave the queue' })).not.toBeInTheDocument();
  });

  it('says she is not in the queue when she did not pay', async () => {
    patientWith({ [ENTRY]: () => ok(entry({ state: 'unpaid', position: null, givesUpAt: null })) });
    await open();
    await waitFor(() =>
      expect(status()).toHaveTextContent('You did not pay, so you are not in the queue.'),
    );
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      '/dashboard/see-a-doctor-now',
    );
  });

  it('gives the hold back once when she left the checkout, then says she did not pay', async () => {
    const api = patientWith({
      [RELEASE]: () => ok({ status: 'cancelled' }),
      // The provider has not said so yet: still "paying" for the server.
      [ENTRY]: () => ok(entry({ state: 'paying', position: null, givesUpAt: null })),
    });
    await open('/dashboard/see-a-doctor-now/od1?cancelled=1');
    await waitFor(() =>
      expect(status()).toHaveTextContent('You did not pay, so you are not in the queue.'),
    );
    const releases = api.calls.filter((c) => c.path === '/api/payments/release-hold');
    expect(releases.map((c) => c.body)).toEqual([{ appointmentId: 'od1' }]);
    // Read after the hold was given back, and not asked again.
    const first = api.calls.findIndex((c) => c.path === '/api/on-demand/od1');
    expect(first).toBeGreaterThan(api.calls.indexOf(releases[0]!));
    await nextPoll();
    expect(reads(api.calls)).toBe(1);
  });

  it('says when there is no such place in the queue', async () => {
    patientWith({ [ENTRY]: () => fail(404, 'queueEntryNotFound') });
    await open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find this place in the queue.',
    );
  });
});
