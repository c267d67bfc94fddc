import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { button, shown } from './ui.ts';

// What the two-browser call journeys do inside the room (meeting.e2e.ts, cross-browser-call.e2e.ts):
// count the peer connections, cut the signalling socket, read the media statistics, send files.

/**
 * An init script that keeps a handle on the page's peer connections and signalling sockets: the
 * device check's peer connection (which only gathers candidates) never connects, a call's does
 * once media flow; a socket is cut as a network blip would.
 */
export const WATCH_THE_CALL = `(() => {
  const NativePeer = window.RTCPeerConnection;
  const peers = [];
  window.vizitaPeers = peers;
  window.RTCPeerConnection = class extends NativePeer {
    constructor(...args) {
      super(...args);
      peers.push(this);
    }
  };
  const NativeSocket = window.WebSocket;
  const sockets = [];
  window.vizitaSockets = sockets;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      sockets.push(this);
    }
  };
})()`;

/** Peer connections of the page that are connected now. */
export const connectedPeers = (page: Page): Promise<number> =>
  page.evaluate("window.vizitaPeers.filter((pc) => pc.connectionState === 'connected').length");

/**
 * What the page's connected peer connection has received so far: video frames decoded and audio
 * bytes, from `getStats()` — fields every engine reports (Chromium's and Firefox's differ in many
 * others).
 */
export const receivedMedia = (page: Page): Promise<{ framesDecoded: number; audioBytes: number }> =>
  page.evaluate(`(async () => {
    const pc = window.vizitaPeers.find((p) => p.connectionState === 'connected');
    const totals = { framesDecoded: 0, audioBytes: 0 };
    if (!pc) return totals;
    (await pc.getStats()).forEach((report) => {
      if (report.type !== 'inbound-rtp') return;
      if (report.kind === 'video') totals.framesDecoded += report.framesDecoded ?? 0;
      if (report.kind === 'audio') totals.audioBytes += report.bytesReceived ?? 0;
    });
    return totals;
  })()`);

/** The page decodes the other side's video and receives their sound, more of both each moment. */
export async function expectMediaFlowing(page: Page): Promise<void> {
  const before = await receivedMedia(page);
  await expect
    .poll(
      async () => {
        const now = await receivedMedia(page);
        return now.framesDecoded > before.framesDecoded && now.audioBytes > before.audioBytes;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** Closes the page's signalling socket as a blip would and waits for its page to open a new one. */
export async function cutSignalling(page: Page): Promise<void> {
  const before: number = await page.evaluate('window.vizitaSockets.length');
  await page.evaluate('window.vizitaSockets.at(-1).close(4000)');
  await expect
    .poll(
      () =>
        page.evaluate(`(() => {
          const last = window.vizitaSockets.at(-1);
          return last && last.readyState === WebSocket.OPEN ? window.vizitaSockets.length : 0;
        })()`),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(before);
}

/** The id of the remote stream the page shows: the same id means the link was never rebuilt. */
export const remoteStreamId = (page: Page): Promise<string | undefined> =>
  page.evaluate(
    () =>
      (
        document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]')
          ?.srcObject as MediaStream | null
      )?.id,
  );

/** Opens the File Transfer panel once the call can carry files. */
export async function openFiles(page: Page): Promise<void> {
  const files = button(page, 'Files');
  await expect.poll(() => files.isEnabled()).toBe(true);
  if (!(await page.getByRole('heading', { name: 'File Transfer' }).isVisible()))
    await files.click();
  await shown(page.getByRole('heading', { name: 'File Transfer' }));
}

/**
 * A file on disk, as a person picks one. Playwright gives a browser on this machine the path; a
 * buffer would cross the browser's protocol as 14 MB of base64 per 10 MB file, and under load that
 * took longer than `setInputFiles`' 15 s while the same browser received the other side's file
 * (issue #23) — the test's cost, not the page's.
 */
export async function onDisk(name: string, bytes: Buffer): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'vizita-file-')), name);
  await writeFile(path, bytes);
  return path;
}

/** Sends a file from `from`'s panel and waits until `to` lists it received with its SHA-256. */
export async function sendAndVerify(
  from: Page,
  to: Page,
  name: string,
  bytes: Buffer,
): Promise<string> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await from.locator('input[type="file"]').setInputFiles(await onDisk(name, bytes));
  const received = to.locator(`li[data-direction="incoming"][data-sha256="${sha256}"]`);
  await shown(received, 60_000);
  await expect.poll(() => received.innerText()).toContain(name);
  return sha256;
}
