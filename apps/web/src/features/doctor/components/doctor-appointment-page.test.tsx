import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appointmentData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// Tuesday 2026-11-24 at 10:10 in Sofia: the 10:00 consultation has begun.
const NOW = new Date('2026-11-24T08:10:00.000Z');
const A = appointmentData({
  _id: 'a1',
  date: '2026-11-24',
  slot: '10:00',
  startsAt: '2026-11-24T08:00:00.000Z',
  timeZone: 'Europe/Sofia',
  reason: 'Chest pain',
  patient: { _id: 'p1', name: 'Maria Ivanova' },
});
const CHART = {
  patientId: 'p1',
  firstName: 'Maria',
  lastName: 'Ivanova',
  birthDate: '1990-04-12',
  age: 36,
  gender: 'female',
  countryCode: 'BG',
  city: 'Sofia',
  insuranceType: null,
  insuranceCompany: null,
  insuranceNumber: null,
  nationalId: '9004126543',
  accessUntil: '2026-12-24T08:00:00.000Z',
};
const NOTES = (versions: unknown[]) =>
  ok({ versions, editable: true, editableUntil: '2026-12-01T08:00:00.000Z' });

function doctorOn(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor' })),
    'GET /api/appointments/a1': () => ok(A),
    'GET /api/doctor/appointments/a1/patient': () => ok(CHART),
    'GET /api/doctor/appointments/a1/notes': () => NOTES([]),
    'GET /api/appointments/a1/documents': () => ok([]),
    ...handlers,
  });
}

describe('a consultation in the doctor console', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the patient profile only when the doctor asks for it (the read is audited)', async () => {
    const api = doctorOn();
    renderApp('/doctor/appointments/a1');
    const panel = await screen.findByRole('region', { name: 'Patient profile' });
    expect(panel).toHaveTextContent('recorded in the audit log');
    expect(api.calls.some((c) => c.path.endsWith('/patient'))).toBe(false);
    await userEvent.click(
      within(panel).getByRole('button', { name: "Show the patient's profile" }),
    );
    expect(await within(panel).findByText('9004126543')).toBeVisible();
    expect(panel).toHaveTextContent('36 years (born April 12, 1990)');
    expect(panel).toHaveTextContent('Female');
  });

  it('saves notes as a new version and says so', async () => {
    let saved: unknown;
    const api = doctorOn({
      'PUT /api/doctor/appointments/a1/notes': (call) => {
        saved = call.body;
        return NOTES([
          {
            version: 1,
            privateNotes: 'Angina?',
            summary: 'Rest',
            createdAt: NOW.toISOString(),
            authorName: 'Elena Petrova',
          },
        ]);
      },
    });
    renderApp('/doctor/appointments/a1');
    const notes = await screen.findByRole('region', { name: 'Notes' });
    await userEvent.type(await within(notes).findByLabelText('Private clinical notes'), 'Angina?');
    await userEvent.type(within(notes).getByLabelText('Summary for the patient'), 'Rest');
    await userEvent.click(within(notes).getByRole('button', { name: 'Save notes' }));
    expect(await within(notes).findByText('Saved as version 1.')).toBeVisible();
    expect(saved).toEqual({ privateNotes: 'Angina?', summary: 'Rest' });
    expect(within(notes).getByLabelText('Private clinical notes')).toHaveValue('Angina?');
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('keeps what the doctor typed when a save races another, and puts a server refusal on its field', async () => {
    let answer = fail(409, 'notesChanged');
    doctorOn({ 'PUT /api/doctor/appointments/a1/notes': () => answer });
    renderApp('/doctor/appointments/a1');
    const notes = await screen.findByRole('region', { name: 'Notes' });
    const summary = await within(notes).findByLabelText('Summary for the patient');
    await userEvent.type(summary, 'Rest for a week');
    await userEvent.click(within(notes).getByRole('button', { name: 'Save notes' }));
    expect(await within(notes).findByRole('alert')).toHaveTextContent(
      'The notes were saved elsewhere meanwhile.',
    );
    expect(summary).toHaveValue('Rest for a week');

    answer = fail(400, 'validationFailed', {
      errors: [{ path: 'summary', msg: 'Invalid value', code: 'invalidValue' }],
    });
    await userEvent.click(within(notes).getByRole('button', { name: 'Save notes' }));
    await vi.waitFor(() => expect(summary).toHaveAttribute('aria-invalid', 'true'));
    expect(
      within(notes).queryByText('The notes were saved elsewhere meanwhile.', { exact: false }),
    ).toBeNull();
  });

  it('records the outcome once the consultation has begun', async () => {
    const api = doctorOn({
      'PUT /api/doctor/appointments/a1/outcome': () => ok({ ...A, status: 'completed' }),
    });
    renderApp('/doctor/appointments/a1');
    const outcome = await screen.findByRole('region', { name: 'Outcome' });
    await userEvent.click(within(outcome).getByRole('button', { name: 'Mark as no-show' }));
    await vi.waitFor(() =>
      expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ outcome: 'no_show' }),
    );
  });

  it('cancels with a reason of at least 10 characters and a full refund', async () => {
    // Half an hour before the start: still the doctor's to cancel.
    vi.setSystemTime(new Date('2026-11-24T07:30:00.000Z'));
    const api = doctorOn({
      'PUT /api/appointments/a1/cancel': () =>
        ok({ appointment: { ...A, status: 'cancelled' }, refund: 'refunded' }),
    });
    renderApp('/doctor/appointments/a1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment' });
    expect(dialog).toHaveTextContent('refunded in full');
    await userEvent.type(within(dialog).getByLabelText('Reason for the patient'), 'Ill');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(within(dialog).getByText(/at least 10 characters/)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason for the patient'), ' today, sorry');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await screen.findByText('The appointment was cancelled and the patient refunded.'),
    ).toBeVisible();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      reason: 'Ill today, sorry',
    });
  });

  it('offers no cancellation once the consultation has begun, and says who still can cancel', async () => {
    doctorOn();
    renderApp('/doctor/appointments/a1');
    expect(
      await screen.findByText(/The consultation has begun, so it is no longer cancelled here/),
    ).toHaveTextContent("ask the clinic's administration");
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark as completed' })).toBeEnabled();
  });

  it('says why when the consultation begins while the cancel dialog is open', async () => {
    vi.setSystemTime(new Date('2026-11-24T07:59:30.000Z'));
    doctorOn({ 'PUT /api/appointments/a1/cancel': () => fail(409, 'cancelTooLate') });
    renderApp('/doctor/appointments/a1');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel appointment' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment' });
    await userEvent.type(
      within(dialog).getByLabelText('Reason for the patient'),
      'Called away to an emergency.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The consultation has begun meanwhile, so it can no longer be cancelled here.',
    );
  });

  it('sends a guest without an account a new link, and has no profile to open', async () => {
    // An hour before a guest's consultation: the link can still be replaced.
    vi.setSystemTime(new Date('2026-11-24T07:00:00.000Z'));
    const api = doctorOn({
      'GET /api/appointments/a1': () =>
        ok({ ...A, patient: { _id: 'g1', name: 'Anna Schmidt', guest: true } }),
      'POST /api/guest-consultations/a1/resend': () => ok({ mailSent: true }),
    });
    renderApp('/doctor/appointments/a1');
    const panel = await screen.findByRole('region', { name: 'Guest without account' });
    expect(panel).toHaveTextContent('has no Vizita account and no profile');
    expect(screen.queryByRole('region', { name: 'Patient profile' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Send the link again' }));
    expect(await within(panel).findByRole('status')).toHaveTextContent(
      'A new link was sent. The earlier link no longer works.',
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/guest-consultations/a1/resend',
    ]);
  });

  it('says why no new link went out for a consultation that is over', async () => {
    doctorOn({
      'GET /api/appointments/a1': () =>
        ok({ ...A, patient: { _id: 'g1', name: 'Anna Schmidt', guest: true } }),
      'POST /api/guest-consultations/a1/resend': () => fail(410, 'guestLinkEnded'),
    });
    renderApp('/doctor/appointments/a1');
    const panel = await screen.findByRole('region', { name: 'Guest without account' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Send the link again' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'This consultation is over: its link can no longer be sent.',
    );
  });
});
