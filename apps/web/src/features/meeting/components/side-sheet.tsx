import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './call-icons';

/**
 * A panel of the call beside the video (full screen on phones): a non-modal dialog whose heading
 * takes the focus when it opens, closed by its button or Escape — the page then gives the focus
 * back to the control that opened it. The File Transfer panel and the chat are two.
 */
export function SideSheet({
  id,
  title,
  closeLabel,
  onClose,
  scrolls = true,
  children,
}: {
  id: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  /** Whether the sheet scrolls as a whole (false: a child scrolls, the chat's log). */
  scrolls?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div
      id={id}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      className={
        (scrolls ? 'overflow-y-auto ' : '') +
        'fixed inset-0 z-40 flex flex-col bg-slate-50 shadow-2xl transition-transform duration-200 motion-reduce:transition-none starting:translate-x-full md:inset-y-0 md:right-0 md:left-auto md:w-[26rem] md:border-l md:border-slate-200'
      }
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-3">
        <h2
          ref={headingRef}
          id={titleId}
          tabIndex={-1}
          className="rounded text-lg font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
        >
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none"
        >
          <CloseIcon />
        </button>
      </div>
      {children}
    </div>
  );
}
