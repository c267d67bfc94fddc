import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
// Types only: the bell is on every signed-in page, and the contract's zod schemas would come
// with it; the small reader below checks what the bell shows (ADR 0010).
import type { Notification, NotificationPage } from '@vizita/shared/contracts/notifications';
import type { NotificationKind } from '@vizita/shared/domain/notification-kinds';
import { NOTIFICATION_KINDS } from '@vizita/shared/domain/notification-kinds';
import { authApi } from '../../../lib/api-client';

/** The bell's queries: everything under `all` is fetched again when the bell changes. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The first page, for the badge's count. */
  bell: () => [...notificationKeys.all, 'bell'] as const,
  /** The panel's list, page by page. */
  list: () => [...notificationKeys.all, 'list'] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
};

const BY = ['patient', 'doctor', 'clinic'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

function readItem(value: unknown): Notification | null {
  if (!isRecord(value)) return null;
  const { _id, kind, link, createdAt, readAt } = value;
  if (typeof _id !== 'string' || typeof link !== 'string' || typeof createdAt !== 'string')
    return null;
  // A kind from a newer server than this page: not shown, rather than shown wrong.
  if (typeof kind !== 'string' || !(NOTIFICATION_KINDS as readonly string[]).includes(kind))
    return null;
  // Only a path of this app is followed: never another site.
  if (!link.startsWith('/') || link.startsWith('//')) return null;
  const params = isRecord(value.params) ? value.params : {};
  const by = BY.find((b) => b === params.by);
  return {
    _id,
    kind: kind as NotificationKind,
    params: {
      ...(text(params.startsAt) ? { startsAt: text(params.startsAt) } : {}),
      ...(text(params.timeZone) ? { timeZone: text(params.timeZone) } : {}),
      ...(text(params.name) ? { name: text(params.name) } : {}),
      ...(by ? { by } : {}),
    },
    link,
    createdAt,
    readAt: typeof readAt === 'string' ? readAt : null,
  };
}

/** GET /api/notifications's answer, checked by hand; throws on anything but a page. */
export function readNotificationPage(body: unknown): NotificationPage {
  const data = isRecord(body) ? body.data : undefined;
  if (!isRecord(data) || typeof data.unread !== 'number' || !Array.isArray(data.items))
    throw new Error('Invalid response format');
  return {
    unread: data.unread,
    items: data.items.map(readItem).filter((item) => item !== null),
    page: typeof data.page === 'number' ? data.page : 1,
    hasMore: data.hasMore === true,
  };
}

/** GET /api/notifications?page= — the caller's own, newest first, with the unread count. */
export async function getNotifications(page = 1): Promise<NotificationPage> {
  return readNotificationPage(await authApi.get('/api/notifications', { query: { page } }));
}

/** The badge: the first page's unread count. Kept fresh by the live socket, not by polling. */
export const bellQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.bell(), queryFn: () => getNotifications(1) });

export function useBell() {
  return useQuery(bellQueryOptions());
}

/** The panel: page after page as the reader asks for older ones. */
export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });

export function useNotificationList() {
  return useInfiniteQuery(notificationListQueryOptions());
}
