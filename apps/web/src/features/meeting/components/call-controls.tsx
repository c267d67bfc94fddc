import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import type { CallSnapshot } from '../call/call-session';
import { CameraIcon, MicrophoneIcon, ScreenShareIcon } from './call-icons';

/**
 * How a toggle looks: a device's is red while off (pressed means on); the screen share's is teal
 * while sharing.
 */
const LOOKS = {
  device: {
    pressed: 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
    released: 'border-red-700 bg-red-700 text-white hover:bg-red-800',
  },
  share: {
    pressed: 'border-teal-700 bg-teal-700 text-white hover:bg-teal-800',
    released: 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  },
} as const;

function Toggle({
  pressed,
  disabled,
  onToggle,
  look = 'device',
  children,
}: {
  pressed: boolean;
  disabled: boolean;
  onToggle: () => void;
  look?: keyof typeof LOOKS;
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
        LOOKS[look][pressed ? 'pressed' : 'released'],
      )}
    >
      {children}
    </button>
  );
}

/**
 * Camera and microphone on and off (toggle buttons: pressed means on). A device the call has
 * not got (blocked, missing) cannot be switched on. Then screen sharing, where the browser can
 * (not on phones: no button there).
 */
export function CallControls({
  call,
  onCamera,
  onMicrophone,
  onScreenShare,
}: {
  call: CallSnapshot;
  onCamera: (on: boolean) => void;
  onMicrophone: (on: boolean) => void;
  /** Starts sharing when not sharing, stops it when sharing. */
  onScreenShare: (share: boolean) => void;
}) {
  const { t } = useTranslation('appointments');
  const live = call.phase !== 'ended';
  return (
    <div className="flex flex-wrap gap-2">
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
      {/* A toggle's name stays when pressed; the notice above the video has "Stop sharing". */}
      {call.canShareScreen && (
        <Toggle
          look="share"
          pressed={call.sharingScreen}
          disabled={!live}
          onToggle={() => onScreenShare(!call.sharingScreen)}
        >
          <ScreenShareIcon />
          {t('meeting.screenShare.share')}
        </Toggle>
      )}
    </div>
  );
}
