import { availableParallelism } from 'node:os';
import { createBoundedQueue } from '../../lib/bounded-queue.ts';
import { createArgon2Workers } from './argon2-workers.ts';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane (~50 ms here).
// `algorithm: 2` is Argon2id; the package exports it as a const enum, which isolated modules
// cannot inline.
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Each hash keeps a core busy for ~50 ms. A storm of sign-ins must not starve the rest of the
 * API: hashes run on threads of their own at the lowest CPU priority (argon2-workers.ts), one
 * fewer at a time than there are cores (a core stays with the event loop), a short queue waits
 * behind (under two seconds of work), and beyond it the answer is an immediate 503 with
 * Retry-After (QueueFullError, mapped by the error handler).
 */
export const ARGON2_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 4) - 1);
export const ARGON2_MAX_QUEUED = 32;
export const passwordHashing = createBoundedQueue(
  'password hashing',
  ARGON2_CONCURRENCY,
  ARGON2_MAX_QUEUED,
);

const argon2 = createArgon2Workers(ARGON2_CONCURRENCY);

export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run(() => argon2.hash(password, ARGON2ID));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return passwordHashing.run(async () => {
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// A real hash of a random password, computed once: verifying against it when the account does
// not exist costs the same time as a real check, so response times do not reveal accounts.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  await verifyPassword(await decoyHash, password);
  return false;
}
