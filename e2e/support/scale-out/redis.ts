import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REDIS_SERVER } from './debian-packages.ts';
import { freePort } from '../free-port.ts';

/** What deploy/ asks of Redis (no persistence, loopback, pub/sub limits): the test runs it too. */
const VIZITA_REDIS_CONF = fileURLToPath(
  new URL('../../../deploy/redis/vizita.conf', import.meta.url),
);
const START_TIMEOUT_MS = 15_000;

export type RunningRedis = {
  /** redis://:<password>@127.0.0.1:<port>, as REDIS_URL. */
  url: string;
  stop(): Promise<void>;
};

/**
 * Debian's redis-server on a free loopback port with deploy/redis/vizita.conf, a password, and
 * its working directory in a temporary folder; never the machine's own Redis service.
 */
export async function startRedis(): Promise<RunningRedis> {
  const dir = mkdtempSync(join(tmpdir(), 'vizita-redis-'));
  const port = await freePort();
  const password = randomBytes(16).toString('hex');
  const child = spawn(
    REDIS_SERVER.path,
    [
      VIZITA_REDIS_CONF,
      ...['--port', String(port), '--bind', '127.0.0.1', '--dir', dir],
      ...['--requirepass', password, '--daemonize', 'no', '--logfile', ''],
      // Stated again so that the test never writes to disk whatever the file says.
      ...['--save', '', '--appendonly', 'no'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`redis-server did not start:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const watch = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited (${code}):\n${output}`));
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await ready;
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://:${password}@127.0.0.1:${port}`, stop };
}
