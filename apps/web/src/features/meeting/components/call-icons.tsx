import { Icon, type IconProps } from '../../../components/ui/icons';

// The call's own icons, drawn in the design system's icon frame (decorative: each sits beside
// its text).

export function MicrophoneIcon({ off, ...props }: IconProps & { off?: boolean }) {
  return (
    <Icon {...props}>
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3" />
      {off && <path d="m3 3 18 18" />}
    </Icon>
  );
}

export function CameraIcon({ off, ...props }: IconProps & { off?: boolean }) {
  return (
    <Icon {...props}>
      <rect x="2" y="6" width="14" height="12" rx="2" />
      <path d="m16 10 6-3v10l-6-3" />
      {off && <path d="m2 2 20 20" />}
    </Icon>
  );
}

/** A screen with an arrow out of it (sharing); crossed out when `off`. */
export function ScreenShareIcon({ off, ...props }: IconProps & { off?: boolean }) {
  return (
    <Icon {...props}>
      <rect x="2" y="4" width="20" height="13" rx="2" />
      <path d="M8 21h8M12 17v4" />
      {off ? <path d="m9 8 6 6M15 8l-6 6" /> : <path d="M12 14V8m-3 3 3-3 3 3" />}
    </Icon>
  );
}

export function PaperclipIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.5 3.5 0 0 1 5 5l-8.5 8.5a2 2 0 0 1-3-3L15 7" />
    </Icon>
  );
}

export function ChatIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
    </Icon>
  );
}

export function PhoneOffIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 15.5c4.5-4 11.5-4 16 0l-2 3-3.5-1.5v-3a9 9 0 0 0-5 0v3L6 18.5z" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function DownloadIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 4v11m-4-4 4 4 4-4M5 20h14" />
    </Icon>
  );
}
