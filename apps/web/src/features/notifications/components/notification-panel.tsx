import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { formatRelativeTime } from '../../../lib/format-relative-time';
import { useNow } from '../../../lib/use-now';
import { useNotificationList } from '../api/get-notifications';
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
} from '../api/mark-notifications-read';
import { notificationTitle, type Audience } from '../utils/notification-title';

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-inset';
const textButton = cn(
  'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-teal-800 hover:bg-teal-50 disabled:opacity-60',
  focusRing,
);

/**
 * The bell's panel (a lazy chunk): the reader's notifications, newest first, unread ones marked;
 * each a link that marks it read; "mark all as read"; older pages on demand. Opened by the bell,
 * whose focus it takes (its heading) and gives back when Escape closes it.
 */
export function NotificationPanel({
  id,
  audience,
  onClose,
}: {
  id: string;
  audience: Audience;
  /** `returnFocus`: back to the bell (closing in place), or not (following a link). */
  onClose: (returnFocus: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const list = useNotificationList();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow(60_000);
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  // The keys come from notificationTitle's literal map; i18next's types cannot follow it there.
  const translate = t as unknown as (key: string, values?: Record<string, string>) => string;

  return (
    <div
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      className="fixed inset-x-3 top-[4.25rem] z-40 overflow-hidden rounded-xl border border-slate-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
    >
      <div className="flex flex-wrap items-center justify-between gap-1 border-b border-slate-200 py-1 pr-1 pl-4">
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="text-base font-semibold text-slate-900 focus:outline-none"
        >
          {t('panel.title')}
        </h2>
        <div className="flex items-center">
          {unread > 0 && (
            <button
              type="button"
              className={textButton}
              disabled={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              {t('panel.markAll')}
            </button>
          )}
          <button type="button" className={textButton} onClick={() => onClose(true)}>
            {t('panel.close')}
          </button>
        </div>
      </div>
      <div className="max-h-[min(70dvh,32rem)] overflow-y-auto">
        {list.isPending ? (
          <p role="status" className="px-4 py-6 text-sm text-slate-700">
            {t('panel.loading')}
          </p>
        ) : list.isError ? (
          <div role="alert" className="space-y-2 px-4 py-6 text-sm text-slate-800">
            <p>{t('panel.loadFailed')}</p>
            <button type="button" className={textButton} onClick={() => void list.refetch()}>
              {t('panel.retry')}
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="px-4 py-6 text-sm text-slate-700">{t('panel.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((item) => {
              const title = notificationTitle(item, audience);
              const isUnread = item.readAt === null;
              return (
                <li key={item._id}>
                  <Link
                    to={item.link}
                    onClick={() => {
                      if (isUnread) markOne.mutate(item._id);
                      onClose(false);
                    }}
                    className={cn(
                      'flex gap-3 px-4 py-3 hover:bg-slate-50',
                      isUnread && 'bg-teal-50/60',
                      focusRing,
                    )}
                  >
                    <span
                      aria-hidden="true"
                      className={cn(
                        'mt-1.5 size-2 shrink-0 rounded-full',
                        isUnread ? 'bg-teal-700' : 'bg-transparent',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      <span
                        className={cn(
                          'block text-sm text-slate-900',
                          isUnread ? 'font-semibold' : 'font-normal',
                        )}
                      >
                        {translate(title.key, title.values)}
                      </span>
                      {isUnread && <span className="sr-only">{t('panel.unread')}</span>}
                      <time
                        dateTime={item.createdAt}
                        className="mt-0.5 block text-xs text-slate-600"
                      >
                        {formatRelativeTime(item.createdAt, now) ?? item.createdAt}
                      </time>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage && (
          <div className="border-t border-slate-200 p-2 text-center">
            <button
              type="button"
              className={textButton}
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
            >
              {t('panel.older')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
