import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accessToken } from '../lib/api-client';
import { loadSignedInTranslations } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { mockApi, ok } from '../test/mock-api';
import { AppointmentDocuments } from './appointment-documents';

const LIST = 'GET /api/appointments/a1/documents';

const version = (id: string, n: number, replacedAt: string | null) => ({
  _id: id,
  version: n,
  fileName: 'krankmeldung.pdf',
  contentType: 'application/pdf',
  sizeBytes: 2048,
  sha256: 'ab'.repeat(32),
  createdAt: '2026-11-24T09:00:00.000Z',
  replacedAt,
});

function show() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AppointmentDocuments appointmentId="a1" />
    </QueryClientProvider>,
  );
}

beforeEach(async () => {
  await loadSignedInTranslations();
  accessToken.set('access-1');
});

describe('AppointmentDocuments', () => {
  it('lists the current version and the versions it replaced, each downloadable', async () => {
    const api = mockApi({
      [LIST]: () =>
        ok([
          {
            documentId: 'd1',
            title: 'Sick note (corrected)',
            versions: [version('v2', 2, null), version('v1', 1, '2026-11-24T10:00:00.000Z')],
          },
        ]),
      'GET /api/appointments/a1/documents/v2/file': () => ({ status: 200, body: 'pdf' }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }),
    );
    show();
    expect(await screen.findByText('Sick note (corrected)')).toBeInTheDocument();
    expect(screen.getByText(/corrected \(version 2\)/)).toBeInTheDocument();
    expect(screen.getByText(/Version 1, replaced on/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(api.calls.map((c) => c.path)).toContain('/api/appointments/a1/documents/v2/file');
    expect(screen.getByRole('button', { name: 'Download version 1' })).toBeEnabled();
  });

  it('says when there is nothing yet, and when the list cannot be read', async () => {
    mockApi({ [LIST]: () => ok([]) });
    const { unmount } = show();
    expect(await screen.findByText('No documents yet.')).toBeInTheDocument();
    unmount();
    mockApi({
      [LIST]: () => ({
        status: 404,
        body: { success: false, message: 'x', code: 'appointmentNotFound' },
      }),
    });
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
  });
});
