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

describe('a prescription request in the doctor console (issue #21)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  /** Asked yesterday at 11:00 in Sofia; to be answered by tomorrow 11:00. */
  const R = appointmentData({
    _id: 'r1',
    date: '2026-11-23',
    slot: '11:00',
    startsAt: '2026-11-23T09:00:00.000Z',
    timeZone: 'Europe/Sofia',
    plan: 'prescription',
    reason: 'My back pain medicine, as every quarter.',
    patient: { _id: 'p1', name: 'Maria Ivanova' },
    prescriptionRequest: {
      medication: {
        atc: 'M01AE01',
        medicine: 'Ibuprofen',
        strength: '400 mg',
        form: 'film-coated-tablet',
      },
      left: 'few-days',
      answerBy: '2026-11-25T09:00:00.000Z',
    },
  });

  function doctorOnRequest(handlers: Parameters<typeof mockApi>[0] = {}) {
    return mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor' })),
      'GET /api/appointments/r1': () => ok(R),
      'GET /api/doctor/appointments/r1/notes': () => NOTES([]),
      'GET /api/appointments/r1/documents': () => ok([]),
      'GET /api/appointments/r1/clinical-documents': () => ok([]),
      ...handlers,
    });
  }

  it('shows what was asked, and offers only the prescription, prefilled, or a decline', async () => {
    let status: 'upcoming' | 'completed' = 'upcoming';
    let sent: unknown;
    doctorOnRequest({
      'GET /api/appointments/r1': () => ok({ ...R, status }),
      'POST /api/doctor/appointments/r1/clinical-documents': (call) => {
        sent = call.body;
        status = 'completed';
        return {
          status: 201,
          body: {
            success: true,
            data: {
              _id: 'c1',
              appointmentId: 'r1',
              kind: 'prescription',
              version: 1,
              issuedAt: NOW.toISOString(),
              versionAt: NOW.toISOString(),
              doctor: { _id: 'd1', name: 'Dr. Elena Petrova' },
              content: (call.body as { content: unknown }).content,
              revokedAt: null,
              verification: { id: 'v1', shortCode: 'K7QF-3MZD', url: 'http://localhost/verify/v1' },
            },
          },
        };
      },
    });
    const user = userEvent.setup();
    renderApp('/doctor/appointments/r1');
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Prescription request from Maria Ivanova',
      }),
    ).toBeVisible();
    const request = screen.getByRole('region', { name: 'The request' });
    for (const text of [
      'Ibuprofen',
      '400 mg',
      'Film-coated tablet',
      'Enough for a few days',
      'My back pain medicine, as every quarter.',
      'Nov 25, 2026, 9:00 AM',
    ])
      expect(request).toHaveTextContent(text);
    // No call, no outcome, no follow-up, no cancellation: a decline instead.
    expect(screen.queryByRole('link', { name: 'Join' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Outcome' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Follow-up visit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).toBeNull();
    expect(screen.queryByText(/The consultation has begun/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();

    const panel = screen.getByRole('region', { name: 'Prescriptions, sick notes and referrals' });
    await within(panel).findByText('Nothing issued yet.');
    expect(within(panel).queryByRole('button', { name: 'Write a sick note' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Write a referral' })).toBeNull();
    await user.click(within(panel).getByRole('button', { name: 'Write a prescription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a prescription' });
    const item = within(dialog).getByRole('group', { name: 'Medicine 1' });
    expect(within(item).getByLabelText('From the catalogue')).toHaveValue('M01AE01');
    expect(within(item).getByLabelText('Medicine (active ingredient)')).toHaveValue('Ibuprofen');
    expect(within(item).getByLabelText('Strength')).toHaveValue('400 mg');
    expect(within(item).getByLabelText('Form')).toHaveValue('film-coated-tablet');
    await user.type(within(item).getByLabelText('Dosage'), '1 tablet twice a day');
    await user.type(within(item).getByLabelText('Quantity'), '1 pack of 50 tablets');
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      kind: 'prescription',
      content: {
        items: [
          {
            atc: 'M01AE01',
            medicine: 'Ibuprofen',
            strength: '400 mg',
            form: 'film-coated-tablet',
            dosage: '1 tablet twice a day',
            quantity: '1 pack of 50 tablets',
            instructions: '',
          },
        ],
      },
    });
    // Answered: the request is completed, nothing more to write or decline.
    expect(await screen.findByText('You answered this request with a prescription.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(within(panel).queryByRole('button', { name: 'Write a prescription' })).toBeNull();
  }, 20_000);

  it('declines it with a reason, and says so', async () => {
    let status: 'upcoming' | 'cancelled' = 'upcoming';
    const api = doctorOnRequest({
      'GET /api/appointments/r1': () => ok({ ...R, status }),
      'POST /api/doctor/prescription-requests/r1/decline': () => {
        status = 'cancelled';
        return ok({ ...R, status, cancelledBy: 'doctor', cancelReason: 'Please come in.' });
      },
    });
    const user = userEvent.setup();
    renderApp('/doctor/appointments/r1');
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline the prescription request' });
    await user.type(
      within(dialog).getByLabelText('Reason for the patient'),
      'Please come to a consultation first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Decline and refund' }));
    expect(
      await screen.findByText('The request was declined and the patient refunded.'),
    ).toBeVisible();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason: 'Please come to a consultation first.',
    });
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull());
  });
});
