import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message, Thread, ThreadSummary } from '@vizita/shared/contracts/messages';
import { bulgarianProfile } from '../../../test/fixtures';
import { fail, mockApi, ok, session, type RecordedCall } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];

// Wednesday 2026-11-25, 09:00 UTC: the day after Tuesday's consultation.
const NOW = new Date('2026-11-25T09:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

function summary(overrides: Partial<ThreadSummary> = {}): ThreadSummary {
  return {
    _id: 't1',
    kind: 'appointment',
    patientMayReply: true,
    closedReason: null,
    canWrite: true,
    canSetReplies: false,
    lastMessageAt: '2026-11-24T12:00:00.000Z',
    unread: 0,
    patient: { _id: 'user-1', name: 'Elena Petrova' },
    appointment: {
      _id: 'a1',
      startsAt: '2026-11-24T08:00:00.000Z',
      timeZone: 'Europe/Sofia',
      date: '2026-11-24',
      slot: '10:00',
      status: 'completed',
      doctorName: 'Dr. Ivan Georgiev',
      openUntil: '2026-12-24T08:00:00.000Z',
    },
    ...overrides,
  };
}

function message(overrides: Partial<Message> = {}): Message {
  return {
    _id: 'm1',
    senderRole: 'patient',
    senderName: 'Elena Petrova',
    mine: true,
    text: 'The rash is back on my arm.',
    createdAt: '2026-11-24T10:00:00.000Z',
    attachments: [],
    ...overrides,
  };
}

function thread(overrides: Partial<Thread> = {}, base: Partial<ThreadSummary> = {}): Thread {
  return {
    ...summary(base),
    messages: [],
    hasOlder: false,
    readAt: null,
    otherReadAt: null,
    ...overrides,
  };
}

function patientWith(handlers: Handlers) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /auth/profile': () => ok(bulgarianProfile()),
    ...handlers,
  });
}

const postsTo = (calls: RecordedCall[], path: string) =>
  calls.filter((c) => c.method === 'POST' && c.path.startsWith(path));

describe('Messages for the patient', () => {
  it('lists the conversations with their unread counts, and opens the one with the clinic', async () => {
    const api = patientWith({
      'GET /api/messages/threads': () =>
        ok({ items: [summary({ unread: 2 })], unread: 2, nextBefore: null }),
      'PUT /api/messages/clinic-thread': () =>
        ok(summary({ _id: 't2', kind: 'clinic', appointment: null, lastMessageAt: null })),
      'GET /api/messages/threads/t2': () =>
        ok(thread({}, { _id: 't2', kind: 'clinic', appointment: null, lastMessageAt: null })),
      'GET /api/messages/threads/t2/summary': () =>
        ok(summary({ _id: 't2', kind: 'clinic', appointment: null, lastMessageAt: null })),
    });
    renderApp('/dashboard/messages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    const link = await screen.findByRole('link', { name: /Dr\. Ivan Georgiev/ });
    expect(link).toHaveAttribute('href', '/dashboard/messages/t1');
    expect(link).toHaveTextContent('2 unread');

    await userEvent.click(screen.getByRole('button', { name: 'Write to the clinic' }));
    expect(await screen.findByRole('heading', { level: 1, name: /The clinic/ })).toBeVisible();
    expect(screen.getByText('No messages yet. Write the first one below.')).toBeVisible();
    expect(
      api.calls.some((c) => c.method === 'PUT' && c.path === '/api/messages/clinic-thread'),
    ).toBe(true);
  });

  it('shows the conversation as a log with photos, receipts, and marks what it shows as read', async () => {
    const createObjectURL = vi.fn(() => 'blob:photo-1');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const api = patientWith({
      'GET /api/messages/threads/t1': () =>
        ok(
          thread({
            messages: [
              message(),
              message({
                _id: 'm2',
                text: '',
                createdAt: '2026-11-24T10:01:00.000Z',
                attachments: [
                  { _id: 'f1', fileName: 'arm.jpg', contentType: 'image/jpeg', sizeBytes: 2048 },
                ],
              }),
              message({
                _id: 'm3',
                senderRole: 'doctor',
                senderName: 'Dr. Ivan Georgiev',
                mine: false,
                text: 'Please send another photo tomorrow.',
                createdAt: '2026-11-24T12:00:00.000Z',
              }),
            ],
            otherReadAt: '2026-11-24T10:00:30.000Z',
          }),
        ),
      'GET /api/messages/threads/t1/summary': () => ok(summary()),
      'GET /api/messages/threads/t1/attachments/f1': () => ({ status: 200, body: 'jpeg' }),
      'POST /api/messages/threads/t1/read': () => ok({ readAt: '2026-11-24T12:00:00.000Z' }),
    });
    renderApp('/dashboard/messages/t1');
    const log = await screen.findByRole('log', { name: 'Messages' });
    const items = within(log).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    // Her first message was read by the doctor, the photo after it not yet.
    expect(items[0]).toHaveTextContent('Read');
    expect(items[1]).toHaveTextContent('Sent');
    expect(items[2]).toHaveTextContent('Dr. Ivan Georgiev');
    expect(items[2]).toHaveTextContent('Please send another photo tomorrow.');
    const photo = await within(items[1]!).findByRole('img', { name: 'Picture arm.jpg' });
    expect(photo).toHaveAttribute('src', 'blob:photo-1');
    expect(within(items[1]!).getByRole('button', { name: 'Download arm.jpg' })).toBeVisible();

    await waitFor(() =>
      expect(postsTo(api.calls, '/api/messages/threads/t1/read').map((c) => c.body)).toEqual([
        { upTo: '2026-11-24T12:00:00.000Z' },
      ]),
    );
  });

  it('says when the practice closed the conversation, and offers no composer', async () => {
    patientWith({
      'GET /api/messages/threads/t1': () =>
        ok(
          thread(
            { messages: [message()] },
            { patientMayReply: false, closedReason: 'practice', canWrite: false },
          ),
        ),
      'GET /api/messages/threads/t1/summary': () =>
        ok(summary({ patientMayReply: false, closedReason: 'practice', canWrite: false })),
    });
    renderApp('/dashboard/messages/t1');
    expect(
      await screen.findByText(
        'The practice has closed this conversation. You can read it, but not reply.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });

  it('says the same for a conversation that is not hers as for none', async () => {
    patientWith({
      'GET /api/messages/threads/t9': () => fail(404, 'threadNotFound'),
      'GET /api/messages/threads/t9/summary': () => fail(404, 'threadNotFound'),
    });
    renderApp('/dashboard/messages/t9');
    expect(
      await screen.findByText('This conversation does not exist or is no longer open to you.'),
    ).toBeVisible();
  });

  it('opens the conversation about an appointment from its card, or says that it is closed', async () => {
    patientWith({
      'PUT /api/messages/appointments/a1/thread': () => ok(summary()),
      'GET /api/messages/threads/t1': () => ok(thread()),
      'GET /api/messages/threads/t1/summary': () => ok(summary()),
      'PUT /api/messages/appointments/a2/thread': () => fail(409, 'messagesWindowClosed'),
    });
    const { router } = renderApp('/dashboard/messages/appointment/a1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/messages/t1'));
    await router.navigate('/dashboard/messages/appointment/a2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Messages about this appointment are closed',
    );
  });
});

describe('the composer', () => {
  function composing(handlers: Handlers = {}) {
    return patientWith({
      'GET /api/messages/threads/t1': () => ok(thread()),
      'GET /api/messages/threads/t1/summary': () => ok(summary()),
      ...handlers,
    });
  }

  it('asks for a message before sending, and moves the focus to it', async () => {
    const api = composing();
    renderApp('/dashboard/messages/t1');
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    const text = screen.getByRole('textbox', { name: 'Your message' });
    expect(text).toHaveAccessibleDescription(expect.stringContaining('Please write a message'));
    expect(text).toHaveFocus();
    expect(postsTo(api.calls, '/api/messages/threads/t1/')).toEqual([]);
  });

  it('sends the text and then each file as its own message, and refuses an SVG at once', async () => {
    const api = composing({
      'POST /api/messages/threads/t1/messages': () => ({
        status: 201,
        body: { success: true, data: message({ _id: 'm9' }) },
      }),
      'POST /api/messages/threads/t1/attachments': () => ({
        status: 201,
        body: { success: true, data: message({ _id: 'm10', text: '' }) },
      }),
    });
    // As a person who chose "All files" in the browser's dialog.
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, applyAccept: false });
    renderApp('/dashboard/messages/t1');
    const text = await screen.findByRole('textbox', { name: 'Your message' });
    await user.type(text, 'Here is the photo you asked for.');
    const files = screen.getByLabelText('Attach files');
    const photo = new File(['jpeg'], 'arm.jpg', { type: 'image/jpeg' });
    const svg = new File(['<svg/>'], 'drawing.svg', { type: 'image/svg+xml' });
    await user.upload(files, [photo, svg]);
    expect(
      screen.getByText('drawing.svg cannot be sent: only PDF, PNG and JPEG files up to 10 MB.'),
    ).toBeVisible();
    expect(screen.getByRole('list', { name: 'Files to send' })).toHaveTextContent('arm.jpg');
    expect(screen.getByRole('list', { name: 'Files to send' })).not.toHaveTextContent('drawing');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(postsTo(api.calls, '/api/messages/threads/t1/').map((c) => c.path)).toEqual([
        '/api/messages/threads/t1/messages',
        '/api/messages/threads/t1/attachments?fileName=arm.jpg',
      ]),
    );
    const [sentText, sentFile] = postsTo(api.calls, '/api/messages/threads/t1/');
    expect(sentText!.body).toEqual({ text: 'Here is the photo you asked for.' });
    expect(sentFile!.body).toBe(photo);
    expect(sentFile!.headers.get('content-type')).toBe('image/jpeg');
    await waitFor(() => expect(text).toHaveValue(''));
  });

  it('sends a file without a text, and says why the server refused one', async () => {
    const api = composing({
      'POST /api/messages/threads/t1/attachments': () => fail(409, 'threadClosed'),
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/dashboard/messages/t1');
    await user.upload(
      await screen.findByLabelText('Attach files'),
      new File(['%PDF-'], 'befund.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The practice has closed this conversation, so it cannot be answered.',
    );
    expect(postsTo(api.calls, '/api/messages/threads/t1/messages')).toEqual([]);
  });
});

describe('Messages for the clinic', () => {
  it('lets an admin stop and allow the patient’s replies', async () => {
    let replies: unknown;
    mockApi({
      'GET /auth/status': () => ok(session({ isAdmin: true, userType: 'admin', twoFactor: 'on' })),
      'GET /api/messages/threads/t2': () =>
        ok(
          thread(
            { messages: [message({ mine: false })] },
            { _id: 't2', kind: 'clinic', appointment: null, canSetReplies: true },
          ),
        ),
      'GET /api/messages/threads/t2/summary': () =>
        ok(summary({ _id: 't2', kind: 'clinic', appointment: null, canSetReplies: true })),
      'POST /api/messages/threads/t2/read': () => ok({ readAt: NOW.toISOString() }),
      'PUT /api/messages/threads/t2/replies': (call) => {
        replies = call.body;
        return ok(
          summary({ _id: 't2', kind: 'clinic', appointment: null, patientMayReply: false }),
        );
      },
    });
    renderApp('/admin/messages/t2');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Elena Petrova');
    const toggle = await screen.findByRole('checkbox', { name: 'Let the patient reply' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(replies).toEqual({ patientMayReply: false }));
  });
});
