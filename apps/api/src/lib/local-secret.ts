import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The zero-setup default for a secret: generated once and kept in a 0600 file under the data
 * directory, so restarts keep sessions and data readable. Production passes it in the environment.
 * The directory is made here: with an external DATABASE_URL nothing else creates it.
 */
export function readOrCreateSecret(file: string, bytes = 32): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(bytes).toString('base64url')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
  } catch (error) {
    // Already there (an earlier start, or another instance starting at the same moment): keep it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
