import { ensureDebianPrograms as ensureWithApt } from '../../../scripts/lib/ensure-debian-program.mjs';

/** A program the scale-out journey runs, and the Debian package that installs it. */
export type DebianProgram = { path: string; pkg: string };

export const NGINX: DebianProgram = { path: '/usr/sbin/nginx', pkg: 'nginx' };
export const REDIS_SERVER: DebianProgram = { path: '/usr/bin/redis-server', pkg: 'redis-server' };
export const OPENSSL: DebianProgram = { path: '/usr/bin/openssl', pkg: 'openssl' };

/**
 * Makes sure Debian's programs are there, as npm test does for the browsers
 * (scripts/lib/ensure-debian-program.mjs): installed with apt-get when missing and run as root,
 * otherwise a failure that names the command to run. The test starts its own processes of them; a
 * package's system service (which Debian may start on install) is never used, stopped or
 * reconfigured.
 */
export function ensureDebianPrograms(programs: DebianProgram[]): Promise<void> {
  return ensureWithApt(programs, { purpose: 'The scale-out journey' });
}
