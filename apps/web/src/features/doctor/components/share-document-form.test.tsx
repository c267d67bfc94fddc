import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { accessToken } from '../../../lib/api-client';
import { loadSignedInTranslations } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { mockApi } from '../../../test/mock-api';
import { ShareDocumentForm } from './share-document-form';

const SHARE = 'POST /api/doctor/appointments/a1/documents';
const shared = {
  status: 201,
  body: {
    success: true,
    data: { documentId: 'd1', title: 'Sick note', versions: [] },
  },
};

function show(documents: Parameters<typeof ShareDocumentForm>[0]['documents'] = []) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShareDocumentForm appointmentId="a1" documents={documents} />
    </QueryClientProvider>,
  );
  return userEvent.setup({ applyAccept: false });
}

beforeEach(async () => {
  await loadSignedInTranslations();
  accessToken.set('access-1');
});

describe('ShareDocumentForm', () => {
  it('sends the file itself with its title and name, and says it was shared', async () => {
    const api = mockApi({ [SHARE]: () => shared });
    const user = show();
    await user.type(screen.getByLabelText('Title the patient reads'), 'Sick note');
    const pdf = new File(['%PDF-1.7'], 'note.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('File'), pdf);
    await user.click(screen.getByRole('button', { name: 'Share with the patient' }));
    expect(await screen.findByText('The document was shared with the patient.')).toBeVisible();
    const call = api.calls.find((c) => c.method === 'POST')!;
    expect(call.path).toBe(
      '/api/doctor/appointments/a1/documents?title=Sick+note&fileName=note.pdf',
    );
    expect(call.body).toBe(pdf);
    expect(call.headers.get('content-type')).toBe('application/pdf');
  });

  it('refuses another kind of file before sending it', async () => {
    const api = mockApi({ [SHARE]: () => shared });
    const user = show();
    await user.type(screen.getByLabelText('Title the patient reads'), 'Notes');
    await user.upload(
      screen.getByLabelText('File'),
      new File(['<html>'], 'page.html', { type: 'text/html' }),
    );
    await user.click(screen.getByRole('button', { name: 'Share with the patient' }));
    // Said at the file, which takes the focus.
    const file = screen.getByLabelText('File');
    expect(file).toHaveAccessibleDescription(
      expect.stringContaining('Only PDF, PNG and JPEG files'),
    );
    expect(file).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends a correction as the next version of the chosen document, keeping its title', async () => {
    const api = mockApi({ 'POST /api/doctor/appointments/a1/documents/d1/versions': () => shared });
    const user = show([{ documentId: 'd1', title: 'Sick note', versions: [] }]);
    await user.selectOptions(screen.getByLabelText('Document'), 'Corrected version of “Sick note”');
    await user.upload(
      screen.getByLabelText('File'),
      new File(['%PDF'], 'fixed.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Share with the patient' }));
    await screen.findByText('The document was shared with the patient.');
    expect(api.calls.find((c) => c.method === 'POST')!.path).toBe(
      '/api/doctor/appointments/a1/documents/d1/versions?title=Sick+note&fileName=fixed.pdf',
    );
  });
});
