import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import type { CallSnapshot, ScreenShareIssue } from '../call/call-session';
import { ScreenShareIcon } from './call-icons';

const ISSUE_KEYS = {
  blocked: 'meeting.screenShare.blocked',
  unsupported: 'meeting.screenShare.unsupported',
  failed: 'meeting.screenShare.failed',
} as const satisfies Record<ScreenShareIssue, string>;

/** Who shares a screen now: us, the other participant, or no one. */
type Sharer = 'self' | 'remote' | null;

function sharerOf(call: CallSnapshot): Sharer {
  if (call.phase === 'ended') return null;
  if (call.sharingScreen) return 'self';
  return call.remoteSharingScreen ? 'remote' : null;
}

/**
 * Screen sharing above the video: while we share, a bar that says so with its Stop button (the
 * other side sees everything on the shared screen, so it must not be forgotten); while the other
 * participant shares, a line that says who; why a share did not start. A live region says each
 * start and stop to screen readers.
 */
export function ScreenShareNotice({
  call,
  otherName,
  onStop,
}: {
  call: CallSnapshot | null;
  otherName: string;
  onStop: () => void;
}) {
  const { t } = useTranslation('appointments');
  const sharer = call ? sharerOf(call) : null;
  // The share that just ended, for the announcement (state from the previous render).
  const [last, setLast] = useState<Sharer>(sharer);
  const [ended, setEnded] = useState<Sharer>(null);
  if (sharer !== last) {
    setLast(sharer);
    setEnded(sharer === null ? last : null);
  }

  const announcement =
    sharer === 'self'
      ? t('meeting.screenShare.youAreSharing')
      : sharer === 'remote'
        ? t('meeting.screenShare.remoteSharing', { name: otherName })
        : ended === 'self'
          ? t('meeting.screenShare.youStopped')
          : ended === 'remote'
            ? t('meeting.screenShare.remoteStopped', { name: otherName })
            : '';
  const issue = call && call.phase !== 'ended' ? call.screenShareIssue : null;

  return (
    <>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {issue && <Alert tone="error">{t(ISSUE_KEYS[issue])}</Alert>}
      {sharer === 'self' && (
        <div
          data-testid="screen-share-indicator"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-teal-800 px-4 py-3 text-white shadow-sm"
        >
          <p aria-hidden="true" className="flex min-w-0 items-center gap-2 font-semibold">
            <ScreenShareIcon className="shrink-0" />
            {t('meeting.screenShare.youAreSharing')}
          </p>
          <button
            type="button"
            onClick={onStop}
            className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-teal-900 shadow-sm hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-teal-800 focus-visible:outline-none"
          >
            <ScreenShareIcon off />
            {t('meeting.screenShare.stop')}
          </button>
        </div>
      )}
      {sharer === 'remote' && (
        <p
          aria-hidden="true"
          className="flex items-center gap-2 text-sm font-medium text-slate-800"
        >
          <ScreenShareIcon className="shrink-0 text-teal-700" />
          {t('meeting.screenShare.remoteSharing', { name: otherName })}
        </p>
      )}
    </>
  );
}
