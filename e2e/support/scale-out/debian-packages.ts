import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A program the scale-out journey runs, and the Debian package that installs it. */
export type DebianProgram = { path: string; pkg: string };

export const NGINX: DebianProgram = { path: '/usr/sbin/nginx', pkg: 'nginx' };
export const REDIS_SERVER: DebianProgram = { path: '/usr/bin/redis-server', pkg: 'redis-server' };
export const OPENSSL: DebianProgram = { path: '/usr/bin/openssl', pkg: 'openssl' };

/**
 * Makes sure Debian's programs are there, as scripts/lib/ensure-chromium.mjs does for Chromium:
 * installed with apt-get when missing and run as root, otherwise a failure that names the command
 * to run. The test starts its own processes of them; a package's system service (which Debian may
 * start on install) is never used, stopped or reconfigured.
 */
export async function ensureDebianPrograms(programs: DebianProgram[]): Promise<void> {
  const missing = programs.filter((program) => !existsSync(program.path));
  if (missing.length === 0) return;
  const packages = missing.map((program) => program.pkg);
  if (process.getuid?.() !== 0)
    throw new Error(
      `The scale-out journey needs ${missing.map((p) => p.path).join(', ')}: run ` +
        `\`sudo apt-get install ${packages.join(' ')}\` and start it again.`,
    );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Other processes on a shared machine may hold the dpkg lock for a while; wait instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  const options = { env, maxBuffer: 16 * 1024 * 1024, timeout: 600_000 };
  await run('apt-get', [...lockWait, 'update'], options);
  await run(
    'apt-get',
    [...lockWait, 'install', '-y', '--no-install-recommends', ...packages],
    options,
  );
  const still = missing.filter((program) => !existsSync(program.path));
  if (still.length > 0)
    throw new Error(`apt-get installed ${packages.join(' ')}, but ${still[0]!.path} is missing.`);
}
