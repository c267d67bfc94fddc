import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ThreadSummary } from '@vizita/shared/contracts/messages';
import { accessToken } from '../lib/api-client';
import { loadSignedInTranslations } from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import { fail, mockApi, ok } from '../test/mock-api';
import { AppointmentMessagesPanel } from './appointment-messages-panel';

const THREAD = 'GET /api/messages/appointments/a1/thread';

const summary = (overrides: Partial<ThreadSummary> = {}): ThreadSummary => ({
  _id: 't1',
  kind: 'appointment',
  patientMayReply: true,
  closedReason: null,
  canWrite: true,
  canSetReplies: true,
  lastMessageAt: '2026-11-24T10:00:00.000Z',
  unread: 0,
  patient: { _id: 'p1', name: 'Maria Ivanova' },
  appointment: null,
  ...overrides,
});
const thread = () =>
  ok({ ...summary(), messages: [], hasOlder: false, readAt: null, otherReadAt: null });

function show() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AppointmentMessagesPanel appointmentId="a1" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const contentReads = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && /\/api\/messages\/threads\/t1(\?|$)/.test(c.path));

beforeEach(async () => {
  await loadSignedInTranslations();
  accessToken.set('access-1');
});

describe('AppointmentMessagesPanel', () => {
  it('says what is unread without reading it, and shows the messages only on request (audited)', async () => {
    const api = mockApi({
      [THREAD]: () => ok(summary({ unread: 2 })),
      'GET /api/messages/threads/t1': thread,
      'GET /api/messages/threads/t1/summary': () => ok(summary()),
    });
    show();
    expect(await screen.findByText('2 unread messages from the patient.')).toBeVisible();
    expect(screen.getByText(/recorded in the audit log/)).toBeVisible();
    expect(contentReads(api.calls)).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Show the messages' }));
    expect(
      await screen.findByRole('heading', { name: 'Conversation about this appointment' }),
    ).toBeVisible();
    expect(contentReads(api.calls)).toHaveLength(1);
    expect(screen.getByRole('checkbox', { name: 'Let the patient reply' })).toBeChecked();
  });

  it('starts the conversation when the doctor writes first', async () => {
    let started = false;
    const api = mockApi({
      [THREAD]: () =>
        started ? ok(summary({ lastMessageAt: null })) : fail(404, 'threadNotFound'),
      'PUT /api/messages/appointments/a1/thread': () => {
        started = true;
        return ok(summary({ lastMessageAt: null }));
      },
      'GET /api/messages/threads/t1': thread,
      'GET /api/messages/threads/t1/summary': () => ok(summary({ lastMessageAt: null })),
    });
    show();
    expect(await screen.findByText('No messages about this appointment yet.')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Write to the patient' }));
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toBeVisible();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual([
        '/api/messages/appointments/a1/thread',
      ]),
    );
  });

  it('says that messages are closed outside the appointment’s window', async () => {
    mockApi({ [THREAD]: () => fail(404, 'appointmentNotFound') });
    show();
    expect(
      await screen.findByText(
        'Messages about this appointment are closed (30 days after it, or when it was cancelled).',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
