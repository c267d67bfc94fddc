import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicalDocument } from '@vizita/shared/contracts/clinical-documents';
import { appointmentData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';

// Tuesday 2026-11-24 at 08:40 UTC: the 08:00 consultation is over, the doctor writes documents.
const NOW = new Date('2026-11-24T08:40:00.000Z');
const A = appointmentData({
  _id: 'a1',
  date: '2026-11-24',
  slot: '08:00',
  startsAt: '2026-11-24T08:00:00.000Z',
  status: 'completed',
  patient: { _id: 'p1', name: 'Maria Ivanova' },
});
const LIST = 'GET /api/appointments/a1/clinical-documents';
const ISSUE = 'POST /api/doctor/appointments/a1/clinical-documents';

function issued(over: Partial<ClinicalDocument> & Pick<ClinicalDocument, 'kind' | 'content'>) {
  return {
    _id: 'c1',
    appointmentId: 'a1',
    version: 1,
    issuedAt: NOW.toISOString(),
    versionAt: NOW.toISOString(),
    doctor: { _id: 'd1', name: 'Dr. Elena Petrova' },
    revokedAt: null,
    verification: { id: 'v1', shortCode: 'K7QF-3MZD', url: 'http://localhost/verify/v1' },
    ...over,
  } satisfies ClinicalDocument;
}

function doctorOn(handlers: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /auth/status': () => ok(session({ userType: 'doctor', userId: 'd1' })),
    'GET /api/appointments/a1': () => ok(A),
    'GET /api/doctor/appointments/a1/notes': () =>
      ok({ versions: [], editable: true, editableUntil: '2026-12-01T08:00:00.000Z' }),
    'GET /api/appointments/a1/documents': () => ok([]),
    'GET /api/follow-ups': () => ok([]),
    ...handlers,
  });
}

async function openPanel() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderApp('/doctor/appointments/a1');
  const panel = await screen.findByRole('region', {
    name: 'Prescriptions, sick notes and referrals',
  });
  return { user, panel };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('prescriptions, sick notes and referrals in the doctor console', () => {
  it('issues a prescription from the catalogue and a typed medicine', async () => {
    let sent: unknown;
    let list: ClinicalDocument[] = [];
    doctorOn({
      [LIST]: () => ok(list),
      [ISSUE]: (call) => {
        sent = call.body;
        list = [
          issued({ kind: 'prescription', content: (call.body as { content: never }).content }),
        ];
        return { status: 201, body: { success: true, data: list[0] } };
      },
    });
    const { user, panel } = await openPanel();
    expect(await within(panel).findByText('Nothing issued yet.')).toBeVisible();
    await user.click(within(panel).getByRole('button', { name: 'Write a prescription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a prescription' });

    // Nothing filled in: refused before anything is sent, at the first field.
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));
    expect(within(dialog).getByLabelText('Medicine (active ingredient)')).toHaveFocus();
    expect(sent).toBeUndefined();
    await expectNoAxeViolations();

    const first = within(dialog).getByRole('group', { name: 'Medicine 1' });
    await user.selectOptions(within(first).getByLabelText('From the catalogue'), 'M01AE01');
    expect(within(first).getByLabelText('Medicine (active ingredient)')).toHaveValue('Ibuprofen');
    expect(within(first).getByText('ATC code M01AE01')).toBeVisible();
    // The catalogue's strengths and form, the first chosen.
    const strength = within(first).getByLabelText('Strength');
    expect(
      within(strength)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['200 mg', '400 mg', '600 mg']);
    await user.selectOptions(strength, '400 mg');
    expect(within(first).getByLabelText('Form')).toHaveValue('film-coated-tablet');
    await user.type(within(first).getByLabelText('Dosage'), '1 tablet three times a day');
    await user.type(within(first).getByLabelText('Quantity'), '1 pack of 20 tablets');
    await user.type(within(first).getByLabelText('Instructions for the patient'), 'With food');

    await user.click(within(dialog).getByRole('button', { name: 'Add another medicine' }));
    const second = within(dialog).getByRole('group', { name: 'Medicine 2' });
    await user.type(within(second).getByLabelText('Medicine (active ingredient)'), 'Ambroxol');
    await user.type(within(second).getByLabelText('Strength'), '30 mg');
    await user.selectOptions(within(second).getByLabelText('Form'), 'tablet');
    await user.type(within(second).getByLabelText('Dosage'), '1 tablet twice a day');
    await user.type(within(second).getByLabelText('Quantity'), '1 pack');
    await user.click(within(dialog).getByRole('button', { name: 'Issue prescription' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      kind: 'prescription',
      content: {
        items: [
          {
            atc: 'M01AE01',
            medicine: 'Ibuprofen',
            strength: '400 mg',
            form: 'film-coated-tablet',
            dosage: '1 tablet three times a day',
            quantity: '1 pack of 20 tablets',
            instructions: 'With food',
          },
          {
            atc: null,
            medicine: 'Ambroxol',
            strength: '30 mg',
            form: 'tablet',
            dosage: '1 tablet twice a day',
            quantity: '1 pack',
            instructions: '',
          },
        ],
      },
    });
    expect(
      await within(panel).findByText(
        'The prescription was issued. The patient finds it on the appointment.',
      ),
    ).toBeVisible();
    expect(await within(panel).findByRole('heading', { name: 'Prescription' })).toBeVisible();
    expect(within(panel).getByText('K7QF-3MZD')).toBeVisible();
    expect(within(panel).getByText('Ibuprofen 400 mg, Ambroxol 30 mg')).toBeVisible();
    // Two medicines typed key by key take a while on a busy machine.
  }, 20_000);

  it('explains the sick-note limit, says the API’s refusal, and issues a 3-day note', async () => {
    const bodies: unknown[] = [];
    let list: ClinicalDocument[] = [];
    doctorOn({
      [LIST]: () => ok(list),
      [ISSUE]: (call) => {
        bodies.push(call.body);
        // A patient new to the practice: at most 3 days.
        if (bodies.length === 1) return fail(400, 'sickNoteTooLong');
        list = [issued({ kind: 'sick-note', content: (call.body as { content: never }).content })];
        return { status: 201, body: { success: true, data: list[0] } };
      },
    });
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Write a sick note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a sick note' });
    expect(dialog).toHaveTextContent(
      'At most 3 calendar days for a patient new to the practice, 7 for a known one, in a video consultation (German AU guideline).',
    );
    const start = within(dialog).getByLabelText('First day');
    const end = within(dialog).getByLabelText('Last day');
    expect(start).toHaveValue('2026-11-24');
    expect(end).toHaveValue('2026-11-26');
    expect(within(dialog).getByText('3 calendar days')).toBeVisible();
    await expectNoAxeViolations();

    // Longer than the rule allows anyone: said before anything is sent.
    fireEvent.change(end, { target: { value: '2026-12-04' } });
    expect(within(dialog).getByText('11 calendar days')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Issue sick note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Too long for a video consultation',
    );
    expect(bodies).toEqual([]);

    // Five days: the API knows the patient is new to the practice and refuses.
    fireEvent.change(end, { target: { value: '2026-11-28' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Issue sick note' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'at most 3 calendar days for a patient new to the practice',
    );
    expect(bodies).toEqual([
      {
        kind: 'sick-note',
        content: { start: '2026-11-24', end: '2026-11-28', certificate: 'first' },
      },
    ]);

    fireEvent.change(end, { target: { value: '2026-11-26' } });
    await user.click(within(dialog).getByRole('button', { name: 'Issue sick note' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodies[1]).toEqual({
      kind: 'sick-note',
      content: { start: '2026-11-24', end: '2026-11-26', certificate: 'first' },
    });
    expect(await within(panel).findByRole('heading', { name: 'Sick note' })).toBeVisible();
    expect(panel).toHaveTextContent(
      'Unfit for work from November 24, 2026 to November 26, 2026 · First certificate',
    );
  });

  it('issues a referral to a specialty with its urgency and question', async () => {
    let sent: unknown;
    doctorOn({
      [LIST]: () => ok([]),
      [ISSUE]: (call) => {
        sent = call.body;
        return {
          status: 201,
          body: {
            success: true,
            data: issued({ kind: 'referral', content: (call.body as { content: never }).content }),
          },
        };
      },
    });
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Write a referral' }));
    const dialog = await screen.findByRole('dialog', { name: 'Write a referral' });
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Issue referral' }));
    expect(within(dialog).getByLabelText('Specialty')).toHaveAccessibleDescription(
      'Please choose the specialty.',
    );
    await user.selectOptions(within(dialog).getByLabelText('Specialty'), 'cardiology');
    await user.selectOptions(within(dialog).getByLabelText('Urgency'), 'soon');
    await user.type(
      within(dialog).getByLabelText('Question for the colleague'),
      'Exertional chest pain: ergometry?',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Issue referral' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual({
      kind: 'referral',
      content: {
        specialty: 'cardiology',
        urgency: 'soon',
        question: 'Exertional chest pain: ergometry?',
      },
    });
  });

  it('corrects a document with the same form, prefilled, and revokes it', async () => {
    let list: ClinicalDocument[] = [
      issued({
        kind: 'referral',
        content: { specialty: 'cardiology', urgency: 'routine', question: 'ECG?' },
      }),
    ];
    let corrected: unknown;
    let revoked: unknown;
    doctorOn({
      [LIST]: () => ok(list),
      'PUT /api/doctor/clinical-documents/c1': (call) => {
        corrected = call.body;
        list = [
          issued({
            kind: 'referral',
            version: 2,
            content: (call.body as { content: never }).content,
          }),
        ];
        return ok(list[0]);
      },
      // The document's current registration (its verification id) is what is revoked.
      'POST /api/doctor/documents/v1/revoke': (call) => {
        revoked = call.body;
        list = [{ ...list[0]!, revokedAt: NOW.toISOString() }];
        return ok({ id: 'v1', revokedAt: NOW.toISOString() });
      },
    });
    const { user, panel } = await openPanel();
    await within(panel).findByRole('heading', { name: 'Referral' });
    await expectNoAxeViolations();
    await user.click(within(panel).getByRole('button', { name: 'Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the referral' });
    expect(within(dialog).getByLabelText('Specialty')).toHaveValue('cardiology');
    expect(within(dialog).getByLabelText('Question for the colleague')).toHaveValue('ECG?');
    await user.selectOptions(within(dialog).getByLabelText('Urgency'), 'urgent');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(corrected).toEqual({
      kind: 'referral',
      content: { specialty: 'cardiology', urgency: 'urgent', question: 'ECG?' },
    });
    expect(await within(panel).findByText(/saved as version 2/)).toBeVisible();
    expect(await within(panel).findByText(/corrected \(version 2/)).toBeVisible();

    await user.click(within(panel).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke Referral K7QF-3MZD?' });
    await expectNoAxeViolations();
    // A reason is required.
    await user.click(within(confirm).getByRole('button', { name: 'Revoke document' }));
    expect(revoked).toBeUndefined();
    await user.type(within(confirm).getByLabelText('Reason'), 'Issued by mistake');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke document' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(revoked).toEqual({ reason: 'Issued by mistake' });
    expect(await within(panel).findByText('Revoked')).toBeVisible();
    // A revoked document is neither corrected nor revoked again; its PDF stays.
    expect(within(panel).queryByRole('button', { name: 'Correct' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Download PDF' })).toBeVisible();
  });

  it('says a refusal of a correction in the doctor’s words', async () => {
    doctorOn({
      [LIST]: () =>
        ok([
          issued({
            kind: 'sick-note',
            content: { start: '2026-11-24', end: '2026-11-25', certificate: 'first' },
          }),
        ]),
      'PUT /api/doctor/clinical-documents/c1': () => fail(409, 'clinicalDocumentRevoked'),
    });
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Correct' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct the sick note' });
    expect(within(dialog).getByLabelText('Last day')).toHaveValue('2026-11-25');
    await user.click(within(dialog).getByRole('button', { name: 'Save correction' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This document was revoked and can no longer be changed.',
    );
  });

  it('offers no writing once the consultation’s 30 days are over', async () => {
    vi.setSystemTime(new Date('2026-12-25T09:00:00.000Z'));
    doctorOn({ [LIST]: () => ok([]) });
    const { panel } = await openPanel();
    expect(
      await within(panel).findByText(/until 30 days after it, not for a no-show/),
    ).toBeVisible();
    expect(within(panel).queryByRole('button', { name: 'Write a prescription' })).toBeNull();
  });
});
