/**
 * What came of asking for the camera or the microphone: `ok`, refused by the user or the browser
 * (`blocked`), none there (`notFound`), held by another program (`inUse`), not offered at all on a
 * page without a secure connection (`insecure`), or anything else (`failed`).
 */
export type MediaOutcome = 'ok' | 'blocked' | 'notFound' | 'inUse' | 'insecure' | 'failed';

/** The outcome of a getUserMedia rejection, by the error's name (browsers agree on these). */
export function classifyMediaError(error: unknown): Exclude<MediaOutcome, 'ok' | 'insecure'> {
  const name =
    error instanceof DOMException || error instanceof Error
      ? error.name
      : typeof error === 'object' && error !== null && 'name' in error
        ? String(error.name)
        : '';
  switch (name) {
    // The user said no, a policy did, or (Chrome on macOS, "Permission denied by system") the
    // operating system's privacy settings did. Older names linger in older engines.
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'blocked';
    // A remembered device that is gone is the same as none: the check then offers the others.
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'notFound';
    // Windows hands a camera to one program at a time; another call or a camera app has it.
    case 'NotReadableError':
    case 'TrackStartError':
      return 'inUse';
    default:
      return 'failed';
  }
}

/** The browsers whose permission settings are explained step by step. */
export type BrowserFamily = 'chromium' | 'firefox' | 'safari' | 'ios' | 'other';

/**
 * Which browser this is, for where its camera and microphone permission is changed. Every
 * browser on iPhone and iPad is Safari's engine with the system's permission settings, so it is
 * its own family; Edge, Opera and Brave are Chrome's.
 */
export function detectBrowser(userAgent: string): BrowserFamily {
  const ua = userAgent;
  if (/\b(iPhone|iPad|iPod)\b/.test(ua) || /\b(CriOS|FxiOS|EdgiOS)\//.test(ua)) return 'ios';
  if (/\bFirefox\//.test(ua)) return 'firefox';
  // Headless Chrome (automated checks, kiosk set-ups) says "HeadlessChrome/".
  if (/\b(Chrome|HeadlessChrome|Chromium|Edg|OPR)\//.test(ua)) return 'chromium';
  if (/\bVersion\/[\d.]+ .*Safari\//.test(ua)) return 'safari';
  return 'other';
}

/** How to allow the camera and microphone again, in this browser. */
const BLOCKED_FIX_KEYS = {
  chromium: 'meeting.deviceCheck.fix.blocked.chromium',
  firefox: 'meeting.deviceCheck.fix.blocked.firefox',
  safari: 'meeting.deviceCheck.fix.blocked.safari',
  ios: 'meeting.deviceCheck.fix.blocked.ios',
  other: 'meeting.deviceCheck.fix.blocked.other',
} as const satisfies Record<BrowserFamily, string>;

const FIX_KEYS = {
  notFound: 'meeting.deviceCheck.fix.notFound',
  inUse: 'meeting.deviceCheck.fix.inUse',
  insecure: 'meeting.deviceCheck.fix.insecure',
  failed: 'meeting.deviceCheck.fix.failed',
} as const;

export type FixKey =
  (typeof BLOCKED_FIX_KEYS)[BrowserFamily] | (typeof FIX_KEYS)[keyof typeof FIX_KEYS];

/** The translation key of what the user can do about an outcome here; null when it is `ok`. */
export function mediaFixKey(outcome: MediaOutcome, browser: BrowserFamily): FixKey | null {
  if (outcome === 'ok') return null;
  if (outcome === 'blocked') return BLOCKED_FIX_KEYS[browser];
  return FIX_KEYS[outcome];
}
