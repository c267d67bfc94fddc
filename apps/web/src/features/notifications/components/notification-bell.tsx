import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keysTheBellRefreshes } from '../../../api/query-keys';
import { BellIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { notificationKeys, useBell } from '../api/get-notifications';
import { useLiveBell } from '../hooks/use-live-bell';
import type { Audience } from '../utils/notification-title';

// The list is its own chunk: the bell is on every signed-in page, the panel opens now and then.
const NotificationPanel = lazy(async () => ({
  default: (await import('./notification-panel')).NotificationPanel,
}));

/** The badge shows "99+" above this (contracts/notifications UNREAD_BADGE_MAX). */
const BADGE_MAX = 99;

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2';

/**
 * The bell of the top bar (issue #20), for every signed-in role: the unread count on its badge,
 * kept up to date over a socket while the page is open, and a panel of the notifications that it
 * opens and closes (a disclosure: Escape or a click outside closes it, focus returns to the bell).
 */
export function NotificationBell({ audience }: { audience: Audience }) {
  const { t } = useTranslation(['navigation', 'notifications']);
  const queryClient = useQueryClient();
  const { data } = useBell();
  const unread = data?.unread ?? 0;
  const shown = unread > BADGE_MAX ? `${BADGE_MAX}+` : String(unread);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // What changed the bell may be on the page (a reply in the open conversation, a proposal on an
  // appointment's card): that page's data is refetched with it, not on its next poll or visit.
  useLiveBell(() => {
    for (const queryKey of [notificationKeys.all, ...keysTheBellRefreshes])
      void queryClient.invalidateQueries({ queryKey });
  });

  // A screen reader hears that something new came in, not just a changed number on a badge.
  const [arrived, setArrived] = useState(false);
  const [seenUnread, setSeenUnread] = useState<number | null>(null);
  if (data && seenUnread !== data.unread) {
    if (seenUnread !== null && data.unread > seenUnread) setArrived(true);
    setSeenUnread(data.unread);
  }

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="sm:relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => {
          setArrived(false);
          setOpen((was) => !was);
        }}
        className={cn(
          'relative inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 hover:text-slate-900',
          focusRing,
        )}
      >
        <BellIcon />
        {/* Named by its (hidden) text, not aria-label: the visible badge is then no mismatch
            between what is seen and what is announced (WCAG 2.5.3). */}
        <span className="sr-only">{t('navigation:notifications', { unread: shown })}</span>
        <span
          aria-hidden="true"
          className={cn(
            'absolute top-1.5 right-1 flex min-w-4 items-center justify-center rounded-full px-1 text-[10px] leading-4 font-bold',
            unread > 0 ? 'bg-red-700 text-white' : 'bg-slate-200 text-slate-800',
          )}
        >
          {shown}
        </span>
      </button>
      {/* A live region without the status role: the page's own status messages stay the only
          ones a "status" query finds, and this one is heard all the same. */}
      <span aria-live="polite" className="sr-only">
        {arrived ? t('notifications:arrived') : ''}
      </span>
      {open && (
        <Suspense fallback={null}>
          <NotificationPanel id={panelId} audience={audience} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
