import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type OnCallState } from '@vizita/shared/contracts/on-demand';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { nextPoll, queueClockAt, userOnTheClock } from '../../../test/queue-clock';
import { renderApp } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';

// Tuesday 2026-11-24, 09:00 UTC (the tests run in UTC).
const NOW = new Date('2026-11-24T09:00:00.000Z');
const ON_CALL = 'GET /api/doctor/on-call';
const SET = 'PUT /api/doctor/on-call';
const TAKE = 'POST /api/doctor/on-demand/take';

const OFF: OnCallState = { until: null, waiting: 0, currentAppointmentId: null };
const on = (over: Partial<OnCallState> = {}): OnCallState => ({
  until: '2026-11-24T11:00:00.000Z',
  waiting: 2,
  currentAppointmentId: null,
  ...over,
});

function doctorWith(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor', isProfileComplete: true })),
    'GET /api/doctor/appointments': () => ok({ timeZone: 'UTC', appointments: [] }),
    'GET /api/doctor/prescription-requests': () => ok([]),
    ...handlers,
  });
}

async function panel() {
  const { router } = renderApp('/doctor');
  const region = await screen.findByRole('region', { name: 'See a doctor now' });
  return { region, router };
}

const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => c.body);

queueClockAt(NOW);

describe('"see a doctor now" in the console', () => {
  it('switches "available now" on for a period, then off', async () => {
    const api = doctorWith({
      [ON_CALL]: () => ok(OFF),
      [SET]: (call) =>
        ok((call.body as { minutes: number }).minutes === 0 ? OFF : on({ waiting: 0 })),
    });
    const user = userOnTheClock();
    const { region } = await panel();
    const period = await within(region).findByLabelText('Available for');
    expect(
      within(period)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['30 minutes', '1 hour', '2 hours', '4 hours']);
    expect(period).toHaveValue('60');
    // Nothing to take while she is not available.
    expect(within(region).queryByRole('button', { name: 'Take the next patient' })).toBeNull();
    await expectNoAxeViolations();

    await user.selectOptions(period, '120');
    await user.click(within(region).getByRole('button', { name: 'Be available now' }));
    expect(await within(region).findByText('Available now until 11:00')).toBeVisible();
    expect(within(region).getByRole('status')).toHaveTextContent('Nobody is waiting.');
    const take = within(region).getByRole('button', { name: 'Take the next patient' });
    expect(take).toBeDisabled();
    expect(take).toHaveAccessibleDescription('Nobody is waiting right now.');

    await user.click(within(region).getByRole('button', { name: 'Stop' }));
    expect(await within(region).findByLabelText('Available for')).toBeVisible();
    expect(puts(api.calls)).toEqual([{ minutes: 120 }, { minutes: 0 }]);
  });

  it('asks again while she is available, and takes the next patient into the call', async () => {
    let reads = 0;
    const api = doctorWith({
      [ON_CALL]: () => ok(++reads === 1 ? on({ waiting: 0 }) : on({ waiting: 1 })),
      [TAKE]: () =>
        ok({ appointmentId: 'od9', patient: { name: 'Maria Ivanova' }, reason: 'Fever' }),
    });
    const user = userOnTheClock();
    const { region, router } = await panel();
    const take = await within(region).findByRole('button', { name: 'Take the next patient' });
    expect(take).toBeDisabled();

    await nextPoll();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('1 patient is waiting.'),
    );
    expect(take).toBeEnabled();
    expect(take).not.toHaveAccessibleDescription();
    await expectNoAxeViolations();

    await user.click(take);
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor/meeting/od9'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/doctor/on-demand/take',
    ]);
  });

  it('says when another doctor was quicker', async () => {
    doctorWith({
      [ON_CALL]: () => ok(on()),
      [TAKE]: () => fail(404, 'nobodyWaiting'),
    });
    const user = userOnTheClock();
    const { region } = await panel();
    await user.click(await within(region).findByRole('button', { name: 'Take the next patient' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Nobody is waiting any more: another doctor took the patient first.',
    );
  });

  it('leads back to the call she is in, and takes nobody else before it ends', async () => {
    doctorWith({ [ON_CALL]: () => ok(on({ currentAppointmentId: 'od7' })) });
    const { region } = await panel();
    expect(
      await within(region).findByRole('link', { name: 'Back to your current call' }),
    ).toHaveAttribute('href', '/doctor/meeting/od7');
    const take = within(region).getByRole('button', { name: 'Take the next patient' });
    expect(take).toBeDisabled();
    expect(take).toHaveAccessibleDescription('Finish the call with your current patient first.');
  });
});
