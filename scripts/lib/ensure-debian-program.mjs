import { existsSync } from 'node:fs';
import { runOrFail, StepFailure } from './run-command.mjs';

/**
 * Makes sure Debian's programs are there (`[{ path, pkg }]`: the file the tests run and the
 * package that installs it): installed with apt-get when missing and we are root, else a failure
 * that names the command to run. `purpose` says what needs them ("The WebKit journey"); `hint`,
 * another way out, ends that failure's message.
 */
export async function ensureDebianPrograms(
  programs,
  { purpose, hint = '', env = process.env, log = console.log },
) {
  const missing = programs.filter((program) => !existsSync(program.path));
  if (missing.length === 0) return;
  const paths = missing.map((program) => program.path).join(', ');
  const packages = [...new Set(missing.map((program) => program.pkg))];

  if (process.getuid?.() !== 0) {
    throw new StepFailure(
      `${purpose} needs ${paths}. On Debian/Ubuntu run ` +
        `\`sudo apt-get install ${packages.join(' ')}\`${hint}, then run npm test again.`,
    );
  }

  log(`Installing Debian's ${packages.join(', ')} (${paths} missing).`);
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  // Other processes on a shared machine may hold the dpkg lock for a while; wait instead of failing.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  await runOrFail('apt-get update', 'apt-get', [...lockWait, 'update'], { env: aptEnv });
  await runOrFail(
    `Installing ${packages.join(' ')}`,
    'apt-get',
    [...lockWait, 'install', '-y', '--no-install-recommends', ...packages],
    { env: aptEnv },
  );
  const still = missing.filter((program) => !existsSync(program.path));
  if (still.length > 0) {
    throw new StepFailure(
      `apt-get installed ${packages.join(' ')}, but ${still.map((p) => p.path).join(', ')} is still missing.`,
    );
  }
}
