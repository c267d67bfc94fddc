import { useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { VideoProviderName } from '@vizita/shared/contracts/meetings';
import { buttonClasses } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { CallEndReason, CallSnapshot } from '../call/call-session';
import { readDevicePreferences } from '../device-check/device-preferences';
import { NotAvailableNotice, type NotAvailable } from './not-available-notice';
import { StreamVideo } from './stream-video';

const END_KEYS = {
  left: 'meeting.end.left',
  ended: 'meeting.end.ended',
  replaced: 'meeting.end.replaced',
  cancelled: 'meeting.end.cancelled',
  failed: 'meeting.end.failed',
} as const satisfies Record<CallEndReason, string>;

/** A lost call can be joined again; an ended or cancelled one cannot. */
const REJOINABLE: ReadonlySet<CallEndReason> = new Set(['failed', 'replaced', 'left']);

function Overlay({ children, tone = 'dark' }: { children: ReactNode; tone?: 'dark' | 'card' }) {
  return (
    <div className="absolute inset-0 z-20 flex items-center justify-center bg-slate-900/85 p-4">
      {tone === 'card' ? (
        <div className="w-full max-w-md rounded-2xl bg-white p-5 text-center shadow-xl sm:p-6">
          {children}
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 text-center text-white">{children}</div>
      )}
    </div>
  );
}

/**
 * The video area: the other participant large, our camera small and muted (our WebRTC call), or
 * Daily's frame in `containerRef`; over it what the call is doing — connecting, waiting, ended —
 * or why it cannot be joined yet. A screen the other participant shares takes the large tile
 * (the doctor's document is what the patient must read) and their camera becomes small.
 */
export function CallStage({
  provider,
  call,
  joining,
  notAvailable,
  otherName,
  backTo,
  containerRef,
  onRejoin,
}: {
  provider: VideoProviderName | null;
  call: CallSnapshot | null;
  joining: boolean;
  notAvailable: NotAvailable | null;
  otherName: string;
  /** The way back after the call; null for a guest. */
  backTo: string | null;
  containerRef: RefObject<HTMLDivElement | null>;
  onRejoin: () => void;
}) {
  const { t } = useTranslation('appointments');
  // The speaker chosen on the device check, as it was when the call began.
  const [speakerId] = useState(() => readDevicePreferences().speakerId);
  const builtin = provider === 'builtin';
  const phase = call?.phase ?? null;
  const remoteScreen = phase === 'ended' ? null : (call?.remoteScreenStream ?? null);

  let overlay: ReactNode = null;
  if (notAvailable) {
    overlay = (
      <Overlay tone="card">
        <NotAvailableNotice notAvailable={notAvailable} backTo={backTo} />
      </Overlay>
    );
  } else if (phase === 'ended' && call?.endReason) {
    overlay = (
      <Overlay tone="card">
        <h2 className="text-lg font-semibold text-slate-900">{t('meeting.end.title')}</h2>
        <p className="mt-2 text-slate-700">{t(END_KEYS[call.endReason])}</p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {REJOINABLE.has(call.endReason) && (
            <button type="button" onClick={onRejoin} className={buttonClasses('primary')}>
              {t('meeting.end.rejoin')}
            </button>
          )}
          {backTo !== null && (
            <Link to={backTo} className={buttonClasses('secondary')}>
              {t('meeting.backToAppointments')}
            </Link>
          )}
        </div>
      </Overlay>
    );
  } else if (joining || (phase === 'connecting' && (builtin || !call?.remoteId))) {
    overlay = (
      <Overlay>
        <Spinner size="lg" className="text-teal-300" />
        <p className="font-medium">{t('meeting.loading')}</p>
      </Overlay>
    );
  } else if (phase === 'waiting' && builtin) {
    overlay = (
      <div className="absolute inset-0 z-10 flex items-center justify-center p-4 text-center text-white">
        <p className="max-w-sm font-medium">
          {/* A patient held in the waiting room waits to be let in, not for the doctor to come. */}
          {call?.admission?.admitted === false && call.selfId === 'patient'
            ? t('meeting.waitingRoom.willLetYouIn', { name: otherName })
            : t('meeting.waitingFor', { name: otherName })}
        </p>
      </div>
    );
  }

  return (
    <section
      aria-label={t('meeting.video.area')}
      className="relative aspect-[3/4] w-full overflow-hidden rounded-2xl bg-slate-900 sm:aspect-video"
    >
      {/* Daily's frame goes here; React keeps out of it. */}
      <div ref={containerRef} className="absolute inset-0" />
      {builtin && (
        <>
          {remoteScreen && (
            <StreamVideo
              stream={remoteScreen}
              muted
              label={t('meeting.screenShare.remoteScreen', { name: otherName })}
              testId="remote-screen"
              className="absolute inset-0 size-full"
            />
          )}
          {/* The same element large or small: the video keeps playing when a share starts. */}
          <div
            data-testid="remote-camera-tile"
            data-size={remoteScreen ? 'small' : 'large'}
            className={cn(
              remoteScreen
                ? 'absolute top-3 left-3 z-10 w-1/3 max-w-48 overflow-hidden rounded-lg shadow-lg ring-2 ring-white/70 sm:w-1/4'
                : 'absolute inset-0',
              remoteScreen && !call?.remoteStream && 'hidden',
            )}
          >
            <StreamVideo
              stream={call?.remoteStream ?? null}
              sinkId={speakerId}
              label={t('meeting.video.remote', { name: otherName })}
              testId="remote-video"
              className={remoteScreen ? 'aspect-video w-full' : 'size-full'}
            />
          </div>
          {call?.localStream && (
            <div className="absolute right-3 bottom-3 z-10 w-1/3 max-w-48 overflow-hidden rounded-lg shadow-lg ring-2 ring-white/70 sm:w-1/4">
              <StreamVideo
                stream={call.localStream}
                muted
                label={t('meeting.video.local')}
                testId="local-video"
                className="aspect-video w-full -scale-x-100"
              />
              {!call.cameraOn && (
                <p className="absolute inset-0 flex items-center justify-center bg-slate-800 px-1 text-center text-xs font-medium text-white">
                  {t('meeting.video.cameraOff')}
                </p>
              )}
            </div>
          )}
        </>
      )}
      {overlay}
    </section>
  );
}
