import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateSecret } from './local-secret.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('readOrCreateSecret', () => {
  it('creates the data directory when nothing else did (an external database)', () => {
    const root = mkdtempSync(join(tmpdir(), 'vizita-secret-'));
    dirs.push(root);
    const file = join(root, 'data', 'jwt.secret');
    const secret = readOrCreateSecret(file);
    expect(secret).toMatch(/^[\w-]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(root, 'data')).mode & 0o777).toBe(0o700);
  });

  it('keeps the same secret across starts', () => {
    const root = mkdtempSync(join(tmpdir(), 'vizita-secret-'));
    dirs.push(root);
    const file = join(root, 'data-encryption.key');
    expect(readOrCreateSecret(file)).toBe(readOrCreateSecret(file));
  });
});
