import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';

/**
 * A `<video>` showing a MediaStream. Plays inline (iOS would go full screen otherwise). When the
 * browser refuses to start playback with sound (no user gesture yet), a button starts it. Its
 * sound goes to `sinkId` (the speaker chosen on the device check) where the browser lets a page
 * choose.
 */
export function StreamVideo({
  stream,
  muted = false,
  label,
  testId,
  className,
  sinkId,
}: {
  stream: MediaStream | null;
  muted?: boolean;
  label: string;
  testId: string;
  className?: string;
  sinkId?: string | undefined;
}) {
  const { t } = useTranslation('appointments');
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);

  // The stream is attached and let go of in one layout effect. Leaving, the video lets go of it
  // before anyone stops its tracks: a layout effect's cleanup runs before every passive one
  // (useDevicePreview's stops the tracks). WebKitGTK deadlocks now and then when the tracks of a
  // video it is pausing as it leaves the page end under it (its main thread and a GStreamer sink
  // waiting on each other, issue #23). Being one effect, the stream also comes back when React
  // shows the video again after a Suspense boundary hid it (which runs layout cleanups only).
  useLayoutEffect(() => {
    const video = ref.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    // `play` is missing or returns nothing in some environments (older engines, test DOMs).
    const playing = typeof video.play === 'function' ? video.play() : undefined;
    playing?.then(
      () => setBlocked(false),
      (error: unknown) => {
        // An AbortError only means a newer stream replaced this one.
        if (!(error instanceof DOMException && error.name === 'AbortError')) setBlocked(true);
      },
    );
    return () => {
      video.srcObject = null;
    };
  }, [stream]);

  useEffect(() => {
    const video = ref.current;
    if (!video || !sinkId || typeof video.setSinkId !== 'function') return;
    // A speaker unplugged since the check leaves the sound where it was (the default).
    video.setSinkId(sinkId).catch(() => undefined);
  }, [sinkId]);

  return (
    <>
      <video
        ref={ref}
        data-testid={testId}
        aria-label={label}
        autoPlay
        playsInline
        muted={muted}
        className={cn('bg-slate-900 object-contain', className)}
      />
      {blocked && (
        <button
          type="button"
          onClick={() => {
            const video = ref.current;
            if (video)
              void video.play().then(
                () => setBlocked(false),
                () => undefined,
              );
          }}
          className="absolute top-1/2 left-1/2 z-10 min-h-11 -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-900 shadow focus-visible:ring-2 focus-visible:ring-teal-400 focus-visible:outline-none"
        >
          {t('meeting.video.startPlayback')}
        </button>
      )}
    </>
  );
}
