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
 *
 * Sign-ins have a lane of their own (issue #18): a waiting sign-in is always served before any
 * other waiting hash, and every other hash — a registration, an invitation, a reset, a change
 * of password, the password confirmed before a change of the second factor — waits in a shorter
 * line of its own. So a flood of those is refused 503 while people still sign in.
 */
export const ARGON2_CONCURRENCY = Math.max(1, Math.min(availableParallelism(), 4) - 1);
export const ARGON2_MAX_QUEUED = 32;
/** The other hashes' line: legitimate ones are rare (a person registers or resets once). */
export const ARGON2_MAX_QUEUED_OTHER = 8;
export type HashingLane = 'signIn' | 'other';
export const passwordHashing = createBoundedQueue<HashingLane>(
  'password hashing',
  ARGON2_CONCURRENCY,
  [
    { lane: 'signIn', maxQueued: ARGON2_MAX_QUEUED },
    { lane: 'other', maxQueued: ARGON2_MAX_QUEUED_OTHER },
  ],
);

const argon2 = createArgon2Workers(ARGON2_CONCURRENCY);

/** A new password's hash: never part of a sign-in, so in the other lane. */
export function hashPassword(password: string): Promise<string> {
  return passwordHashing.run('other', () => argon2.hash(password, ARGON2ID));
}

/** Checks a password; `lane` is 'signIn' for the login's check only. */
export async function verifyPassword(
  passwordHash: string,
  password: string,
  lane: HashingLane = 'other',
): Promise<boolean> {
  return passwordHashing.run(lane, async () => {
    try {
      return await argon2.verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

// A real hash of a random password, computed once: verifying against it when the account does
// not exist costs the same time as a real check, so response times do not reveal accounts.
// Both are a sign-in's work, so they wait in its lane; a refused first try (a full queue) is
// forgotten, or every later sign-in of an unknown address would fail with it.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= passwordHashing
    .run('signIn', () => argon2.hash(`decoy-${Math.random()}`, ARGON2ID))
    .catch((error: unknown) => {
      decoyHash = undefined;
      throw error;
    });
  await verifyPassword(await decoyHash, password, 'signIn');
  return false;
}
