/** The test sound: three rising notes (C5, E5, G5), short enough to play again at once. */
export const TEST_TONE = {
  sampleRate: 22_050,
  notesHz: [523.25, 659.25, 783.99],
  noteMs: 250,
  /** Well below full scale: speakers are often turned up loud. */
  volume: 0.3,
  /** Each note fades in and out, so it starts and ends without a click. */
  fadeMs: 15,
} as const;

/**
 * The test sound as a WAV file (16-bit mono PCM): an <audio> element plays it on any output the
 * browser lets us choose (`setSinkId`), which Web Audio does not everywhere.
 */
export function testToneWav(tone: typeof TEST_TONE = TEST_TONE): Uint8Array<ArrayBuffer> {
  const perNote = Math.round((tone.sampleRate * tone.noteMs) / 1000);
  const fade = Math.round((tone.sampleRate * tone.fadeMs) / 1000);
  const count = perNote * tone.notesHz.length;
  const bytes = new Uint8Array(44 + count * 2);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + count * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, tone.sampleRate, true);
  view.setUint32(28, tone.sampleRate * 2, true); // bytes per second
  view.setUint16(32, 2, true); // bytes per frame
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, count * 2, true);
  tone.notesHz.forEach((hz, note) => {
    for (let i = 0; i < perNote; i++) {
      const envelope = Math.min(1, i / fade, (perNote - 1 - i) / fade);
      const value = Math.sin((2 * Math.PI * hz * i) / tone.sampleRate) * tone.volume * envelope;
      view.setInt16(44 + (note * perNote + i) * 2, Math.round(value * 0x7fff), true);
    }
  });
  return bytes;
}

/** Whether this browser lets a page choose the speaker (Chrome, Edge and Firefox do; not every Safari). */
export function canChooseSpeaker(): boolean {
  return typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

/** Plays the test sound on the chosen speaker (the default one without a choice); resolves when it ends. */
export async function playTestTone(speakerId: string | undefined): Promise<void> {
  const url = URL.createObjectURL(new Blob([testToneWav()], { type: 'audio/wav' }));
  const audio = new Audio(url);
  try {
    if (speakerId && canChooseSpeaker()) await audio.setSinkId(speakerId);
    await new Promise<void>((resolve, reject) => {
      audio.addEventListener('ended', () => resolve(), { once: true });
      audio.addEventListener('error', () => reject(new Error('test tone failed')), { once: true });
      audio.play().catch(reject);
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
