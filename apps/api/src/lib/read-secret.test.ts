import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readSecret } from './read-secret.ts';

const piped = (text: string) => {
  const stream = new PassThrough() as unknown as NodeJS.ReadStream;
  (stream as unknown as PassThrough).end(text);
  return stream;
};
const sink = () => new PassThrough() as unknown as NodeJS.WriteStream;

describe('the command line reads a password from standard input, never from its arguments', () => {
  it('takes the first piped line, without its line break, and prints no prompt into it', async () => {
    expect(await readSecret('Password: ', piped('Clinic-Ops-2026!\nsecond line\n'), sink())).toBe(
      'Clinic-Ops-2026!',
    );
    expect(await readSecret('Password: ', piped('no-newline-at-end'), sink())).toBe(
      'no-newline-at-end',
    );
  });

  it('says so when nothing is piped', async () => {
    await expect(readSecret('Password: ', piped(''), sink())).rejects.toThrow(
      'No password on standard input.',
    );
  });
});
