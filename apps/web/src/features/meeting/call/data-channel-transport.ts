import {
  createDataChannelTransport,
  DATA_CHANNEL_LOW_WATER_BYTES,
} from '@vizita/shared/file-transfer/data-channel-transport';
import type { FileTransport } from '@vizita/shared/file-transfer/transports';
import { TransportClosedError } from './call-session';

/** The channel's label and id: both sides create it themselves (`negotiated`), no announcement. */
export const FILES_CHANNEL_LABEL = 'files';
export const FILES_CHANNEL_ID = 0;

export function createFilesChannel(pc: RTCPeerConnection): RTCDataChannel {
  const channel = pc.createDataChannel(FILES_CHANNEL_LABEL, {
    negotiated: true,
    id: FILES_CHANNEL_ID,
    ordered: true,
  });
  channel.binaryType = 'arraybuffer';
  channel.bufferedAmountLowThreshold = DATA_CHANNEL_LOW_WATER_BYTES;
  return channel;
}

/**
 * The call's file transport in binary mode: JSON control messages as text, chunks as binary
 * frames with the shared back-pressure (packages/shared/src/file-transfer/data-channel-transport.ts,
 * the code the transfer benchmark measures), over whichever data channel is current (a new one
 * after every renegotiation with a returning participant). The transport object stays the same
 * for the whole call, so the file list keeps its entries across reconnections; with no open
 * channel every send rejects.
 */
export class DataChannelTransport implements FileTransport {
  readonly mode = 'binary' as const;
  private current: { channel: RTCDataChannel; transport: FileTransport } | null = null;

  /** The channel to use from now on (null: none). Sends waiting on an old one fail. */
  use(channel: RTCDataChannel | null): void {
    this.current = channel ? { channel, transport: createDataChannelTransport(channel) } : null;
  }

  get isOpen(): boolean {
    return this.current?.channel.readyState === 'open';
  }

  private open(): FileTransport {
    if (!this.current || !this.isOpen) throw new TransportClosedError();
    return this.current.transport;
  }

  async sendMessage(text: string): Promise<void> {
    await this.open().sendMessage(text);
  }

  async sendBinary(frame: Uint8Array): Promise<void> {
    try {
      await this.open().sendBinary!(frame);
    } catch {
      // Closed before or while waiting for the queue to drain: one error for the call's callers.
      throw new TransportClosedError();
    }
  }
}
