import { describe, expect, it } from 'vitest';
import {
  DEVICE_PREFERENCES_KEY,
  readDevicePreferences,
  saveDevicePreference,
} from './device-preferences';

describe('device preferences', () => {
  it('remembers each choice, merged with the others', () => {
    saveDevicePreference({ cameraId: 'cam-1' });
    saveDevicePreference({ speakerId: 'spk-2' });
    saveDevicePreference({ microphoneId: 'mic-3' });
    expect(readDevicePreferences()).toEqual({
      cameraId: 'cam-1',
      microphoneId: 'mic-3',
      speakerId: 'spk-2',
    });
    saveDevicePreference({ cameraId: 'cam-4' });
    expect(readDevicePreferences().cameraId).toBe('cam-4');
  });

  it.each([
    ['nothing stored', null],
    ['not JSON', '{camera'],
    ['not an object', '"cam-1"'],
    ['null', 'null'],
  ])('reads nothing from %s', (_, stored) => {
    if (stored !== null) localStorage.setItem(DEVICE_PREFERENCES_KEY, stored);
    expect(readDevicePreferences()).toEqual({});
  });

  it('keeps only what looks like a device id', () => {
    localStorage.setItem(
      DEVICE_PREFERENCES_KEY,
      JSON.stringify({ cameraId: 42, microphoneId: '', speakerId: 'x'.repeat(300), other: 'y' }),
    );
    expect(readDevicePreferences()).toEqual({});
    localStorage.setItem(DEVICE_PREFERENCES_KEY, JSON.stringify({ cameraId: 'cam-1', x: 1 }));
    expect(readDevicePreferences()).toEqual({ cameraId: 'cam-1' });
  });

  it('goes on without storage when reading or writing throws', () => {
    const broken = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    expect(readDevicePreferences(broken)).toEqual({});
    expect(() => saveDevicePreference({ cameraId: 'cam-1' }, broken)).not.toThrow();
    expect(readDevicePreferences(null)).toEqual({});
    expect(() => saveDevicePreference({ cameraId: 'cam-1' }, null)).not.toThrow();
  });
});
