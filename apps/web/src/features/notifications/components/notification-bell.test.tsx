import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BELL_READ_WINDOW_MAX_MS, type Notification } from '@vizita/shared/contracts/notifications';
import { mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { withReadWindow } from '../hooks/use-live-bell';

/** A browser WebSocket stand-in: the test speaks for the server. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  closedByPage = false;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close() {
    this.closedByPage = true;
  }
  say(type: 'ready' | 'changed', fields: { changedSinceTicket?: boolean } = {}) {
    act(() => this.onmessage?.({ data: JSON.stringify({ v: 1, type, ...fields }) }));
  }
  drop(code = 1006) {
    act(() => this.onclose?.({ code }));
  }
}

const item = (over: Partial<Notification> = {}): Notification => ({
  _id: 'n1',
  kind: 'bookingConfirmed',
  params: {
    name: 'Dr. Elena Petrova',
    startsAt: '2026-11-26T08:00:00.000Z',
    timeZone: 'Europe/Sofia',
  },
  link: '/dashboard/appointments',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  readAt: null,
  ...over,
});

function setUp({
  items = [item()],
  unread = items.filter((i) => i.readAt === null).length,
  role = 'patient',
}: { items?: Notification[]; unread?: number; role?: 'patient' | 'doctor' } = {}) {
  FakeSocket.opened = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  const state = { items, unread };
  const api = mockApi({
    'GET /auth/status': () =>
      ok(session(role === 'doctor' ? { userType: 'doctor', twoFactor: 'on' } : {})),
    'GET /api/notifications': () =>
      ok({ unread: state.unread, items: state.items, page: 1, hasMore: false }),
    'GET /api/notifications/socket': () =>
      ok({ url: 'ws://localhost/ws/notifications?token=t1', expiresAt: '2026-11-26T08:01:00Z' }),
    'POST /api/notifications/n1/read': () => {
      state.unread = 0;
      state.items = state.items.map((i) => ({ ...i, readAt: new Date().toISOString() }));
      return ok({ unread: 0 });
    },
    'POST /api/notifications/read-all': () => {
      state.unread = 0;
      state.items = state.items.map((i) => ({ ...i, readAt: new Date().toISOString() }));
      return ok({ unread: 0 });
    },
    // What the pages behind the links ask for.
    'GET /api/waitlist': () => ok([]),
    'GET /api/appointments': () =>
      ok({
        data: [],
        counts: { upcoming: 0, completed: 0, no_show: 0, cancelled: 0 },
        pagination: { page: 1, limit: 10, total: 0 },
      }),
  });
  return { api, state };
}

const bellButton = () => screen.findByRole('button', { name: /^Notifications \(/ });

describe('the bell', () => {
  it('shows the unread count, and "99+" above 99', async () => {
    setUp({ unread: 3 });
    renderApp('/dashboard');
    expect(
      await screen.findByRole('button', { name: 'Notifications (3 unread)' }),
    ).toHaveTextContent('3');
  });

  it('caps the badge at 99+', async () => {
    setUp({ unread: 250 });
    renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notifications (99+ unread)' });
    expect(bell).toHaveTextContent('99+');
  });

  it('opens a panel by keyboard, takes the focus, closes on Escape and gives it back', async () => {
    setUp();
    renderApp('/dashboard');
    const user = userEvent.setup();
    const bell = await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    bell.focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'true');
    expect(bell).toHaveAttribute('aria-controls', panel.id);
    await waitFor(() =>
      expect(within(panel).getByRole('heading', { name: 'Notifications' })).toHaveFocus(),
    );
    const link = await within(panel).findByRole('link', {
      name: /Your appointment with Dr\. Elena Petrova on .* is confirmed/,
    });
    expect(link).toHaveAttribute('href', '/dashboard/appointments');
    expect(link).toHaveTextContent('Unread');
    expect(link).toHaveTextContent('5 minutes ago');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(bell).toHaveFocus();
  });

  it('marks one read when it is followed, and closes', async () => {
    const { api } = setUp();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await bellButton());
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('link', { name: /is confirmed/ }));
    await waitFor(() =>
      expect(api.calls.map((c) => `${c.method} ${c.path}`)).toContain(
        'POST /api/notifications/n1/read',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications (0 unread)' })).toBeVisible();
  });

  it('marks all read', async () => {
    setUp({ items: [item(), item({ _id: 'n2', kind: 'refundIssued' })] });
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications (0 unread)' })).toBeVisible();
    await waitFor(() =>
      expect(within(panel).queryByRole('button', { name: 'Mark all as read' })).toBeNull(),
    );
  });

  it('says so when there is nothing', async () => {
    setUp({ items: [] });
    renderApp('/dashboard');
    await userEvent.click(await bellButton());
    expect(await screen.findByText(/No notifications yet/)).toBeVisible();
  });

  it('updates live: a "changed" on the socket fetches the bell again, without a reload', async () => {
    const { state } = setUp({ items: [] });
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Notifications (0 unread)' });
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    const socket = FakeSocket.opened[0]!;
    expect(socket.url).toMatch(/^ws:\/\/localhost\/ws\/notifications\?token=t1&readsWithinMs=\d+$/);
    socket.say('ready');
    state.items = [item()];
    state.unread = 1;
    socket.say('changed');
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
    // …and a screen reader hears that something came in.
    expect(screen.getByText('You have a new notification.')).toHaveAttribute('aria-live', 'polite');
  });

  it('refetches what the page shows when the bell changes: an offer on the alerts page', async () => {
    const { api, state } = setUp({ items: [] });
    renderApp('/dashboard/waitlist');
    expect(await screen.findByText('No alerts yet')).toBeVisible();
    await waitFor(() => expect(FakeSocket.opened.length).toBeGreaterThan(0));
    const alertReads = () => api.calls.filter((c) => c.path === '/api/waitlist').length;
    const before = alertReads();
    state.items = [item()];
    state.unread = 1;
    FakeSocket.opened.at(-1)!.say('changed');
    await screen.findByRole('button', { name: 'Notifications (1 unread)' });
    await waitFor(() => expect(alertReads()).toBeGreaterThan(before));
  });

  it('reads the bell and the page again on opening only if the bell changed meanwhile', async () => {
    const { api } = setUp({ items: [] });
    renderApp('/dashboard/waitlist');
    expect(await screen.findByText('No alerts yet')).toBeVisible();
    await waitFor(() => expect(FakeSocket.opened.length).toBeGreaterThan(0));
    const reads = () =>
      api.calls.filter(
        (c) => c.path === '/api/waitlist' || c.path.startsWith('/api/notifications?'),
      ).length;
    const before = reads();
    // Nothing changed since the page read: the same reads are not made a second time.
    FakeSocket.opened.at(-1)!.say('ready', { changedSinceTicket: false });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(reads()).toBe(before);
    // A reconnection's "ready" reads again, whatever it says: the socket was down a while.
    FakeSocket.opened.at(-1)!.drop();
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(2), { timeout: 3000 });
    FakeSocket.opened[1]!.say('ready', { changedSinceTicket: false });
    await waitFor(() => expect(reads()).toBe(before + 2));
  });

  it('tells the server on its first socket how long the page has been reading, on none after', async () => {
    setUp({ items: [] });
    renderApp('/dashboard');
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    const first = new URL(FakeSocket.opened[0]!.url);
    expect(first.searchParams.get('token')).toBe('t1');
    const readsWithin = Number(first.searchParams.get('readsWithinMs'));
    // The time since the document started, as the ticket's answer arrived: no later than now.
    expect(Number.isInteger(readsWithin)).toBe(true);
    expect(readsWithin).toBeGreaterThan(0);
    expect(readsWithin).toBeLessThanOrEqual(Math.min(30_000, Math.ceil(performance.now())));
    // A reconnection reads again whatever "ready" says: it measures nothing.
    FakeSocket.opened[0]!.say('ready');
    FakeSocket.opened[0]!.drop();
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(2), { timeout: 3000 });
    expect(FakeSocket.opened[1]!.url).toBe('ws://localhost/ws/notifications?token=t1');
  });

  it('says at most what the server counts, in whole ms, beside the ticket as it came', () => {
    const url = 'wss://vizita.example/ws/notifications?token=eyJ.a-b_c.d';
    expect(withReadWindow(url, 1234.2)).toBe(`${url}&readsWithinMs=1235`);
    expect(withReadWindow(url, 3_600_000)).toBe(`${url}&readsWithinMs=${BELL_READ_WINDOW_MAX_MS}`);
  });

  it('reads again on opening when the bell changed as the page opened', async () => {
    const { api, state } = setUp({ items: [] });
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Notifications (0 unread)' });
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    const bellReads = () =>
      api.calls.filter((c) => c.path.startsWith('/api/notifications?')).length;
    const before = bellReads();
    state.items = [item()];
    state.unread = 1;
    FakeSocket.opened[0]!.say('ready', { changedSinceTicket: true });
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
    expect(bellReads()).toBe(before + 1);
  });

  it('reconnects after a blip with a new ticket, and fetches what it missed', async () => {
    const { api, state } = setUp({ items: [] });
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Notifications (0 unread)' });
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    FakeSocket.opened[0]!.say('ready');
    const tickets = () => api.calls.filter((c) => c.path === '/api/notifications/socket').length;
    const before = tickets();
    state.items = [item()];
    state.unread = 1;
    FakeSocket.opened[0]!.drop();
    // Backed off a second at most, then a fresh ticket and socket.
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(2), { timeout: 3000 });
    expect(tickets()).toBe(before + 1);
    FakeSocket.opened[1]!.say('ready');
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeVisible();
  });

  it('stops for good when another site is refused', async () => {
    setUp({ items: [] });
    renderApp('/dashboard');
    await waitFor(() => expect(FakeSocket.opened).toHaveLength(1));
    FakeSocket.opened[0]!.drop(4403);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(FakeSocket.opened).toHaveLength(1);
  });

  it('is on a doctor’s top bar too, with the texts a doctor reads', async () => {
    setUp({
      role: 'doctor',
      items: [
        item({
          kind: 'appointmentReassigned',
          params: { name: 'Maria Ivanova', by: 'clinic', startsAt: '2026-11-26T08:00:00.000Z' },
          link: '/doctor/appointments/a1',
        }),
      ],
    });
    renderApp('/doctor');
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      await within(panel).findByRole('link', {
        name: /The clinic gave the appointment with Maria Ivanova on .* to another doctor/,
      }),
    ).toHaveAttribute('href', '/doctor/appointments/a1');
  });
});
