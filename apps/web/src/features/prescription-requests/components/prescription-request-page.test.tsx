import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrescriptionRequestOption } from '@vizita/shared/contracts/prescription-requests';
import { appointmentListBody } from '../../../test/fixtures';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';

// Friday, November 20, 2026, 09:00 UTC (the tests run in UTC).
const NOW = new Date('2026-11-20T09:00:00.000Z');
const PETROVA = '4f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const WEBER = '7a2b3c4d-1e2f-4a5b-8c6d-9e0f1a2b3c4d';
const OPTIONS = 'GET /api/prescription-requests/options';
const CREATE = 'POST /api/prescription-requests';

const RAMIPRIL = {
  atc: 'C09AA05',
  medicine: 'Ramipril',
  strength: '5 mg',
  form: 'tablet',
} as const;

function option(over: Partial<PrescriptionRequestOption> = {}): PrescriptionRequestOption {
  return {
    doctor: { _id: PETROVA, name: 'Dr. Elena Petrova', specialties: ['cardiology'] },
    lastVisit: '2026-10-02T08:00:00.000Z',
    price: 25,
    currency: 'EUR',
    medications: [
      { atc: 'M01AE01', medicine: 'Ibuprofen', strength: '400 mg', form: 'film-coated-tablet' },
    ],
    ...over,
  };
}
const weber = option({
  doctor: { _id: WEBER, name: 'Dr. Jonas Weber', specialties: ['internal-medicine'] },
  lastVisit: '2026-06-15T08:00:00.000Z',
  price: 20,
  medications: [RAMIPRIL],
});

function patientWith(handlers: Parameters<typeof mockApi>[0]) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /api/appointments': () => ({ status: 200, body: appointmentListBody([]) }),
    ...handlers,
  });
}

async function open(path = '/dashboard/prescriptions/new') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Request a repeat prescription' });
  return view;
}

const created = (call: RecordedCall[]) => call.filter((c) => c.method === 'POST');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('requesting a repeat prescription', () => {
  it('explains whom she can ask when there is nobody, and offers to book', async () => {
    patientWith({ [OPTIONS]: () => ok([]) });
    await open();
    expect(
      await screen.findByText(
        'A repeat prescription can be requested from a doctor you had a consultation with in the last 12 months.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute(
      'href',
      '/calendar',
    );
    expect(screen.queryByRole('button', { name: 'Request and pay' })).toBeNull();
    expect(document.title).toBe('Request a repeat prescription · Vizita');
  });

  it('checks every field with the shared rules before sending anything', async () => {
    const api = patientWith({ [OPTIONS]: () => ok([option(), weber]) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await open();
    const doctors = await screen.findByRole('group', { name: 'Doctor' });
    // Each doctor by name, described by the specialty, the last consultation and the price.
    const petrova = within(doctors).getByRole('radio', { name: 'Dr. Elena Petrova' });
    expect(petrova).toHaveAccessibleDescription(
      'Cardiology Last consultation: October 2, 2026 Price: 25.00 EUR',
    );
    expect(petrova).not.toBeChecked();
    // The medicine is chosen among the doctor's once there is a doctor.
    expect(screen.queryByRole('group', { name: 'Medicine' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Request and pay' }));
    expect(petrova).toHaveFocus();
    expect(petrova).toHaveAccessibleDescription(
      expect.stringContaining('Please choose the doctor to ask.'),
    );
    expect(screen.getByLabelText('Reason for the request')).toHaveAccessibleDescription(
      expect.stringContaining('This field is required'),
    );
    const left = screen.getByRole('group', { name: 'How much is left' });
    expect(within(left).getByRole('radio', { name: 'None left' })).toHaveAccessibleDescription(
      'Please choose how much is left.',
    );
    await expectNoAxeViolations();

    await user.click(petrova);
    await user.click(screen.getByRole('button', { name: 'Request and pay' }));
    const medicine = screen.getByRole('group', { name: 'Medicine' });
    expect(
      within(medicine).getByRole('radio', { name: 'Ibuprofen 400 mg · Film-coated tablet' }),
    ).toHaveAccessibleDescription('Please choose the medicine.');
    expect(created(api.calls)).toEqual([]);
  });

  it('asks the doctor named by the link for an earlier medicine, then goes to the checkout', async () => {
    const assign = vi.fn();
    const api = patientWith({
      [OPTIONS]: () => ok([option(), weber]),
      [CREATE]: () =>
        ok({
          outcome: 'checkout',
          appointmentId: 'rx1',
          sessionUrl: 'https://pay.example/cs_9',
          sessionId: 'cs_9',
        }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await open(`/dashboard/prescriptions/new?doctor=${WEBER}`);
    vi.stubGlobal('location', { ...window.location, assign });
    const doctors = await screen.findByRole('group', { name: 'Doctor' });
    expect(within(doctors).getByRole('radio', { name: 'Dr. Jonas Weber' })).toBeChecked();
    const medicine = screen.getByRole('group', { name: 'Medicine' });
    expect(
      within(medicine)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['Ramipril 5 mg · Tablet', 'Another medicine']);
    // The price and the deadline, said with the button that pays.
    expect(screen.getByRole('button', { name: 'Request and pay' })).toHaveAccessibleDescription(
      'Price: 20.00 EUR The doctor answers within 48 hours. If the doctor declines the request or does not answer in time, you get a full refund.',
    );

    await user.click(within(medicine).getByRole('radio', { name: 'Ramipril 5 mg · Tablet' }));
    await user.type(
      screen.getByLabelText('Reason for the request'),
      'My blood pressure medicine, as every quarter.',
    );
    await user.click(screen.getByRole('radio', { name: 'Enough for a few days' }));
    await user.click(screen.getByRole('button', { name: 'Request and pay' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/cs_9'));
    const [sent] = created(api.calls);
    expect(sent?.body).toEqual({
      doctorId: WEBER,
      medication: RAMIPRIL,
      reason: 'My blood pressure medicine, as every quarter.',
      left: 'few-days',
    });
    // The checkout and the mails speak the screen's language.
    expect(sent?.headers.get('Accept-Language')).toBe('en');
  });

  it('sends a typed medicine at no charge, then shows the appointments', async () => {
    const api = patientWith({
      [OPTIONS]: () => ok([option({ price: 0, medications: [] })]),
      [CREATE]: () => ok({ outcome: 'requested', appointmentId: 'rx2' }),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router } = await open();
    // The only doctor, who prescribed nothing in Vizita yet: another medicine, typed.
    expect(await screen.findByRole('radio', { name: 'Dr. Elena Petrova' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Another medicine' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Send request' })).toHaveAccessibleDescription(
      expect.stringMatching(/^Price: Free /),
    );
    await user.type(screen.getByLabelText('Reason for the request'), 'For the pollen season.');
    await user.click(screen.getByRole('radio', { name: 'Enough for one to two weeks' }));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const name = screen.getByLabelText('Name of the medicine');
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription('This field is required');
    expect(created(api.calls)).toEqual([]);

    await user.type(name, 'Salbutamol');
    await user.type(screen.getByLabelText('Strength'), '100 µg');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/appointments'));
    expect(created(api.calls)[0]?.body).toEqual({
      doctorId: PETROVA,
      medication: { atc: null, medicine: 'Salbutamol', strength: '100 µg', form: null },
      reason: 'For the pollen season.',
      left: 'one-to-two-weeks',
    });
  });

  it.each([
    [
      fail(403, 'prescriptionRequestNotAllowed'),
      'A repeat prescription can be requested from a doctor you had a consultation with in the last 12 months.',
    ],
    [
      fail(409, 'tooManyHolds'),
      'You have unfinished payments for other appointments. Complete or cancel them first.',
    ],
    [
      fail(502, 'paymentProviderUnavailable'),
      'The payment provider could not be reached. Please try again.',
    ],
    [fail(500, 'internal'), 'The request could not be sent. Please try again.'],
  ])('says why the request was refused (%#)', async (reply, text) => {
    patientWith({ [OPTIONS]: () => ok([option()]), [CREATE]: () => reply });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await open();
    await user.click(
      await screen.findByRole('radio', { name: 'Ibuprofen 400 mg · Film-coated tablet' }),
    );
    await user.type(screen.getByLabelText('Reason for the request'), 'Back pain again.');
    await user.click(screen.getByRole('radio', { name: 'None left' }));
    await user.click(screen.getByRole('button', { name: 'Request and pay' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
