import { describe, expect, it } from 'vitest';
import {
  createDataChannelTransport,
  DATA_CHANNEL_HIGH_WATER_BYTES,
  DATA_CHANNEL_LOW_WATER_BYTES,
} from './data-channel-transport.ts';

/** A channel whose queue drains only when the test says so. */
function fakeChannel() {
  const listeners = new Map<string, Set<() => void>>();
  const channel = {
    readyState: 'open',
    bufferedAmount: 0,
    bufferedAmountLowThreshold: 0,
    sent: [] as unknown[],
    send(data: unknown) {
      channel.sent.push(data);
      channel.bufferedAmount +=
        typeof data === 'string' ? data.length : (data as Uint8Array).length;
    },
    addEventListener(type: string, fn: () => void) {
      if (!listeners.has(type)) listeners.set(type, new Set());
      listeners.get(type)!.add(fn);
    },
    removeEventListener(type: string, fn: () => void) {
      listeners.get(type)?.delete(fn);
    },
    drainTo(bytes: number) {
      channel.bufferedAmount = bytes;
      if (bytes <= channel.bufferedAmountLowThreshold)
        for (const fn of [...(listeners.get('bufferedamountlow') ?? [])]) fn();
    },
    close() {
      channel.readyState = 'closed';
      for (const fn of [...(listeners.get('close') ?? [])]) fn();
    },
  };
  return channel;
}

describe('data-channel transport', () => {
  it('sends at once below the high-water mark and waits for the low-water event above it', async () => {
    const channel = fakeChannel();
    const transport = createDataChannelTransport(channel);
    expect(channel.bufferedAmountLowThreshold).toBe(DATA_CHANNEL_LOW_WATER_BYTES);
    await transport.sendBinary!(new Uint8Array(1024));
    const big = new Uint8Array(DATA_CHANNEL_HIGH_WATER_BYTES);
    let resolved = false;
    const pending = transport.sendBinary!(big).then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    channel.drainTo(DATA_CHANNEL_LOW_WATER_BYTES);
    await pending;
    expect(resolved).toBe(true);
    expect(channel.sent).toHaveLength(2);
  });

  it('fails a waiting send when the channel closes, and refuses to send on a closed channel', async () => {
    const channel = fakeChannel();
    const transport = createDataChannelTransport(channel);
    const pending = transport.sendBinary!(new Uint8Array(DATA_CHANNEL_HIGH_WATER_BYTES + 1));
    channel.close();
    await expect(pending).rejects.toThrow('closed');
    expect(() => transport.sendMessage('{}')).toThrow('not open');
  });
});
