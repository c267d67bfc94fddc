import { useCallback, useEffect, useRef, useState } from 'react';
import { stopStream } from '../call/local-media';
import {
  readDevicePreferences,
  saveDevicePreference,
  type DevicePreferences,
} from './device-preferences';
import {
  listDevices,
  openPreview,
  type DeviceLists,
  type MediaDevicesLike,
  type PreviewMedia,
} from './preview-media';

const NO_DEVICES: DeviceLists = { cameras: [], microphones: [], speakers: [] };

/**
 * The check's camera and microphone: opened with the remembered devices, opened anew when the
 * user chooses another one or checks again (the old stream stopped first: some cameras cannot be
 * opened twice), and stopped when the page goes or `release` is called (before the call opens
 * its own). The device lists follow plugging and unplugging.
 */
export function useDevicePreview(devices: MediaDevicesLike | null) {
  const [preferences, setPreferences] = useState<DevicePreferences>(readDevicePreferences);
  const [attempt, setAttempt] = useState(0);
  const { cameraId, microphoneId } = preferences;
  const request = `${cameraId ?? ''}|${microphoneId ?? ''}|${attempt}`;
  // The result with the request it answers: while they differ, the preview is being opened.
  const [opened, setOpened] = useState<{ request: string; media: PreviewMedia } | null>(null);
  const [lists, setLists] = useState<DeviceLists>(NO_DEVICES);
  const stream = useRef<MediaStream | null>(null);

  useEffect(() => {
    let current = true;
    void openPreview(devices, { cameraId, microphoneId }).then(async (media) => {
      if (!current) return stopStream(media.stream);
      stream.current = media.stream;
      setOpened({ request, media });
      // Names come with the permission: list the devices only now.
      const found = await listDevices(devices);
      if (current) setLists(found);
    });
    return () => {
      current = false;
      stopStream(stream.current);
      stream.current = null;
    };
  }, [devices, cameraId, microphoneId, request]);

  useEffect(() => {
    if (!devices?.addEventListener) return;
    const onChange = () => void listDevices(devices).then(setLists);
    devices.addEventListener('devicechange', onChange);
    return () => devices.removeEventListener?.('devicechange', onChange);
  }, [devices]);

  const choose = useCallback((change: DevicePreferences) => {
    saveDevicePreference(change);
    setPreferences((before) => ({ ...before, ...change }));
  }, []);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  /** Stops the camera and microphone now: the call is about to open its own. */
  const release = useCallback(() => {
    stopStream(stream.current);
    stream.current = null;
  }, []);

  return {
    media: opened?.request === request ? opened.media : null,
    /** The last result while another is being opened (keeps the layout steady). */
    lastMedia: opened?.media ?? null,
    lists,
    /** Whether the lists have been read: before, the check keeps room for its choices. */
    listed: lists !== NO_DEVICES,
    preferences,
    choose,
    retry,
    release,
  };
}
