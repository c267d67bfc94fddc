import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMessageThreads } from '../../../api/get-message-threads';
import { ThreadTitle, type ThreadViewer } from '../../../components/message-thread';
import { Button } from '../../../components/ui/button';
import { ErrorState } from '../../../components/ui/error-state';
import { LoadingState } from '../../../components/ui/spinner';
import { formatDateTime } from '../../../lib/dates';
import { cn } from '../../../lib/cn';

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

/**
 * The reader's conversations, the newest first, each a link to the thread with its unread count:
 * the patient's own, the doctor's patients', or the clinic's. Refreshed every 30 seconds.
 */
export function ThreadList({ viewer, basePath }: { viewer: ThreadViewer; basePath: string }) {
  const { t } = useTranslation('messages');
  const threads = useMessageThreads();
  if (threads.isError)
    return (
      <ErrorState
        message={t('list.error')}
        retrying={threads.isFetching}
        onRetry={() => void threads.refetch()}
      />
    );
  if (!threads.data) return <LoadingState label={t('list.loading')} />;
  const items = threads.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <p className="text-slate-700">{t('list.empty')}</p>;
  return (
    <div className="space-y-3">
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white">
        {items.map((thread) => (
          <li key={thread._id}>
            <Link
              to={`${basePath}/${thread._id}`}
              className={cn(
                'flex flex-col gap-1 p-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between',
                focusRing,
              )}
            >
              <span className="min-w-0">
                <ThreadTitle summary={thread} viewer={viewer} />
              </span>
              <span className="flex shrink-0 flex-wrap items-center gap-2 text-sm text-slate-700">
                {thread.lastMessageAt && (
                  <time dateTime={thread.lastMessageAt}>
                    {formatDateTime(thread.lastMessageAt)}
                  </time>
                )}
                {thread.unread > 0 && (
                  <span className="rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('list.unread', { count: thread.unread })}
                  </span>
                )}
                {thread.closedReason && (
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    {t('list.closed')}
                  </span>
                )}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {threads.hasNextPage && (
        <Button
          variant="secondary"
          busy={threads.isFetchingNextPage}
          onClick={() => void threads.fetchNextPage()}
        >
          {t('list.more')}
        </Button>
      )}
    </div>
  );
}
