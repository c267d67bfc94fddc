import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPrograms, type DebianProgram } from './debian-packages.ts';

// The Containerfile's smoke test (issue #13): podman from Debian builds the image and runs it as
// one more instance of the deployment. Where no registry serves `node:24-bookworm-slim` (this
// test machine has only the npm registry and Debian's mirror), the base image is made here: a
// Debian rootfs from debootstrap plus the official Node 24 build from the npm registry.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const CONTAINERFILE = join(ROOT, 'Containerfile');

const IMAGE = 'localhost/vizita:test';
const LOCAL_NODE_IMAGE = 'localhost/vizita-node:24';
const LOCAL_BASE_IMAGE = 'localhost/vizita-base:bookworm';
const DEBIAN_MIRROR = 'http://deb.debian.org/debian';
/** The npm that Node 24 ships with; the registry's `node-linux-*` packages carry no npm. */
const NPM_SPEC = 'npm@11';
/** Shared with scripts/lib/node24.mjs, which keeps the same file there. */
const NODE24 = join(ROOT, '.cache/node24/bin/node');

const PODMAN: DebianProgram = { path: '/usr/bin/podman', pkg: 'podman' };
const RUNC: DebianProgram = { path: '/usr/sbin/runc', pkg: 'runc' };
const DEBOOTSTRAP: DebianProgram = { path: '/usr/sbin/debootstrap', pkg: 'debootstrap' };

// npm ci of every dependency, the web and server builds, and the production install, cold.
const BUILD_TIMEOUT_MS = 15 * 60_000;
const READY_TIMEOUT_MS = 60_000;
const COMMAND_TIMEOUT_MS = 5 * 60_000;

type Output = { code: number; stdout: string; stderr: string };

/** A reason to skip the test, found on the way (making the base image needs root). */
export class Skip extends Error {}

/** Runs a program and answers its exit code and output; never throws for a non-zero exit. */
function capture(
  command: string,
  args: string[],
  timeout = COMMAND_TIMEOUT_MS,
  cwd = ROOT,
): Promise<Output> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { cwd, timeout, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        resolve({ code, stdout, stderr: stderr || (error && code === -1 ? error.message : '') });
      },
    );
  });
}

/** Like capture, but a non-zero exit throws with the command and the end of its output. */
async function must(command: string, args: string[], timeout?: number, cwd?: string) {
  const result = await capture(command, args, timeout, cwd);
  if (result.code !== 0) {
    const tail = `${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${command} ${args.join(' ')} exited with ${result.code}:\n${tail}`);
  }
  return result.stdout;
}

/**
 * The flags every podman build and run needs on this machine (docs/deployment.md, "Container
 * image"). runc, because crun (podman's default) refuses a host with hybrid cgroups v1/v2. The
 * ulimits, because podman as root asks for 1,048,576 open files and processes, and no process
 * may raise its hard limit: in a sandbox with lower ones no container starts. The container gets
 * this process's limits, processes capped at pid_max, which podman's conmon runs with.
 */
export function runtimeFlags(
  limits = readFileSync('/proc/self/limits', 'utf8'),
  pidMax = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8')),
): string[] {
  const flags = ['--runtime', 'runc'];
  const limit = (row: string) => {
    const match = new RegExp(`^${row}\\s+(\\S+)\\s+(\\S+)`, 'm').exec(limits);
    return match
      ? [match[1]!, match[2]!].map((n) => (n === 'unlimited' ? Infinity : Number(n)))
      : [];
  };
  const [filesSoft, filesHard] = limit('Max open files');
  // Unlimited: podman's own request fits.
  if (Number.isFinite(filesHard)) flags.push('--ulimit', `nofile=${filesSoft}:${filesHard}`);
  const [procSoft, procHard] = limit('Max processes').map((n) => Math.min(n, pidMax || n));
  if (Number.isFinite(procHard)) flags.push('--ulimit', `nproc=${procSoft}:${procHard}`);
  return flags;
}

/** The image the Containerfile names by default (`ARG NODE_IMAGE=`): what an operator pulls. */
function registryNodeImage(): string {
  const match = /^ARG NODE_IMAGE=(\S+)$/m.exec(readFileSync(CONTAINERFILE, 'utf8'));
  if (!match) throw new Error('The Containerfile has no `ARG NODE_IMAGE=<image>` line');
  return match[1]!;
}

const imageExists = async (image: string) =>
  (await capture('podman', ['image', 'exists', image])).code === 0;

/**
 * Podman and runc, installed with apt-get when missing and run as root (as the journey does for
 * nginx and Redis). Answers why the test cannot run, or undefined when it can: a machine without
 * them and without root skips it, never fails.
 */
export async function preparePodman(): Promise<string | undefined> {
  const missing = [PODMAN, RUNC].filter((program) => !existsSync(program.path));
  if (missing.length === 0) return undefined;
  if (process.getuid?.() !== 0)
    return (
      `the container smoke test needs ${missing.map((p) => p.pkg).join(' and ')}: ` +
      '`sudo apt-get install podman runc debootstrap` to run it'
    );
  await ensureDebianPrograms([PODMAN, RUNC]);
  return undefined;
}

/**
 * Downloads `spec` with `npm pack` into `dir` and unpacks it there: answers the path of its
 * `package/` folder. npm's own configuration (registry, CA file, proxy) applies.
 */
async function npmPack(spec: string, dir: string): Promise<string> {
  const packed = await must(
    'npm',
    ['pack', spec, '--json', '--pack-destination', dir],
    undefined,
    dir,
  );
  const [{ filename }] = JSON.parse(packed) as [{ filename: string }];
  await must('tar', ['-xzf', join(dir, filename), '-C', dir]);
  rmSync(join(dir, filename));
  return join(dir, 'package');
}

/** .cache/node24/bin/node, downloaded as scripts/lib/node24.mjs does when it is not there. */
async function node24Binary(): Promise<string> {
  if (existsSync(NODE24)) return NODE24;
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
  mkdirSync(join(ROOT, '.cache'), { recursive: true });
  const staging = mkdtempSync(join(ROOT, '.cache', 'node24-download-'));
  try {
    const unpacked = await npmPack(`node-linux-${arch}@24`, staging);
    // Only bin/node is kept, as node24.mjs keeps it.
    mkdirSync(join(staging, 'node24/bin'), { recursive: true });
    renameSync(join(unpacked, 'bin/node'), join(staging, 'node24/bin/node'));
    try {
      renameSync(join(staging, 'node24'), join(ROOT, '.cache/node24'));
    } catch (error) {
      // Another run put its copy there first; use that one.
      if (!existsSync(NODE24)) throw error;
    }
    return NODE24;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A minimal Debian 12 rootfs as an image, made once and kept: debootstrap takes ~15 s, 200 MB. */
async function debianBaseImage(log: (line: string) => void): Promise<string> {
  if (await imageExists(LOCAL_BASE_IMAGE)) return LOCAL_BASE_IMAGE;
  if (process.getuid?.() !== 0)
    throw new Skip('debootstrap, which makes the base image, needs root');
  if (!existsSync(DEBOOTSTRAP.path)) await ensureDebianPrograms([DEBOOTSTRAP]);
  const rootfs = mkdtempSync(join(tmpdir(), 'vizita-rootfs-'));
  try {
    log(`debootstrap --variant=minbase bookworm (${DEBIAN_MIRROR}) → ${LOCAL_BASE_IMAGE}`);
    await must(DEBOOTSTRAP.path, ['--variant=minbase', 'bookworm', rootfs, DEBIAN_MIRROR]);
    await must('bash', [
      '-c',
      'set -o pipefail; tar -C "$1" -c . | podman import - "$2"',
      'import',
      rootfs,
      LOCAL_BASE_IMAGE,
    ]);
    return LOCAL_BASE_IMAGE;
  } finally {
    rmSync(rootfs, { recursive: true, force: true });
  }
}

/**
 * What the Containerfile's NODE_IMAGE stands for, here: the registry's image when podman has it
 * or can pull it, else `localhost/vizita-node:24` — the Debian base, Node 24 and npm 11 from the
 * npm registry, and this machine's CA certificates, so that npm inside the build trusts what npm
 * outside it trusts (a TLS-inspecting proxy's CA, here).
 */
export async function nodeImage(log: (line: string) => void): Promise<string> {
  const registryImage = registryNodeImage();
  if (await imageExists(registryImage)) return registryImage;
  if (await imageExists(LOCAL_NODE_IMAGE)) return LOCAL_NODE_IMAGE;
  const pulled = await capture('podman', ['pull', '--quiet', registryImage], 120_000);
  if (pulled.code === 0) return registryImage;
  log(`${registryImage} cannot be pulled here; building ${LOCAL_NODE_IMAGE} instead`);

  const base = await debianBaseImage(log);
  const context = mkdtempSync(join(tmpdir(), 'vizita-node-image-'));
  try {
    copyFileSync(await node24Binary(), join(context, 'node'));
    renameSync(await npmPack(NPM_SPEC, context), join(context, 'npm'));
    const ca = '/etc/ssl/certs/ca-certificates.crt';
    writeFileSync(join(context, 'ca-certificates.crt'), existsSync(ca) ? readFileSync(ca) : '');
    writeFileSync(
      join(context, 'Containerfile'),
      [
        `FROM ${base}`,
        'COPY node /usr/local/bin/node',
        'COPY npm /usr/local/lib/node_modules/npm',
        'COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
        ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx',
        'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt npm_config_update_notifier=false',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    await must('podman', ['build', ...runtimeFlags(), '-t', LOCAL_NODE_IMAGE, context]);
    return LOCAL_NODE_IMAGE;
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/**
 * Whether podman can run a container at all here, with the image the build starts from: a
 * machine where it cannot (no user namespaces, a locked-down sandbox) skips the test.
 */
export async function probeRuntime(image: string): Promise<string | undefined> {
  const probe = await capture('podman', ['run', '--rm', ...runtimeFlags(), image, 'node', '-v']);
  if (probe.code === 0) return undefined;
  return `podman cannot run a container here: ${probe.stderr.trim().split('\n').at(-1)}`;
}

export type BuiltImage = { image: string; seconds: number; megabytes: number };

/**
 * The Containerfile's two build stages, tagged too: a stage's last layer has no tag and no child,
 * so nothing would tell the next run's leftovers from its cache. Tagged, each run's replaced
 * stages are removed with the layers only they used (~20 MB a run when the sources change, the
 * npm ci layers when package-lock.json does), and the layers still shared stay cached.
 */
const STAGES = [
  { target: 'build', tag: 'localhost/vizita-build:test' },
  { target: 'dependencies', tag: 'localhost/vizita-dependencies:test' },
  { target: undefined, tag: IMAGE },
];

const imageId = async (image: string) => {
  const { code, stdout } = await capture('podman', [
    'image',
    'inspect',
    '--format',
    '{{.Id}}',
    image,
  ]);
  return code === 0 ? stdout.trim() : undefined;
};

/**
 * `podman build` of the Containerfile as `localhost/vizita:test`, FROM `nodeImage`. The layers
 * stay cached for the next run (npm ci runs again only when package-lock.json changes); the
 * images it replaces are removed. `--network host` lets npm reach the registry as the host does.
 */
export async function buildImage(nodeImage: string): Promise<BuiltImage> {
  const previous = await Promise.all(STAGES.map((stage) => imageId(stage.tag)));
  const started = Date.now();
  for (const { target, tag } of STAGES)
    await must(
      'podman',
      [
        'build',
        ...runtimeFlags(),
        '--network',
        'host',
        // The Docker format keeps HEALTHCHECK; OCI images have no such field.
        '--format',
        'docker',
        '--build-arg',
        `NODE_IMAGE=${nodeImage}`,
        ...(target ? ['--target', target] : []),
        '-f',
        CONTAINERFILE,
        '-t',
        tag,
        ROOT,
      ],
      BUILD_TIMEOUT_MS,
    );
  const seconds = (Date.now() - started) / 1000;
  for (const [i, stage] of STAGES.entries()) {
    const old = previous[i];
    if (old && old !== (await imageId(stage.tag))) await capture('podman', ['rmi', old]);
  }
  const size = await must('podman', ['image', 'inspect', '--format', '{{.Size}}', IMAGE]);
  return { image: IMAGE, seconds, megabytes: Math.round(Number(size) / 1e6) };
}

/** The environment as a file only this user reads: secrets never on a command line. */
function withEnvFile<T>(env: Record<string, string>, use: (file: string) => Promise<T>) {
  const dir = mkdtempSync(join(tmpdir(), 'vizita-container-env-'));
  const file = join(dir, 'env');
  writeFileSync(
    file,
    Object.entries(env)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n'),
    { mode: 0o600 },
  );
  return use(file).finally(() => rmSync(dir, { recursive: true, force: true }));
}

export type RunningContainer = {
  name: string;
  /** http://127.0.0.1:<PORT> (host networking: the container's port is the host's). */
  url: string;
  /** Runs a command in the container as its user: exit code and output. */
  exec(args: string[]): Promise<Output>;
  /** `podman healthcheck run`: the image's HEALTHCHECK, run once now. */
  healthcheck(): Promise<Output>;
  logs(): Promise<string>;
  /** `podman stop`: SIGTERM, SIGKILL after 10 s. Answers the server's exit code. */
  stop(): Promise<number>;
  /** Removes the container (the image stays). */
  remove(): Promise<void>;
};

/**
 * Runs the image detached with `env` (which must set PORT) on the host's network, so that it
 * reaches the journey's PostgreSQL and Redis on loopback, and resolves once /readyz says 200.
 */
export async function runContainer(
  image: string,
  env: Record<string, string>,
): Promise<RunningContainer> {
  const name = `vizita-smoke-${randomBytes(4).toString('hex')}`;
  const url = `http://127.0.0.1:${env.PORT}`;
  const container: RunningContainer = {
    name,
    url,
    exec: (args) => capture('podman', ['exec', name, ...args]),
    healthcheck: () => capture('podman', ['healthcheck', 'run', name]),
    logs: async () => {
      const { stdout, stderr } = await capture('podman', ['logs', name]);
      return `${stdout}${stderr}`;
    },
    stop: async () => {
      await must('podman', ['stop', '--time', '10', name]);
      const state = await must('podman', ['inspect', '--format', '{{.State.ExitCode}}', name]);
      return Number(state.trim());
    },
    remove: async () => {
      await capture('podman', ['rm', '--force', '--time', '10', name]);
    },
  };
  await withEnvFile(env, (file) =>
    must('podman', [
      'run',
      '--detach',
      '--name',
      name,
      ...runtimeFlags(),
      '--network',
      'host',
      // No timer for the HEALTHCHECK (podman starts one through systemd, which a test machine may
      // not run); the test runs it once itself.
      '--health-interval',
      'disable',
      '--env-file',
      file,
      image,
    ]),
  );
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.status === 200,
      () => false,
    );
    if (ready) return container;
    const state = await capture('podman', ['inspect', '--format', '{{.State.Running}}', name]);
    if (state.stdout.trim() !== 'true' || Date.now() > deadline) {
      const logs = await container.logs();
      await container.remove();
      throw new Error(`${image} did not become ready at ${url}/readyz:\n${logs}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Runs the image once in the foreground with `env` and answers how it ended. */
export async function runOnce(image: string, env: Record<string, string>): Promise<Output> {
  const name = `vizita-smoke-${randomBytes(4).toString('hex')}`;
  try {
    return await withEnvFile(env, (file) =>
      capture(
        'podman',
        [
          ...['run', '--rm', '--name', name, ...runtimeFlags(), '--network', 'host'],
          ...['--health-interval', 'disable', '--env-file', file, image],
        ],
        READY_TIMEOUT_MS,
      ),
    );
  } finally {
    // Still there only if it outlived the timeout.
    await capture('podman', ['rm', '--force', '--time', '0', '--ignore', name]);
  }
}
