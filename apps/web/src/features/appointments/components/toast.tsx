import { DELAYS } from '@vizita/shared/constants';
import { CheckCircleIcon } from '../../../components/ui/icons';
import { useTimeout } from '../../../lib/use-timeout';

export interface ToastMessage {
  /** A new id restarts the 4 s, also for the same text. */
  id: number;
  text: string;
}

function ToastCard({ text, onDismiss }: { text: string; onDismiss: () => void }) {
  useTimeout(onDismiss, DELAYS.toastMs);
  return (
    <div className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm font-medium text-white shadow-lg">
      <CheckCircleIcon className="mt-px shrink-0 text-emerald-300" />
      <p className="min-w-0 break-words">{text}</p>
    </div>
  );
}

/**
 * A confirmation at the bottom of the screen that closes itself after 4 seconds (spec §2, §9).
 * The live region is always there, so that screen readers announce a message put into it.
 */
export function Toast({
  message,
  onDismiss,
}: {
  message: ToastMessage | null;
  onDismiss: () => void;
}) {
  return (
    <div
      role="status"
      // Above the bottom navigation on phones, in the corner on wider screens.
      className="pointer-events-none fixed inset-x-4 bottom-24 z-40 flex justify-center md:inset-x-auto md:right-6 md:bottom-6"
    >
      {message && <ToastCard key={message.id} text={message.text} onDismiss={onDismiss} />}
    </div>
  );
}
