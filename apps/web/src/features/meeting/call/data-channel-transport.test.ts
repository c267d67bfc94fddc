import { describe, expect, it } from 'vitest';
import { DATA_CHANNEL_HIGH_WATER_BYTES as BUFFERED_AMOUNT_HIGH } from '@vizita/shared/file-transfer/data-channel-transport';
import { DataChannelTransport } from './data-channel-transport';
import { FakeDataChannel } from './fake-webrtc';
import { TransportClosedError } from './call-session';

const asChannel = (channel: FakeDataChannel) => channel as unknown as RTCDataChannel;

function openChannel() {
  const channel = new FakeDataChannel('files', { negotiated: true, id: 0 });
  channel.open();
  return channel;
}

describe('DataChannelTransport', () => {
  it('rejects while there is no open channel', async () => {
    const transport = new DataChannelTransport();
    await expect(transport.sendMessage('x')).rejects.toBeInstanceOf(TransportClosedError);
    await expect(transport.sendBinary(new Uint8Array([1]))).rejects.toBeInstanceOf(
      TransportClosedError,
    );
    const channel = new FakeDataChannel('files', {});
    transport.use(asChannel(channel));
    expect(transport.isOpen).toBe(false);
    await expect(transport.sendMessage('x')).rejects.toBeInstanceOf(TransportClosedError);
  });

  it('sends text and frames, and waits for the buffer to drain above 4 MiB', async () => {
    const transport = new DataChannelTransport();
    const channel = openChannel();
    transport.use(asChannel(channel));
    await transport.sendMessage('{"kind":"meta"}');
    await transport.sendBinary(new Uint8Array([1, 2, 3]));
    expect(channel.sent).toEqual(['{"kind":"meta"}', new Uint8Array([1, 2, 3])]);

    channel.bufferedAmount = BUFFERED_AMOUNT_HIGH + 1;
    let done = false;
    const sending = transport.sendBinary(new Uint8Array([4])).then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    channel.bufferedAmount = 0;
    channel.dispatchEvent(new Event('bufferedamountlow'));
    await sending;
    expect(done).toBe(true);
  });

  it('fails a waiting send when the channel closes', async () => {
    const transport = new DataChannelTransport();
    const channel = openChannel();
    transport.use(asChannel(channel));
    channel.bufferedAmount = BUFFERED_AMOUNT_HIGH + 1;
    const sending = transport.sendBinary(new Uint8Array([4]));
    channel.close();
    await expect(sending).rejects.toBeInstanceOf(TransportClosedError);
  });
});
