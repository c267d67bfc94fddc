// What the sender and the file list need from a call: Daily's app messages ('paced') or our
// WebRTC data channel ('binary'). The web app adapts each provider to this interface.

import { PACED_CHUNK_PAUSE_MS } from './constants.ts';

export interface FileTransport {
  /** 'paced': JSON messages only, base64 chunks of PACED_CHUNK_CHARS with PACED_CHUNK_PAUSE_MS between (Daily). 'binary': JSON for control messages, binary frames for chunks, with back-pressure (data channel). */
  readonly mode: 'paced' | 'binary';
  /** Sends one JSON protocol message to every other participant (or to `to` when given). */
  sendMessage(text: string, to?: string): Promise<void> | void;
  /** Binary mode only: sends a frame; resolves when the channel can take more (bufferedAmount under the low threshold). */
  sendBinary?(frame: Uint8Array): Promise<void>;
}

export type Sleep = (ms: number) => Promise<void>;

/** Waits `ms` on a real timer: the default wherever a `sleep` can be injected. */
export const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pause between paced chunks (spec §9: 8 ms), on an injectable `sleep` for tests. */
export function createPacedPause(sleep: Sleep = defaultSleep): () => Promise<void> {
  return () => sleep(PACED_CHUNK_PAUSE_MS);
}
