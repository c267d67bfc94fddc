import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

function focusablesIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

interface DialogProps {
  /** The dialog's name, shown as its heading. */
  title: string;
  /** Escape or a click on the overlay; ignored while `dismissible` is false (a request runs). */
  onClose: () => void;
  dismissible?: boolean;
  /** `alertdialog` for a question that needs an answer (a confirm prompt). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the text that describes the dialog (an alert dialog's question). */
  descriptionId?: string;
  children: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern). Render it only while open: on mount the focus moves
 * to its first control (or to the dialog itself when it has none), Tab and Shift+Tab stay inside,
 * the rest of the page is inert (out of reach of the keyboard, the pointer and assistive
 * technology) and does not scroll; on unmount the focus goes back to the control that opened it.
 */
export function Dialog({
  title,
  onClose,
  dismissible = true,
  role = 'dialog',
  descriptionId,
  children,
}: DialogProps) {
  const titleId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const pressedOnOverlay = useRef(false);
  // The document listeners are added once; they read the latest props through this ref.
  const latest = useRef({ onClose, dismissible });
  useEffect(() => {
    latest.current = { onClose, dismissible };
  });

  useEffect(() => {
    const overlay = overlayRef.current;
    const panel = panelRef.current;
    if (!overlay || !panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    const madeInert: Element[] = [];
    for (const element of document.body.children) {
      if (element !== overlay && !element.hasAttribute('inert')) {
        element.setAttribute('inert', '');
        madeInert.push(element);
      }
    }
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    (focusablesIn(panel)[0] ?? panel).focus();

    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && latest.current.dismissible) latest.current.onClose();
    };
    // Should the focus escape anyway (a script, an extension), bring it back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !overlay.contains(event.target)) panel.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      for (const element of madeInert) element.removeAttribute('inert');
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const keepTabInside = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab') return;
    const panel = event.currentTarget;
    const items = focusablesIn(panel);
    const first = items[0];
    const last = items.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      ref={overlayRef}
      className="fixed inset-0 z-50 flex items-center justify-center overflow-y-auto bg-slate-900/60 p-4"
      // A click that starts inside the dialog and ends on the overlay (selecting text) is not
      // a click on the overlay.
      onPointerDown={(event) => {
        pressedOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target !== event.currentTarget || !pressedOnOverlay.current) return;
        if (latest.current.dismissible) latest.current.onClose();
      }}
    >
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={keepTabInside}
        className="relative my-auto w-full max-w-md rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
