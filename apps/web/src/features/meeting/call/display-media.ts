import type { ScreenShareIssue } from './call-session';

// The screen to share: the browser's getDisplayMedia and what its refusals mean.

export type GetDisplayMedia = (options: DisplayMediaStreamOptions) => Promise<MediaStream>;

/**
 * What we ask the picker for. No audio: a tab's sound would compete with the consultation's.
 * `selfBrowserSurface: 'exclude'`: sharing the call's own tab only shows the call back to itself.
 * A low frame rate is enough for documents and leaves bandwidth to the camera.
 */
export const DISPLAY_MEDIA_OPTIONS = {
  video: { frameRate: { ideal: 15, max: 30 } },
  audio: false,
  selfBrowserSurface: 'exclude',
} as DisplayMediaStreamOptions;

/** Chromium's `document.featurePolicy`, Permissions-Policy's older name (not in the DOM types). */
interface PolicyDocument {
  featurePolicy?: { allowsFeature(feature: string): boolean };
}

/** The page's Permissions-Policy allows `display-capture` (or the browser cannot tell). */
function policyAllowsDisplayCapture(): boolean {
  const policy = (document as Document & PolicyDocument).featurePolicy;
  return typeof policy?.allowsFeature !== 'function' || policy.allowsFeature('display-capture');
}

/**
 * The browser's getDisplayMedia, or null where there is none: mobile browsers (Chrome and
 * Safari on phones cannot share a screen), http pages and old browsers. A page whose
 * Permissions-Policy forbids the capture is refused before the picker, as Chromium would.
 */
export function browserGetDisplayMedia(): GetDisplayMedia | null {
  const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
  if (!devices || typeof devices.getDisplayMedia !== 'function') return null;
  return (options) => {
    if (!policyAllowsDisplayCapture()) {
      return Promise.reject(
        new DOMException('display-capture is disallowed by permissions policy', 'NotAllowedError'),
      );
    }
    return devices.getDisplayMedia(options);
  };
}

/**
 * What a getDisplayMedia rejection means for the user; null when they closed the picker (not an
 * error: they changed their mind). Browsers say NotAllowedError both for that and for a refusal
 * by policy or by the operating system (macOS screen-recording permission); only the message
 * tells them apart — Chromium: "…disallowed by permissions policy", "Permission denied by system".
 */
export function displayMediaIssue(error: unknown): ScreenShareIssue | null {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  const message = error instanceof Error || error instanceof DOMException ? error.message : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError') {
    return /policy|system/i.test(message) ? 'blocked' : null;
  }
  // Firefox with screen sharing turned off in its settings, or an insecure page.
  if (name === 'SecurityError') return 'blocked';
  if (name === 'NotSupportedError') return 'unsupported';
  // NotFoundError (nothing to capture), NotReadableError (the system could not start it),
  // AbortError, InvalidStateError (no click before it in Safari and Firefox), anything else.
  return 'failed';
}
