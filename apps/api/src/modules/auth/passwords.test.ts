import { describe, expect, it } from 'vitest';
import {
  ARGON2_CONCURRENCY,
  ARGON2_MAX_QUEUED,
  passwordHashing,
  verifyAgainstDecoy,
} from './passwords.ts';

describe('the decoy check of a sign-in to an unknown address', () => {
  it('works again once a full queue refused its first try', async () => {
    // The decoy hash is made on first use; refused then, it must not stay refused for good.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const storm = Array.from({ length: ARGON2_CONCURRENCY + ARGON2_MAX_QUEUED }, () =>
      passwordHashing.run('signIn', () => held),
    );
    await expect(verifyAgainstDecoy('Guess-2026!')).rejects.toMatchObject({
      name: 'QueueFullError',
    });
    release();
    await Promise.all(storm);
    await expect(verifyAgainstDecoy('Guess-2026!')).resolves.toBe(false);
  });
});
