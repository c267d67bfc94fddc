import { execFile, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { NGINX, OPENSSL } from './debian-packages.ts';
import { freePort } from '../free-port.ts';

const run = promisify(execFile);

/** deploy/nginx: the site file the test runs as it is, and the examples of its three includes. */
const DEPLOY_NGINX = fileURLToPath(new URL('../../../deploy/nginx/', import.meta.url));
export const SITE_FILE = join(DEPLOY_NGINX, 'vizita.conf');
const START_TIMEOUT_MS = 15_000;

/** One line of the site's access log (deploy/nginx/vizita.conf, log_format vizita_json). */
export type AccessLogEntry = {
  msec: number;
  method: string;
  uri: string;
  status: number;
  request_time: number;
  /** "127.0.0.1:3001", or "127.0.0.1:3001, 127.0.0.1:3002" when nginx moved on; "" if none. */
  upstream: string;
  upstream_status: string;
  request_id: string;
};

export type RunningNginx = {
  /** https://127.0.0.1:<port>: the site, TLS terminated by nginx. */
  url: string;
  /** http://127.0.0.1:<port>: the redirect to https. */
  httpUrl: string;
  /** The self-signed certificate (PEM), for clients that should trust it. */
  certificate: string;
  /** The site's access log so far, parsed. */
  accessLog(): AccessLogEntry[];
  /** Every log file nginx wrote (access and error logs), as text. */
  allLogs(): string;
  /** The include files the test wrote, by name (upstream.conf, http.conf, https.conf). */
  includes: Record<string, string>;
  stop(): Promise<void>;
};

/** Replaces the first word after a directive's name, keeping the parameters that follow it. */
function replaceDirective(text: string, name: string, value: (old: string) => string | null) {
  const pattern = new RegExp(`^(\\s*${name}\\s+)(\\S+)([^;\\n]*;)`, 'gm');
  return text.replace(pattern, (line, start: string, old: string, rest: string) => {
    const replaced = value(old);
    return replaced === null ? `# (not in the test) ${line.trim()}` : `${start}${replaced}${rest}`;
  });
}

/**
 * The three includes for the test, made from deploy/nginx/vizita/*.conf by replacing only what
 * differs from one machine to another: the instances' ports, the listening addresses (IPv4
 * loopback; the IPv6 lines are commented out), the certificate and the log paths. Parameters
 * (`max_fails`, `fail_timeout`, `ssl http2`, the log format, the error log's level) stay.
 */
export function testIncludes({
  upstreamPorts,
  httpPort,
  httpsPort,
  dir,
}: {
  upstreamPorts: number[];
  httpPort: number;
  httpsPort: number;
  dir: string;
}): Record<string, string> {
  const example = (name: string) => readFileSync(join(DEPLOY_NGINX, 'vizita', name), 'utf8');
  const logs = (text: string) =>
    replaceDirective(
      replaceDirective(text, 'access_log', () => join(dir, 'logs', 'vizita.access.log')),
      'error_log',
      () => join(dir, 'logs', 'vizita.error.log'),
    );
  const listen = (port: number) => (old: string) =>
    old.startsWith('[') ? null : `127.0.0.1:${port}`;

  let instance = 0;
  const upstream = replaceDirective(example('upstream.conf'), 'server', () => {
    const port = upstreamPorts[instance++];
    if (port === undefined) throw new Error('deploy/nginx/vizita/upstream.conf lists more servers');
    return `127.0.0.1:${port}`;
  });
  if (instance !== upstreamPorts.length)
    throw new Error(
      `deploy/nginx/vizita/upstream.conf lists ${instance} servers, the test runs ${upstreamPorts.length}`,
    );

  const http = logs(replaceDirective(example('http.conf'), 'listen', listen(httpPort)));
  let https = logs(replaceDirective(example('https.conf'), 'listen', listen(httpsPort)));
  https = replaceDirective(https, 'ssl_certificate', () => join(dir, 'cert.pem'));
  https = replaceDirective(https, 'ssl_certificate_key', () => join(dir, 'key.pem'));
  return { 'upstream.conf': upstream, 'http.conf': http, 'https.conf': https };
}

/** Stands in for Debian's /etc/nginx/nginx.conf, with every path inside the test's folder. */
function mainConfig(dir: string): string {
  const temp = (name: string) => join(dir, 'temp', name);
  return `# The test's nginx.conf: Debian's, reduced, with every path in ${dir}.
worker_processes 2;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')};
events { worker_connections 1024; }
http {
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log ${join(dir, 'logs', 'access.log')};
    # deploy/nginx/vizita.conf as it is; its includes (vizita/*.conf) are read from conf/.
    include ${SITE_FILE};
}
`;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Debian's nginx in a folder of its own (`-p`, `-c`, `-e`, its own pid file and temp paths), in
 * front of the instances on `upstreamPorts`, with a fresh self-signed certificate for 127.0.0.1.
 * The machine's own nginx, if any, is neither used nor touched.
 */
export async function startNginx({ upstreamPorts }: { upstreamPorts: number[] }) {
  const dir = mkdtempSync(join(tmpdir(), 'vizita-nginx-'));
  // nginx's workers (nobody) write proxy temp files under it; the key stays root's (0600).
  chmodSync(dir, 0o711);
  for (const sub of ['conf/vizita', 'logs', 'temp']) mkdirSync(join(dir, sub), { recursive: true });
  await run(OPENSSL.path, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const includes = testIncludes({ upstreamPorts, httpPort, httpsPort, dir });
  for (const [name, text] of Object.entries(includes))
    writeFileSync(join(dir, 'conf', 'vizita', name), text);
  const conf = join(dir, 'conf', 'nginx.conf');
  writeFileSync(conf, mainConfig(dir));
  const args = ['-p', dir, '-c', conf, '-e', join(dir, 'logs', 'error.log')];
  try {
    await run(NGINX.path, [...args, '-t', '-q']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `nginx refused the configuration: ${(error as { stderr?: string }).stderr ?? String(error)}`,
    );
  }

  // In the foreground, as this process's child: it ends with the test, whatever happens.
  const child = spawn(NGINX.path, [...args, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await portAnswers(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`nginx did not start: ${stderr || 'no answer on its port'}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const read = (name: string) => {
    try {
      return readFileSync(join(dir, 'logs', name), 'utf8');
    } catch {
      return '';
    }
  };
  const running: RunningNginx = {
    url: `https://127.0.0.1:${httpsPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    certificate: readFileSync(join(dir, 'cert.pem'), 'utf8'),
    includes,
    accessLog: () =>
      read('vizita.access.log')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as AccessLogEntry),
    allLogs: () =>
      ['vizita.access.log', 'vizita.error.log', 'access.log', 'error.log'].map(read).join('\n'),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM'); // nginx's fast shutdown
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return running;
}
