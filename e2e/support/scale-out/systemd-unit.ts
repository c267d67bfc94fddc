import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const UNIT = fileURLToPath(new URL('../../../deploy/systemd/vizita-api@.service', import.meta.url));
export const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** The verifier's lines about this unit (a container may add notes about the machine). */
const aboutTheUnit = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.includes('vizita-api@'))
    .join('\n');

/**
 * `systemd-analyze verify` of deploy/systemd/vizita-api@.service as instance 3001. The verifier
 * insists that ExecStart's program exists, so /usr/bin/node becomes the Node running this test
 * where that differs; nothing else changes. Answers what it printed (warnings included), "" when
 * the unit is clean.
 */
export async function verifySystemdUnit(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'vizita-unit-'));
  try {
    const unit = readFileSync(UNIT, 'utf8');
    const node = existsSync('/usr/bin/node') ? '/usr/bin/node' : process.execPath;
    writeFileSync(join(dir, 'vizita-api@.service'), unit.replaceAll('/usr/bin/node', node));
    const { stdout, stderr } = await run(SYSTEMD_ANALYZE, [
      'verify',
      '--man=no',
      join(dir, 'vizita-api@3001.service'),
    ]);
    return aboutTheUnit(`${stdout}${stderr}`);
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return aboutTheUnit(`${stdout}${stderr}`) || String(error);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
