import { describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '@vizita/shared/domain/notification-kinds';
import { readNotificationPage } from './get-notifications';

const item = (over: Record<string, unknown> = {}) => ({
  _id: 'n1',
  kind: 'bookingConfirmed',
  params: { name: 'Dr. Elena Petrova', startsAt: '2026-11-26T08:00:00.000Z' },
  link: '/dashboard/appointments',
  createdAt: '2026-11-24T10:00:00.000Z',
  readAt: null,
  ...over,
});
const page = (items: unknown[], unread = 1) => ({
  success: true,
  data: { unread, items, page: 1, hasMore: false },
});

describe('reading GET /api/notifications', () => {
  it('keeps every kind the contract knows', () => {
    const items = NOTIFICATION_KINDS.map((kind, i) => item({ _id: `n${i}`, kind }));
    expect(readNotificationPage(page(items)).items.map((n) => n.kind)).toEqual([
      ...NOTIFICATION_KINDS,
    ]);
  });

  it('says "Invalid response format" for anything but a page', () => {
    for (const body of [null, 'oops', { data: { items: [] } }, { data: { unread: 1 } }])
      expect(() => readNotificationPage(body)).toThrow('Invalid response format');
  });

  it('leaves out what it cannot show safely: an unknown kind, a link to another site', () => {
    const read = readNotificationPage(
      page([
        item({ kind: 'fromTheFuture' }),
        item({ link: 'https://evil.example/' }),
        item({ link: '//evil.example/' }),
        item({ _id: 3 }),
        item({ _id: 'kept' }),
      ]),
    );
    expect(read.items.map((n) => n._id)).toEqual(['kept']);
  });

  it('keeps only the params a text uses', () => {
    const [read] = readNotificationPage(
      page([item({ params: { name: 'A', by: 'hacker', reason: 'Chest pain', startsAt: 5 } })]),
    ).items;
    expect(read!.params).toEqual({ name: 'A' });
  });
});
