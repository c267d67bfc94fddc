/** The quietest level the meter shows: a room's background noise sits below it. */
export const LEVEL_FLOOR_DB = 60;

/**
 * The microphone's level for the meter: the loudness of one frame of samples (-1..1) as 0..1,
 * on a decibel scale from -60 dBFS (0, near silence) to 0 dBFS (1, full scale) — a linear scale
 * would leave speech at a sliver of the bar.
 */
export function levelOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  const rms = Math.sqrt(sum / samples.length);
  if (rms === 0) return 0;
  const db = 20 * Math.log10(rms);
  return Math.min(1, Math.max(0, (db + LEVEL_FLOOR_DB) / LEVEL_FLOOR_DB));
}

/** How often the page hears of a new level: smooth enough for the eye, cheap for React. */
const REPORT_EVERY_MS = 100;

type AudioContextConstructor = new () => AudioContext;

/** The browser's AudioContext (Safari before 14.1 has only the prefixed one), or null. */
export function browserAudioContext(): AudioContextConstructor | null {
  const scope = globalThis as typeof globalThis & {
    AudioContext?: AudioContextConstructor;
    webkitAudioContext?: AudioContextConstructor;
  };
  return scope.AudioContext ?? scope.webkitAudioContext ?? null;
}

export interface LevelMeter {
  /** Starts the analysis where the browser held it back until the user did something. */
  resume(): void;
  stop(): void;
}

/**
 * Reads the stream's microphone level about ten times a second and hands it to `onLevel`; null
 * without Web Audio or a microphone track. The stream itself is left alone (stopping it is the
 * owner's).
 */
export function startLevelMeter(
  stream: MediaStream,
  onLevel: (level: number) => void,
  AudioContextClass: AudioContextConstructor | null = browserAudioContext(),
): LevelMeter | null {
  if (!AudioContextClass || stream.getAudioTracks().length === 0) return null;
  let context: AudioContext;
  try {
    context = new AudioContextClass();
  } catch {
    return null;
  }
  const source = context.createMediaStreamSource(stream);
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  let frame = 0;
  let reportedAt = 0;
  const tick = (time: number) => {
    if (time - reportedAt >= REPORT_EVERY_MS) {
      reportedAt = time;
      analyser.getFloatTimeDomainData(samples);
      onLevel(levelOf(samples));
    }
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  // A page opened without a click (a link from a mail) may get a suspended context.
  const resume = () => {
    if (context.state === 'suspended') void context.resume().catch(() => undefined);
  };
  resume();
  return {
    resume,
    stop() {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close().catch(() => undefined);
    },
  };
}
