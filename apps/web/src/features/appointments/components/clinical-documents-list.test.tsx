import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClinicalDocument } from '@vizita/shared/contracts/clinical-documents';
import { accessToken } from '../../../lib/api-client';
import { changeLocale, loadSignedInTranslations } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { AppointmentDocumentsSection } from './clinical-documents-list';
import { expectNoAxeViolations } from '../../../test/axe';

const LIST = 'GET /api/appointments/a1/clinical-documents';
const FILES = 'GET /api/appointments/a1/documents';

const SICK_NOTE: ClinicalDocument = {
  _id: 'c1',
  appointmentId: 'a1',
  kind: 'sick-note',
  version: 1,
  issuedAt: '2026-11-24T09:00:00.000Z',
  versionAt: '2026-11-24T09:00:00.000Z',
  doctor: { _id: 'd1', name: 'Dr. Elena Petrova' },
  content: { start: '2026-11-24', end: '2026-11-26', certificate: 'first' },
  revokedAt: null,
  verification: { id: 'v1', shortCode: 'K7QF-3MZD', url: 'http://localhost/verify/v1' },
};
const PRESCRIPTION: ClinicalDocument = {
  ...SICK_NOTE,
  _id: 'c2',
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
        instructions: '',
      },
    ],
  },
  revokedAt: '2026-11-25T10:00:00.000Z',
  verification: { id: 'v2', shortCode: 'P2XR-8HNW', url: 'http://localhost/verify/v2' },
};

function show() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppointmentDocumentsSection appointmentId="a1" />
    </QueryClientProvider>,
  );
}

const saved: string[] = [];
beforeEach(async () => {
  await changeLocale('en');
  await loadSignedInTranslations();
  accessToken.set('access-1');
  saved.length = 0;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await changeLocale('en');
});

describe('the prescriptions, sick notes and referrals on the patient’s appointment', () => {
  it('lists them, says which was revoked, and downloads one in Bulgarian and German', async () => {
    const api = mockApi({
      [LIST]: () => ok([SICK_NOTE, PRESCRIPTION]),
      [FILES]: () => ok([]),
      'GET /api/clinical-documents/c1/pdf': () => ({ status: 200, body: '%PDF' }),
    });
    show();
    const list = await screen.findByRole('list', {
      name: 'Prescriptions, sick notes and referrals',
    });
    const [sickNote, prescription] = within(list).getAllByRole('listitem');
    expect(within(sickNote!).getByRole('heading', { name: 'Sick note' })).toBeVisible();
    expect(sickNote).toHaveTextContent('Issued on November 24, 2026');
    expect(sickNote).toHaveTextContent('Verification code: K7QF-3MZD');
    expect(sickNote).not.toHaveTextContent('Revoked');
    expect(within(prescription!).getByRole('heading', { name: 'Prescription' })).toBeVisible();
    expect(prescription).toHaveTextContent('Ibuprofen 400 mg');
    expect(within(prescription!).getByText('Revoked')).toBeVisible();
    // Issued documents only: "No documents yet" would be wrong.
    expect(screen.queryByText('No documents yet.')).toBeNull();
    await expectNoAxeViolations();

    // The interface language first; the choice of the four.
    const language = within(sickNote!).getByLabelText('Language of the PDF');
    expect(language).toHaveValue('en');
    expect(
      within(language)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['English', 'Български', 'Deutsch', 'Български + Deutsch']);
    await userEvent.selectOptions(language, 'bg+de');
    await userEvent.click(within(sickNote!).getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(saved).toEqual(['sick-note-K7QF-3MZD-bg-de.pdf']));
    const call = api.calls.find((c) => c.path.startsWith('/api/clinical-documents/'))!;
    expect(call.path).toBe('/api/clinical-documents/c1/pdf?language=bg%2Bde');
    // Through the API client: with the caller's token, never a public link.
    expect(call.headers.get('Authorization')).toBe('Bearer access-1');
  });

  it('names the kind in the patient’s language and downloads in it by default', async () => {
    await changeLocale('de');
    await loadSignedInTranslations();
    const api = mockApi({
      [LIST]: () => ok([SICK_NOTE]),
      [FILES]: () => ok([]),
      'GET /api/clinical-documents/c1/pdf': () => ({ status: 200, body: '%PDF' }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Krankschreibung' })).toBeVisible();
    expect(screen.getByLabelText('Sprache des PDF')).toHaveValue('de');
    await userEvent.click(screen.getByRole('button', { name: 'PDF herunterladen' }));
    await vi.waitFor(() =>
      expect(api.calls.map((c) => c.path)).toContain('/api/clinical-documents/c1/pdf?language=de'),
    );
  });

  it('says when a download or the list fails, and keeps the shared files', async () => {
    mockApi({
      [LIST]: () => ok([SICK_NOTE]),
      [FILES]: () => ok([]),
      'GET /api/clinical-documents/c1/pdf': () => fail(404, 'clinicalDocumentNotFound'),
    });
    const { unmount } = show();
    await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be downloaded');
    unmount();

    mockApi({ [LIST]: () => fail(404, 'appointmentNotFound'), [FILES]: () => ok([]) });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The prescriptions, sick notes and referrals could not be loaded.',
    );
    expect(await screen.findByText('No documents yet.')).toBeVisible();
  });
});
