import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Monday 2026-11-23, 08:00 UTC (the tests run in UTC): the form's day is today.
const NOW = new Date('2026-11-23T08:00:00.000Z');
// A cold start loads the lazy routes' chunks; on a busy machine that takes longer than a second.
const LOADED = { timeout: 5000 };
const DOCTOR_ID = '4f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

const day = (date: string, slots: string[]) => [
  {
    date,
    slots,
    times: slots.map((slot) => ({ slot, startsAt: `${date}T${slot}:00.000Z` })),
  },
];

const created = (mailSent = true) => ({
  status: 201,
  body: {
    success: true,
    data: { appointmentId: 'g1', startsAt: '2026-11-24T08:00:00.000Z', mailSent },
  },
});

function doctorWith(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor', userId: DOCTOR_ID })),
    'GET /api/availability': (call) => {
      const date = new URL(call.path, 'http://x').searchParams.get('date')!;
      return ok(day(date, ['10:00', '10:30', '11:00']));
    },
    'POST /api/guest-consultations': () => created(),
    ...handlers,
  });
}

const slotCalls = (calls: RecordedCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/availability'));

/** Fills the form for Anna Schmidt on Tuesday at 10:00, her invitation in German. */
async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/Name of the person/, {}, LOADED), 'Anna Schmidt');
  await user.type(screen.getByLabelText(/E-mail address/), 'anna@example.de');
  await user.selectOptions(screen.getByLabelText(/Language of the invitation/), 'Deutsch');
  const date = screen.getByLabelText(/^Date/);
  await user.clear(date);
  await user.type(date, '2026-11-24');
  const time = screen.getByLabelText(/^Time/);
  await within(time).findByRole('option', { name: '10:00' });
  await user.selectOptions(time, '10:00');
}

describe('a consultation without an account, from the doctor console', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('is reached from the console home', async () => {
    doctorWith({
      'GET /api/doctor/appointments': () => ok({ timeZone: 'Europe/Sofia', appointments: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/doctor');
    await user.click(
      await screen.findByRole('link', { name: 'New consultation without account' }, LOADED),
    );
    await vi.waitFor(() =>
      expect(router.state.location.pathname).toBe('/doctor/guest-consultations/new'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'New consultation without account' }),
    ).toBeVisible();
  });

  it('creates one in the doctor’s own free slot and says where the invitation went', async () => {
    const api = doctorWith();
    const user = userEvent.setup();
    renderApp('/doctor/guest-consultations/new');
    // The languages in their own names: the person reads the invitation, not the doctor.
    const language = await screen.findByLabelText(/Language of the invitation/, {}, LOADED);
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Български', 'Deutsch']);
    await fillIn(user);
    // The free slots are the signed-in doctor's own, for the day chosen.
    expect(slotCalls(api.calls).map((c) => c.path)).toContain(
      `/api/availability?doctorId=${DOCTOR_ID}&date=2026-11-24`,
    );
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));

    const heading = await screen.findByRole('heading', {
      name: 'Consultation created for Anna Schmidt',
    });
    expect(heading).toHaveFocus();
    const posted = api.calls.find((c) => c.method === 'POST')!;
    // The server takes the doctor from the session: no doctorId is sent.
    expect(posted.body).toEqual({
      name: 'Anna Schmidt',
      email: 'anna@example.de',
      locale: 'de',
      date: '2026-11-24',
      slot: '10:00',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'The invitation was sent to anna@example.de.',
    );
    expect(screen.getByText('Tuesday, November 24, 2026 at 10:00')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Open the consultation' })).toHaveAttribute(
      'href',
      '/doctor/appointments/g1',
    );
    expect(screen.getByRole('link', { name: 'Back to the console' })).toHaveAttribute(
      'href',
      '/doctor',
    );
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
  });

  it('says which fields are wrong, tied to them, before and after the server checks', async () => {
    const api = doctorWith({
      'POST /api/guest-consultations': () =>
        fail(400, 'validationFailed', {
          errors: [
            { path: 'email', msg: 'Please enter a valid email address', code: 'emailInvalid' },
          ],
        }),
    });
    const user = userEvent.setup();
    renderApp('/doctor/guest-consultations/new');
    await user.type(await screen.findByLabelText(/Name of the person/, {}, LOADED), 'A');
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    const name = screen.getByLabelText(/Name of the person/);
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(
      /Please enter the person's name \(at least 2 characters\)/,
    );
    expect(screen.getByLabelText(/^Time/)).toHaveAccessibleDescription(/Please choose a time/);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(name);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    const email = screen.getByLabelText(/E-mail address/);
    await vi.waitFor(() =>
      expect(email).toHaveAccessibleDescription('Please enter a valid email address'),
    );
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('reloads the free times when the slot was just taken', async () => {
    let taken = false;
    const api = doctorWith({
      'GET /api/availability': (call) => {
        const date = new URL(call.path, 'http://x').searchParams.get('date')!;
        return ok(day(date, taken ? ['10:30', '11:00'] : ['10:00', '10:30', '11:00']));
      },
      'POST /api/guest-consultations': () => {
        taken = true;
        return fail(409, 'slotTaken');
      },
    });
    const user = userEvent.setup();
    renderApp('/doctor/guest-consultations/new');
    await fillIn(user);
    const before = slotCalls(api.calls).length;
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Someone has just taken this time. The free times have been reloaded: please choose another one.',
    );
    const time = screen.getByLabelText(/^Time/);
    await vi.waitFor(() =>
      expect(within(time).queryByRole('option', { name: '10:00' })).not.toBeInTheDocument(),
    );
    expect(slotCalls(api.calls).length).toBeGreaterThan(before);
    expect(time).toHaveValue('');
  });

  it('explains a time that is not offered', async () => {
    doctorWith({ 'POST /api/guest-consultations': () => fail(400, 'slotNotOffered') });
    const user = userEvent.setup();
    renderApp('/doctor/guest-consultations/new');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This time is not one of the doctor's free times (any more).",
    );
  });

  it('offers to send the link again when the invitation could not be sent', async () => {
    const api = doctorWith({
      'POST /api/guest-consultations': () => created(false),
      'POST /api/guest-consultations/g1/resend': () => ok({ mailSent: true }),
    });
    const user = userEvent.setup();
    renderApp('/doctor/guest-consultations/new');
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create and send the invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The invitation could not be sent to anna@example.de.',
    );
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'A new link was sent. The earlier link no longer works.',
    );
    expect(api.calls.filter((c) => c.path === '/api/guest-consultations/g1/resend')).toHaveLength(
      1,
    );
  });

  it('marks a guest on the schedule', async () => {
    doctorWith({
      'GET /api/doctor/appointments': () =>
        ok({
          timeZone: 'Europe/Sofia',
          appointments: [
            {
              _id: 'g1',
              startsAt: '2026-11-24T08:00:00.000Z',
              endsAt: '2026-11-24T08:30:00.000Z',
              timeZone: 'Europe/Sofia',
              date: '2026-11-24',
              slot: '10:00',
              status: 'upcoming',
              plan: 'consultation',
              reason: null,
              patient: { _id: 'p1', name: 'Anna Schmidt', guest: true },
              cancelledBy: null,
              cancelReason: null,
              hasNotes: false,
              isJoinable: false,
              minutesUntilJoinable: 1425,
              hasPassed: false,
              room: null,
              prescriptionRequest: null,
            },
          ],
        }),
    });
    renderApp('/doctor');
    const next = await screen.findByRole('region', { name: 'Next consultation' }, LOADED);
    expect(next).toHaveTextContent('Anna Schmidt');
    expect(next).toHaveTextContent('Guest without account');
    const week = screen.getByRole('region', { name: /Week of/ });
    for (const link of within(week).getAllByRole('link', { name: /Anna Schmidt/ }))
      expect(link).toHaveTextContent('Guest without account');
  });

  it('is not for patients', async () => {
    mockApi({ 'GET /auth/status': () => ok(session()) });
    const { router } = renderApp('/doctor/guest-consultations/new');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByLabelText(/Name of the person/)).not.toBeInTheDocument();
  });
});
