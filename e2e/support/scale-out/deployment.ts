import { startApp, type RunningApp } from '../start-app.ts';
import { freePort } from '../free-port.ts';
import { startSharedDatabase, type SharedDatabase } from './database.ts';
import { ensureDebianPrograms, NGINX, OPENSSL, REDIS_SERVER } from './debian-packages.ts';
import { httpsClient, type HttpsClient } from './https-client.ts';
import { startNginx, type RunningNginx } from './nginx.ts';
import { productionEnvironment } from './production-env.ts';
import { startRedis, type RunningRedis } from './redis.ts';
import type { Sql } from './site-api.ts';

/** One API process of the deployment: its port is fixed, as nginx's upstream list names it. */
export type Instance = {
  name: string;
  port: number;
  metricsPort: number;
  /** How nginx's log names it: 127.0.0.1:<port>. */
  address: string;
  /** The running process; null while it is killed. */
  app: RunningApp | null;
};

/**
 * An instance's death, in ms since the epoch. A killed process is not gone at once: the kernel
 * frees its memory before it closes its sockets, so for a while after the signal its port still
 * completes handshakes and its kept-alive connections still take requests, which then break.
 */
export type Dying = { signalled: number; exited: number };

export type Deployment = {
  instances: Instance[];
  nginx: RunningNginx;
  /** The site's client (HTTPS through nginx, trusting its certificate). */
  client: HttpsClient;
  /** A statement on the shared database. */
  sql: Sql;
  /** The shared database's DATABASE_URL, and what every instance runs with besides it. */
  databaseUrl: string;
  environment: Record<string, string>;
  /** A running instance, for what needs one (the admin command line). */
  anyApp(): RunningApp;
  start(instance: Instance): Promise<void>;
  /** SIGKILL, as a crash: answers when the signal was sent and when the process was gone. */
  kill(instance: Instance): Promise<Dying>;
  /** The instance's `vizita_meeting_sockets_open`, from its own metrics listener. */
  socketsOpen(instance: Instance): Promise<number>;
  /** The server output of every instance (the killed ones' too), for failure reports. */
  logs(): string;
  stop(): Promise<void>;
};

const SOCKETS_GAUGE = /^vizita_meeting_sockets_open(?:\{[^}]*\})? (\S+)$/m;

/**
 * The production shape on one machine: PostgreSQL (embedded or TEST_DATABASE_URL), Redis for the
 * broadcaster, `count` API processes with deploy/vizita.env.example's settings, and nginx with
 * deploy/nginx/vizita.conf in front of them, TLS terminated with a self-signed certificate.
 */
export async function startDeployment(count: number): Promise<Deployment> {
  await ensureDebianPrograms([NGINX, REDIS_SERVER, OPENSSL]);
  const stops: (() => Promise<void>)[] = [];
  const pastLogs: string[] = [];
  const instances: Instance[] = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
  };
  try {
    const database: SharedDatabase = await startSharedDatabase();
    stops.push(() => database.stop());
    const redis: RunningRedis = await startRedis();
    stops.push(() => redis.stop());
    for (let i = 0; i < count; i += 1) {
      const port = await freePort();
      instances.push({
        name: `instance ${i + 1} (:${port})`,
        port,
        metricsPort: await freePort(),
        address: `127.0.0.1:${port}`,
        app: null,
      });
    }
    const nginx = await startNginx({ upstreamPorts: instances.map((i) => i.port) });
    stops.push(() => nginx.stop());
    const environment = productionEnvironment({ appUrl: nginx.url, redisUrl: redis.url });

    const start = async (instance: Instance) => {
      instance.app = await startApp({
        databaseUrl: database.url,
        port: instance.port,
        // Each instance its own metrics listener, as the systemd unit gives it.
        env: { ...environment, METRICS_PORT: String(instance.metricsPort) },
      });
    };
    // One at a time: the first applies the migrations, and two cores have enough to do.
    for (const instance of instances) await start(instance);
    stops.push(async () => {
      for (const instance of instances) await instance.app?.stop();
    });
    const client = httpsClient(nginx.url, nginx.certificate);
    stops.push(async () => client.close());

    const anyApp = () => {
      const app = instances.find((i) => i.app)?.app;
      if (!app) throw new Error('No instance is running');
      return app;
    };
    return {
      instances,
      nginx,
      client,
      sql: (text, values) => anyApp().sql(text, values),
      databaseUrl: database.url,
      environment,
      anyApp,
      start,
      async kill(instance) {
        const app = instance.app;
        if (!app) throw new Error(`${instance.name} is not running`);
        instance.app = null;
        const signalled = Date.now();
        await app.kill();
        const exited = Date.now();
        pastLogs.push(`--- ${instance.name}, killed:\n${app.logs()}`);
        await app.stop(); // its data directory
        return { signalled, exited };
      },
      async socketsOpen(instance) {
        const res = await fetch(`http://127.0.0.1:${instance.metricsPort}/metrics`, {
          signal: AbortSignal.timeout(5000),
        });
        const value = SOCKETS_GAUGE.exec(await res.text())?.[1];
        if (value === undefined)
          throw new Error(`${instance.name}: no vizita_meeting_sockets_open`);
        return Number(value);
      },
      logs: () =>
        [
          ...pastLogs,
          ...instances.map(
            (i) =>
              `--- ${i.name}:\n${i.app?.logs().split('\n').slice(-60).join('\n') ?? '(not running)'}`,
          ),
        ].join('\n'),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
