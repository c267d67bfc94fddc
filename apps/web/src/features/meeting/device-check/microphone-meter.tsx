import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startLevelMeter } from './level-meter';

/** A level this high is a voice (or a knock), not the room's hum: the microphone works. */
const HEARD_LEVEL = 0.35;

/**
 * The microphone's level as a bar (role meter, 0–100), and once it has moved clearly, a line
 * that says the microphone works (announced once, politely).
 */
export function MicrophoneMeter({
  stream,
  AudioContextClass,
}: {
  /** Null while the microphone is being opened: the bar stands at rest. */
  stream: MediaStream | null;
  AudioContextClass: (new () => AudioContext) | null;
}) {
  const { t } = useTranslation('appointments');
  const hintId = useId();
  const [level, setLevel] = useState(0);
  const [heard, setHeard] = useState(false);
  const supported =
    AudioContextClass !== null && (stream === null || stream.getAudioTracks().length > 0);

  useEffect(() => {
    if (!stream) return;
    const meter = startLevelMeter(
      stream,
      (next) => {
        setLevel(Math.round(next * 100));
        if (next >= HEARD_LEVEL) setHeard(true);
      },
      AudioContextClass,
    );
    if (!meter) return;
    // The browser may hold the analysis back until the user does something on the page.
    const resume = () => meter.resume();
    document.addEventListener('pointerdown', resume);
    document.addEventListener('keydown', resume);
    return () => {
      document.removeEventListener('pointerdown', resume);
      document.removeEventListener('keydown', resume);
      meter.stop();
    };
  }, [stream, AudioContextClass]);

  if (!supported) {
    return <p className="text-sm text-slate-700">{t('meeting.deviceCheck.meter.unavailable')}</p>;
  }
  return (
    <div className="space-y-1.5">
      <div
        role="meter"
        aria-label={t('meeting.deviceCheck.meter.label')}
        aria-describedby={hintId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-teal-600 transition-[width] duration-100"
          style={{ width: `${level}%` }}
        />
      </div>
      <p id={hintId} className="text-xs text-slate-700">
        {t('meeting.deviceCheck.meter.hint')}
      </p>
      {/* Its line's room is kept while it is empty: nothing below moves when it is said. */}
      <p role="status" className="min-h-5 text-sm font-medium text-emerald-800">
        {heard ? t('meeting.deviceCheck.meter.heard') : ''}
      </p>
    </div>
  );
}
