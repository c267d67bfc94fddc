import type { FileTransport } from './transports.ts';

/**
 * The part of an `RTCDataChannel` the transport uses, so this module needs no DOM types and a
 * test can pass a fake. (`RTCDataChannel` itself satisfies it.)
 */
export interface DataChannelLike {
  readonly readyState: string;
  readonly bufferedAmount: number;
  bufferedAmountLowThreshold: number;
  send(data: string): void;
  send(data: ArrayBufferView<ArrayBuffer>): void;
  addEventListener(type: 'bufferedamountlow' | 'close', listener: () => void): void;
  removeEventListener(type: 'bufferedamountlow' | 'close', listener: () => void): void;
}

/**
 * Back-pressure instead of a fixed pause (issue #6): frames go out as fast as the channel
 * drains. Above HIGH_WATER the sender waits for the channel's `bufferedamountlow` event, fired
 * when the queue falls to LOW_WATER — so the SCTP queue never empties while we wait, and never
 * grows without bound (Chromium closes a channel whose buffer passes 16 MiB).
 */
export const DATA_CHANNEL_LOW_WATER_BYTES = 1024 * 1024;
export const DATA_CHANNEL_HIGH_WATER_BYTES = 4 * 1024 * 1024;

/** A `FileTransport` in binary mode over one data channel (the built-in provider's "files"). */
export function createDataChannelTransport(channel: DataChannelLike): FileTransport {
  channel.bufferedAmountLowThreshold = DATA_CHANNEL_LOW_WATER_BYTES;

  const drained = () =>
    new Promise<void>((resolve, reject) => {
      const done = () => {
        channel.removeEventListener('bufferedamountlow', done);
        channel.removeEventListener('close', closed);
        resolve();
      };
      const closed = () => {
        channel.removeEventListener('bufferedamountlow', done);
        channel.removeEventListener('close', closed);
        reject(new Error('The data channel closed'));
      };
      channel.addEventListener('bufferedamountlow', done);
      channel.addEventListener('close', closed);
    });

  const ensureOpen = () => {
    if (channel.readyState !== 'open') throw new Error('The data channel is not open');
  };

  return {
    mode: 'binary',
    sendMessage(text) {
      ensureOpen();
      channel.send(text);
    },
    async sendBinary(frame) {
      ensureOpen();
      channel.send(frame as Uint8Array<ArrayBuffer>);
      if (channel.bufferedAmount > DATA_CHANNEL_HIGH_WATER_BYTES) await drained();
    },
  };
}
