import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { CallSnapshot } from '../call/call-session';
import { CameraIcon, MicrophoneIcon } from './call-icons';

function Toggle({
  pressed,
  disabled,
  onToggle,
  children,
}: {
  pressed: boolean;
  disabled: boolean;
  onToggle: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onToggle}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold',
        'focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none',
        'disabled:cursor-not-allowed disabled:opacity-60',
        pressed
          ? 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
          : 'border-red-700 bg-red-700 text-white hover:bg-red-800',
      )}
    >
      {children}
    </button>
  );
}

/**
 * Camera and microphone on and off (toggle buttons: pressed means on). A device the call has
 * not got (blocked, missing) cannot be switched on.
 */
export function CallControls({
  call,
  onCamera,
  onMicrophone,
}: {
  call: CallSnapshot;
  onCamera: (on: boolean) => void;
  onMicrophone: (on: boolean) => void;
}) {
  const { t } = useTranslation('appointments');
  const live = call.phase !== 'ended';
  return (
    <div role="group" aria-label={t('meeting.controls.label')} className="flex flex-wrap gap-2">
      <Toggle
        pressed={call.cameraOn}
        disabled={!live || !call.media.hasVideo}
        onToggle={() => onCamera(!call.cameraOn)}
      >
        <CameraIcon off={!call.cameraOn} />
        {t('meeting.controls.camera')}
      </Toggle>
      <Toggle
        pressed={call.microphoneOn}
        disabled={!live || !call.media.hasAudio}
        onToggle={() => onMicrophone(!call.microphoneOn)}
      >
        <MicrophoneIcon off={!call.microphoneOn} />
        {t('meeting.controls.microphone')}
      </Toggle>
    </div>
  );
}
