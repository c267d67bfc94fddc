import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { freePort } from './free-port.ts';
import { WebDriverSession } from './webdriver.ts';

// WebKitGTK, the engine of Safari on Linux, driven through Debian's webkit2gtk-driver: the
// WebKitWebDriver server starts MiniBrowser (from libwebkit2gtk-4.1-0) for each session. Issue #23.

export const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const XVFB_PATH = '/usr/bin/Xvfb';

/**
 * MiniBrowser's settings (its --help-websettings): a camera and a microphone that answer at once
 * without a prompt ("Mock video device 1" with a test picture, "Mock audio device 1"), as the
 * Chromium journeys have fake devices. WebRTC is asked for too; Debian's build has no
 * RTCPeerConnection all the same (issue #23), which is what the meeting page must cope with.
 */
const MINIBROWSER_ARGS = [
  '--automation',
  '--enable-media-stream=true',
  '--enable-mock-capture-devices=true',
  '--enable-webrtc=true',
  '--enable-webaudio=true',
];

/**
 * MiniBrowser's toolbar (back, forward, reload, the address entry) will not let its window be
 * narrower than 447 px, so the page could never be 375 px wide. Shrinking the toolbar's GTK
 * widgets frees the window; the web page is drawn by WebKit, not GTK, and is unaffected.
 */
const TOOLBAR_CSS =
  'button, entry, image { padding: 0; margin: 0; min-width: 0; min-height: 0; ' +
  'font-size: 1px; border-width: 0; }\n';

const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export type WebKit = {
  session: WebDriverSession;
  /**
   * What the driver and MiniBrowser wrote (GLib and GStreamer warnings; no console messages),
   * lines since `from`, for failure reports; `mark()` is where the next test starts reading.
   */
  output(from?: number): string[];
  mark(): number;
  /** Ends the session, the driver, MiniBrowser and the X server; safe to call twice. */
  close(): Promise<void>;
};

function collectLines(stream: Readable | null, into: string[]) {
  stream?.on('data', (chunk: Buffer) => {
    into.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  });
}

/** Stops a process and everything it started (its process group): MiniBrowser goes with the driver. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * A virtual X display of our own. Xvfb picks a free display number and writes it to the file
 * descriptor we give it (-displayfd), so parallel runs never race for ":99" as `xvfb-run -a`
 * can; and since we started it, we stop it (xvfb-run, killed, left its Xvfb behind).
 */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const child = spawn(
    XVFB_PATH,
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  const errors: string[] = [];
  collectLines(child.stderr, errors);
  const display = new Promise<string>((resolve, reject) => {
    let number = '';
    const timer = setTimeout(
      () => reject(new Error(`Xvfb gave no display in time:\n${errors.join('\n')}`)),
      READY_TIMEOUT_MS,
    );
    child.stdio[3]!.on('data', (chunk: Buffer) => {
      number += chunk.toString('utf8');
      if (number.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${number.trim()}`);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Xvfb exited (${code}):\n${errors.join('\n')}`));
    });
  });
  try {
    return { display: await display, process: child };
  } catch (error) {
    await stopGroup(child); // no display in time: do not leave it behind
    throw error;
  }
}

async function waitUntilReady(url: string, driver: ChildProcess, logs: string[]) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (driver.exitCode !== null) {
      throw new Error(`WebKitWebDriver exited (${driver.exitCode}):\n${logs.join('\n')}`);
    }
    try {
      const response = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver did not answer at ${url}/status`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts an X server, WebKitWebDriver on a free port and one MiniBrowser session with fake
 * camera and microphone. Whatever fails half-way, what was started is stopped again.
 */
export async function startWebKit(): Promise<WebKit> {
  const started: ChildProcess[] = [];
  const home = mkdtempSync(join(tmpdir(), 'vizita-webkit-'));
  const output: string[] = [];
  let session: WebDriverSession | undefined;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await session?.close().catch(() => undefined);
    for (const child of started.reverse()) await stopGroup(child);
    rmSync(home, { recursive: true, force: true });
  };

  try {
    const xvfb = await startXvfb();
    started.push(xvfb.process);
    mkdirSync(join(home, 'gtk-3.0'));
    writeFileSync(join(home, 'gtk-3.0', 'gtk.css'), TOOLBAR_CSS);
    const port = await freePort();
    const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], {
      // US English, as the Chromium journeys' contexts: navigator.language and the date fields'
      // order (month/day/year). Without LANG, WebKit says "C".
      env: {
        ...process.env,
        DISPLAY: xvfb.display,
        XDG_CONFIG_HOME: home,
        LANG: 'en_US.UTF-8',
        LANGUAGE: 'en_US',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    started.push(driver);
    collectLines(driver.stdout, output);
    collectLines(driver.stderr, output);
    const url = `http://127.0.0.1:${port}`;
    await waitUntilReady(url, driver, output);
    session = await WebDriverSession.create(url, {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER_PATH,
        // In Sofia, where the demo doctors work, as the Chromium journeys (ADR 0019).
        args: [...MINIBROWSER_ARGS, '--time-zone=Europe/Sofia'],
        // Scroll bars over the page, as on a phone and in headless Chromium: the page keeps its width.
        useOverlayScrollbars: true,
      },
    });
  } catch (error) {
    await close();
    throw error;
  }

  return {
    session,
    output: (from = 0) => output.slice(from),
    mark: () => output.length,
    close,
  };
}
