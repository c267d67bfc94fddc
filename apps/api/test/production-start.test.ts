// What a production start refuses (issue #18): the process ends with 1 and says what to set before
// it connects to anything or listens — as `npm start`, systemd or a container would see it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestApp, PRODUCTION_ENV } from './test-app.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'vizita-start-'));
let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
beforeAll(async () => (database = await createEmptyDatabase('vizita_start')));
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The server process with this environment, until it exits or says it is running (then it is
 * stopped): its exit code, everything it wrote, and whether it got as far as listening.
 */
function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...PRODUCTION_ENV,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let listened = false;
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (!listened && stdout.includes('Vizita is running')) {
      listened = true;
      child.kill('SIGTERM');
    }
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ code: number | null; stdout: string; stderr: string; listened: boolean }>(
    (resolve) => child.on('close', (code) => resolve({ code, stdout, stderr, listened })),
  );
}

describe('a production start', () => {
  it('is refused on a plain-http APP_URL, before listening, naming what to set', async () => {
    const run = await start({ APP_URL: 'http://clinic.example.org' });
    expect(run.listened).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^Invalid configuration:\n {2}APP_URL: http:\/\/clinic\.example\.org is not https/,
    );
    expect(run.stderr).toContain('APP_URL=https://');
    expect(run.stderr).toContain('ALLOW_INSECURE_APP_URL=true');
  }, 60_000);

  it('is refused with a passphrase for DATA_ENCRYPTION_KEY, before listening', async () => {
    const passphrase = 'correcthorsebatterystapleonlyforourclinicxy';
    const run = await start({ DATA_ENCRYPTION_KEY: passphrase });
    expect(run.listened).toBe(false);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Invalid configuration:\n {2}DATA_ENCRYPTION_KEY: /);
    expect(run.stderr).toContain('openssl rand -base64 32');
    expect(`${run.stdout}${run.stderr}`).not.toContain(passphrase);
  }, 60_000);

  it('takes http for a local demo when ALLOW_INSECURE_APP_URL=true, with a warning', async () => {
    const demo = await createTestApp({
      env: { ...PRODUCTION_ENV, APP_URL: 'http://localhost:3000', ALLOW_INSECURE_APP_URL: 'true' },
    });
    try {
      const warnings = demo.logs
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40 && line.msg.includes('ALLOW_INSECURE_APP_URL=true'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.msg).toContain('not Secure');
    } finally {
      await demo.close();
    }
  });
});
