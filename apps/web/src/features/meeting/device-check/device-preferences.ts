/**
 * The camera, microphone and speaker chosen on the device check, remembered on this device (not
 * in the account: device ids are per browser and per site, and mean nothing elsewhere).
 */
export interface DevicePreferences {
  cameraId?: string;
  microphoneId?: string;
  speakerId?: string;
}

/** Versioned: a change of shape gets a new key, and the old value is simply never read. */
export const DEVICE_PREFERENCES_KEY = 'vizita.meeting-devices.v1';

/** Browsers' device ids are 44–64 characters; anything much longer is not one of theirs. */
const MAX_ID_LENGTH = 256;
const FIELDS = ['cameraId', 'microphoneId', 'speakerId'] as const;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** localStorage, or null where reading it throws (storage disabled, some private modes). */
function browserStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && value.length > 0 && value.length <= MAX_ID_LENGTH;

/** The remembered choice; what is missing, unreadable or not a device id is left out. */
export function readDevicePreferences(
  storage: StorageLike | null = browserStorage(),
): DevicePreferences {
  let parsed: unknown;
  try {
    const text = storage?.getItem(DEVICE_PREFERENCES_KEY);
    if (!text) return {};
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const preferences: DevicePreferences = {};
  for (const field of FIELDS) {
    const value = (parsed as Record<string, unknown>)[field];
    if (isDeviceId(value)) preferences[field] = value;
  }
  return preferences;
}

/**
 * Remembers a change of the choice (merged into what is stored). A full or disabled storage only
 * means the choice is not remembered: the check and the call go on without it.
 */
export function saveDevicePreference(
  change: DevicePreferences,
  storage: StorageLike | null = browserStorage(),
): void {
  const next: DevicePreferences = { ...readDevicePreferences(storage) };
  for (const field of FIELDS) {
    const value = change[field];
    if (isDeviceId(value)) next[field] = value;
  }
  try {
    storage?.setItem(DEVICE_PREFERENCES_KEY, JSON.stringify(next));
  } catch {
    // QuotaExceededError or SecurityError: not remembered, nothing else.
  }
}
