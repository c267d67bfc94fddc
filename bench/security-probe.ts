// `npm run probe -w bench`, and a step of `npm test`: the security findings of issue #11 tried
// again from outside, against the built server started as production-like as this machine allows
// (its own PostgreSQL, real SMTP, a trusted proxy in front: this script). Black-box: HTTP only,
// no import of the server's code. Exits non-zero when any finding is open again.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCallDoctor, callDoctor } from '../e2e/support/meetings.ts';
import { startSmtpSink, findLink, type SinkMail, type SmtpSink } from '../e2e/support/smtp-sink.ts';
import { SERVER_ENTRY, startApp, type RunningApp } from '../e2e/support/start-app.ts';
import { productionEnvironment } from '../e2e/support/scale-out/production-env.ts';
import { currentCode } from '../e2e/support/two-factor.ts';
import { BULGARIAN_PROFILE } from '../e2e/support/patients.ts';
import { newUser, registerValidatedUser, type TestUser } from '../e2e/support/users.ts';
import { buildIfStale } from '../scripts/lib/build-if-stale.mjs';
import { WebSocket } from 'ws';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
// However things go wrong, the probe ends by itself.
const WATCHDOG_MS = 5 * 60 * 1000;
/** The address this script forwards for when it plays the proxy (TRUST_PROXY=127.0.0.1). */
const PROXY = '127.0.0.1';

type Answer = { status: number; body: Record<string, unknown>; headers: Headers; ms: number };
type Call = {
  token?: string | undefined;
  body?: unknown;
  /** The client address the proxy (this script) says it forwards for. */
  ip?: string;
  headers?: Record<string, string>;
};

let app: RunningApp;
let sink: SmtpSink;

async function http(method: string, path: string, call: Call = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: {
      ...(call.token ? { authorization: `Bearer ${call.token}` } : {}),
      ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(call.ip ? { 'x-forwarded-for': call.ip } : {}),
      ...call.headers,
    },
    ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // An HTML page or an empty answer: the status and headers are what is looked at.
  }
  return { status: res.status, body, headers: res.headers, ms };
}

const data = <T>(a: Answer) => a.body.data as T;
/** A documentation address (RFC 5737) of its own for each probe, so their limits do not meet. */
let nextHost = 1;
const freshIp = () => `203.0.113.${nextHost++}`;

type Patient = TestUser & { token: string; id: string };

async function signIn(email: string, password: string, ip = freshIp()) {
  return http('POST', '/auth/login', { body: { email, password }, ip });
}

async function patient(firstName: string): Promise<Patient> {
  const user = newUser(firstName);
  await registerValidatedUser(app.url, sink, user);
  const login = await signIn(user.email, user.password);
  assert.equal(login.status, 200, `sign-in of ${firstName}`);
  const { accessToken, userId } = data<{ accessToken: string; userId: string }>(login);
  const profile = await http('PUT', '/auth/complete-profile', {
    token: accessToken,
    body: { ...BULGARIAN_PROFILE, firstName },
  });
  assert.equal(profile.status, 200, `profile of ${firstName}: ${JSON.stringify(profile.body)}`);
  return { ...user, token: accessToken, id: userId };
}

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function freeSlots(token: string, doctorId: string) {
  const days = data<{ date: string; slots: string[] }[]>(
    await http(
      'GET',
      `/api/availability?doctorId=${doctorId}&startDate=${iso(0)}&endDate=${iso(3)}`,
      { token },
    ),
  );
  return days.flatMap((d) => d.slots.map((slot) => ({ date: d.date, slot })));
}

function hold(token: string, doctorId: string, at: { date: string; slot: string }) {
  return http('POST', '/api/payments/create-session', {
    token,
    body: { doctorId, ...at, reason: 'Probe', country: 'Bulgaria' },
  });
}

// ---- the probes ------------------------------------------------------------------------------

type Context = {
  a: Patient;
  b: Patient;
  doctorId: string;
  doctor: { email: string; password: string };
};
type Probe = { finding: string; run: (c: Context) => Promise<void> };

const PROBES: Probe[] = [
  {
    finding: 'impossible dates answer 4xx, never 500',
    async run({ a, doctorId }) {
      for (const date of ['2026-02-30', '2026-11-32', '2026-13-01', '0000-00-00', '2026-2-3']) {
        const availability = await http(
          'GET',
          `/api/availability?doctorId=${doctorId}&startDate=${date}&endDate=${date}`,
        );
        assert.equal(availability.status, 400, `availability of ${date}`);
        const checkout = await hold(a.token, doctorId, { date, slot: '10:00' });
        assert.equal(checkout.status, 400, `checkout on ${date}`);
      }
    },
  },
  {
    finding: 'one patient cannot hold every slot (two open holds at most)',
    async run({ b, doctorId }) {
      const [first, second, third] = await freeSlots(b.token, doctorId);
      assert.ok(third, 'three free slots to try');
      assert.equal((await hold(b.token, doctorId, first!)).status, 200);
      assert.equal((await hold(b.token, doctorId, second!)).status, 200);
      const refused = await hold(b.token, doctorId, third);
      assert.equal(refused.status, 409);
      assert.equal(refused.body.code, 'tooManyHolds');
    },
  },
  {
    finding: 'reset-password checks the token before hashing, and is limited per IP',
    async run() {
      const ip = freshIp();
      const reset = () =>
        http('POST', '/auth/reset-password', {
          ip,
          body: { token: randomBytes(32).toString('base64url'), newPassword: 'Probe-2026-Aa1!' },
        });
      // Each forged reset beside a password check (argon2id, an address nobody has), in turn, so
      // that a busy machine slows both alike; compared by their fastest, which load can only
      // lengthen: a reset that hashes first can never be faster than one hash.
      const resets: number[] = [];
      const logins: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const answer = await reset();
        assert.equal(answer.body.code, 'resetTokenInvalid', JSON.stringify(answer.body));
        resets.push(answer.ms);
        logins.push((await signIn(`nobody.${i}@example.test`, 'Wrong-2026-Aa1!', freshIp())).ms);
      }
      const fastest = (times: number[]) => Math.min(...times);
      assert.ok(
        fastest(resets) < fastest(logins) / 2,
        `a forged reset token takes ${fastest(resets).toFixed(1)} ms at best, a password check ${fastest(logins).toFixed(1)} ms: it is hashed before the token is checked`,
      );
      let last = await reset();
      for (let i = 0; i < 30 && last.status !== 429; i += 1) last = await reset();
      assert.equal(last.status, 429, 'reset-password has no per-IP limit');
    },
  },
  {
    finding: 'per-IP sign-in limits hold whatever X-Forwarded-For says',
    async run() {
      const attacker = freshIp();
      let last: Answer | undefined;
      for (let i = 0; i < 60; i += 1) {
        // The attacker forges the left of the chain; the proxy adds the address it saw.
        last = await http('POST', '/auth/login', {
          body: { email: `guess.${i}@example.test`, password: 'Wrong-2026-Aa1!' },
          headers: { 'x-forwarded-for': `198.18.${i}.1, ${attacker}` },
        });
        if (last.status === 429) break;
      }
      assert.equal(last?.status, 429, 'a forged X-Forwarded-For escapes the per-IP limit');
    },
  },
  {
    finding: "guessing a doctor's password locks the guesser, not the doctor",
    async run({ doctor }) {
      const guesser = freshIp();
      let last: Answer | undefined;
      for (let i = 0; i < 12; i += 1) last = await signIn(doctor.email, 'Wrong-2026-Aa1!', guesser);
      assert.equal(last?.status, 429);
      const owner = await signIn(doctor.email, doctor.password, freshIp());
      assert.equal(owner.status, 200, 'the doctor is locked out by someone else');
    },
  },
  {
    finding: 'the doctor directory shows no staff e-mail address',
    async run({ a, doctor }) {
      const directory = await http('GET', '/api/doctors', { token: a.token });
      assert.equal(directory.status, 200);
      const text = JSON.stringify(directory.body);
      assert.ok(!text.includes(doctor.email), 'a doctor’s sign-in e-mail is visible to patients');
      assert.ok(!text.includes('@'), 'an e-mail address is in the directory');
    },
  },
  {
    finding: 'change-password attempts are limited',
    async run({ a }) {
      let last: Answer | undefined;
      for (let i = 0; i < 7; i += 1) {
        last = await http('POST', '/auth/change-password', {
          token: a.token,
          body: { currentPassword: `Wrong-${i}-Aa1!`, newPassword: 'Probe-New-2026-Aa1!' },
        });
        if (i === 0)
          assert.equal(last.body.code, 'currentPasswordIncorrect', JSON.stringify(last.body));
      }
      assert.equal(last?.status, 429);
    },
  },
  {
    finding: "re-registering an unconfirmed address does not keep the first person's password",
    async run() {
      const first = newUser('Stranger');
      const owner = { ...first, password: `Owner-${randomBytes(3).toString('hex')}-Aa1!` };
      for (const who of [first, owner]) {
        const reg = await http('POST', '/auth/register-minimal', {
          body: { ...who, termsAccepted: true },
          ip: freshIp(),
        });
        assert.equal(reg.status, 201);
      }
      // A registration mails an address once an hour (issue #18): the owner asks again.
      const resent = await http('POST', '/auth/resend-validation-email', {
        body: { email: first.email },
        ip: freshIp(),
      });
      assert.equal(resent.status, 200);
      // The newest validation mail carries the link that counts.
      let link: URL | undefined;
      for (let i = 0; i < 100 && !link; i += 1) {
        const mails = sink.messages.filter((m) => m.to.includes(first.email));
        if (mails.length >= 2) link = findLink(mails.at(-1)!, '/validate-email');
        else await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.ok(link, 'two validation mails');
      const token = link.searchParams.get('token')!;
      assert.equal(
        (await http('POST', `/auth/validate-email?token=${encodeURIComponent(token)}`)).status,
        200,
      );
      assert.equal((await signIn(first.email, first.password)).status, 401);
      assert.equal((await signIn(owner.email, owner.password)).status, 200);
    },
  },
  {
    finding: "a patient reaches nobody else's appointment",
    async run({ a, b, doctorId }) {
      const [slot] = await freeSlots(a.token, doctorId);
      const held = await hold(a.token, doctorId, slot!);
      assert.equal(held.status, 200);
      const { appointmentId } = data<{ appointmentId: string }>(held);
      for (const [method, path] of [
        ['GET', `/api/appointments/${appointmentId}`],
        ['GET', `/api/appointments/${appointmentId}/documents`],
        ['POST', `/api/meetings/${appointmentId}/join`],
      ] as const) {
        const answer = await http(method, path, { token: b.token });
        assert.ok(
          [403, 404].includes(answer.status),
          `${method} ${path} answered ${answer.status}`,
        );
      }
      const cancel = await http('PUT', `/api/appointments/${appointmentId}/cancel`, {
        token: b.token,
        body: { reason: 'Not mine to cancel at all.' },
      });
      assert.ok([403, 404].includes(cancel.status), `cancel answered ${cancel.status}`);
    },
  },
  {
    finding: 'strict headers: a CSP without wildcards, a Permissions-Policy, no-store on people',
    async run({ a }) {
      const page = await http('GET', '/');
      const csp = page.headers.get('content-security-policy') ?? '';
      assert.ok(csp.includes("frame-ancestors 'none'"), csp);
      const sources = csp.split(';').flatMap((d) => d.trim().split(/\s+/).slice(1));
      for (const wide of ['*', 'https:', 'http:', 'ws:', 'wss:'])
        assert.ok(!sources.includes(wide), `the CSP allows every ${wide} source: ${csp}`);
      assert.ok(page.headers.get('permissions-policy'), 'no Permissions-Policy');
      assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
      const profile = await http('GET', '/auth/profile', { token: a.token });
      assert.equal(profile.status, 200);
      assert.match(profile.headers.get('cache-control') ?? '', /no-store/);
    },
  },
  {
    finding: 'an access token dies with its session',
    async run() {
      const c = await patient('Sevda');
      assert.equal((await http('POST', '/auth/logout', { token: c.token })).status, 200);
      assert.equal((await http('GET', '/auth/profile', { token: c.token })).status, 401);
    },
  },
  {
    finding: 'a NUL byte in any text is a 400, never a 500 (issue #18, 2)',
    async run({ a }) {
      const registration = await http('POST', '/auth/register-minimal', {
        ip: freshIp(),
        body: { ...newUser('Maria'), firstName: 'Ma\u0000ria', termsAccepted: true },
      });
      assert.equal(registration.status, 400, JSON.stringify(registration.body));
      for (const field of ['address', 'city'])
        for (const c of ['\u0000', '\u001b', '\u007f']) {
          const profile = await http('PUT', '/auth/profile', {
            token: a.token,
            body: { [field]: `Vitosha${c} 1` },
          });
          assert.equal(profile.status, 400, `${field} with U+${c.charCodeAt(0).toString(16)}`);
        }
      const search = await http('GET', '/api/doctors?specialty=%00', { token: a.token });
      assert.ok(search.status < 500, `the directory answered ${search.status}`);
    },
  },
  {
    finding: 'names refuse right-to-left overrides and zero-width characters (issue #18, 7)',
    async run() {
      for (const c of ['\u202e', '\u2066', '\u200b', '\ufeff']) {
        const registration = await http('POST', '/auth/register-minimal', {
          ip: freshIp(),
          body: { ...newUser('Maria'), firstName: `Visit${c}moc.live`, termsAccepted: true },
        });
        assert.equal(registration.status, 400, `U+${c.charCodeAt(0).toString(16)} in a name`);
        assert.equal(
          (registration.body.errors as { code: string }[] | undefined)?.[0]?.code,
          'textInvalidCharacters',
        );
      }
    },
  },
  {
    finding: 'forged invitations and a crowd of registrations never starve sign-ins (issue #18, 1)',
    async run({ a }) {
      const forged = (ip: string) =>
        http('POST', '/auth/accept-invite', {
          ip,
          body: {
            token: randomBytes(32).toString('base64url'),
            password: 'Probe-2026-Aa1!',
            code: '123456',
          },
        });
      // The token is looked at before any hashing: a forged one costs a lookup.
      const one = await forged(freshIp());
      assert.equal(one.body.code, 'inviteTokenInvalid', JSON.stringify(one.body));
      // An attacker behind many addresses floods the anonymous hashing routes while people sign in.
      const flood = [
        ...Array.from({ length: 60 }, () => forged(freshIp())),
        ...Array.from({ length: 40 }, (_, i) =>
          http('POST', '/auth/register-minimal', {
            ip: freshIp(),
            body: { ...newUser(`Crowd${i}`), termsAccepted: true },
          }),
        ),
      ];
      const signIns = Array.from({ length: 8 }, () => signIn(a.email, a.password, freshIp()));
      const [floodAnswers, signInAnswers] = await Promise.all([
        Promise.all(flood),
        Promise.all(signIns),
      ]);
      const refused = signInAnswers.filter((r) => r.status !== 200).map((r) => r.status);
      assert.deepEqual(refused, [], 'sign-ins were refused during the flood');
      assert.ok(
        floodAnswers.every((r) => r.status < 500 || r.body.code === 'serviceBusy'),
        'a flood answer was a server error',
      );
      // And one address has its limit.
      const ip = freshIp();
      let last = await forged(ip);
      for (let i = 0; i < 30 && last.status !== 429; i += 1) last = await forged(ip);
      assert.equal(last.status, 429, 'accept-invite has no per-IP limit');
    },
  },
  {
    finding: 'one "you already have an account" mail, and per-IP limits on mails (issue #18, 5)',
    async run({ b }) {
      const before = sink.messages.filter((m) => m.to.includes(b.email)).length;
      for (let i = 0; i < 4; i += 1) {
        const again = await http('POST', '/auth/register-minimal', {
          ip: freshIp(),
          body: { ...newUser('Boryana'), email: b.email, termsAccepted: true },
        });
        assert.equal(again.status, 201, 'the answer must not differ for a known address');
      }
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const mails = sink.messages.filter((m) => m.to.includes(b.email)).length - before;
      assert.equal(mails, 1, `${mails} mails to the owner of the address`);
      const ip = freshIp();
      let last: Answer | undefined;
      for (let i = 0; i < 15 && last?.status !== 429; i += 1)
        last = await http('POST', '/auth/forgot-password', {
          ip,
          body: { email: `someone.${i}@example.test` },
        });
      assert.equal(last?.status, 429, 'forgot-password has no per-IP limit');
    },
  },
  {
    finding: 'a mail to an unproven address does not greet by the name typed (issue #18, 6)',
    async run({ a }) {
      const bait = { firstName: 'Visit http://evil.example/claim', lastName: 'now' };
      const victim = newUser('Victim');
      for (const email of [victim.email, a.email]) {
        const registered = await http('POST', '/auth/register-minimal', {
          ip: freshIp(),
          body: { ...newUser('Maria'), ...bait, email, termsAccepted: true },
        });
        assert.equal(registered.status, 201);
      }
      let mails: SinkMail[] = [];
      for (let i = 0; i < 50 && mails.length < 2; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        mails = sink.messages.filter((m) => m.to.includes(victim.email) || m.to.includes(a.email));
      }
      assert.ok(mails.length >= 1, 'no mail arrived');
      for (const mail of mails)
        assert.ok(
          !`${mail.subject}\n${mail.text}\n${mail.html}`.includes('evil.example'),
          `the mail "${mail.subject}" carries the typed name`,
        );
    },
  },
  {
    finding: 'a two-factor sign-in challenge opens one session only (issue #18, 11)',
    async run() {
      const c = await patient('Tsveta');
      const setup = await http('POST', '/auth/two-factor/setup', {
        token: c.token,
        body: { password: c.password },
      });
      assert.equal(setup.status, 200, JSON.stringify(setup.body));
      const { secret } = data<{ secret: string }>(setup);
      const enable = await http('POST', '/auth/two-factor/enable', {
        token: c.token,
        body: { code: currentCode(secret) },
      });
      assert.equal(enable.status, 200, JSON.stringify(enable.body));
      const [first, second] = data<{ recoveryCodes: string[] }>(enable).recoveryCodes;
      const login = await signIn(c.email, c.password);
      const { challenge } = data<{ challenge: string }>(login);
      assert.ok(challenge, 'no challenge after the password');
      const use = (recoveryCode: string) =>
        http('POST', '/auth/login/two-factor', {
          ip: freshIp(),
          body: { challenge, recoveryCode },
        });
      assert.equal((await use(first!)).status, 200);
      const again = await use(second!);
      assert.equal(again.status, 401, 'the challenge opened a second session');
    },
  },
  {
    finding: 'the signalling socket refuses pages of another origin (issue #18, 12)',
    async run() {
      const closeOf = (origin: string) =>
        new Promise<{ code: number; reason: string }>((resolve, reject) => {
          const ws = new WebSocket(
            `${app.url.replace(/^http/, 'ws')}/ws/meetings/${randomUUID()}?token=probe`,
            { origin },
          );
          let reason = '';
          ws.on('message', (message: Buffer) => (reason += message.toString()));
          ws.on('close', (code) => resolve({ code, reason }));
          ws.on('error', reject);
        });
      const foreign = await closeOf('https://evil.example');
      assert.equal(foreign.code, 4403, `closed with ${foreign.code}: ${foreign.reason}`);
      assert.match(foreign.reason, /originNotAllowed/);
      const own = await closeOf(new URL(app.url).origin);
      assert.doesNotMatch(own.reason, /originNotAllowed/, 'the app’s own page was refused');
    },
  },
  {
    finding: 'production does not start on a plain-http APP_URL (issue #18, 14)',
    async run() {
      const dataDir = mkdtempSync(join(tmpdir(), 'vizita-probe-'));
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        // The deployment's own environment file, with an http address instead of https.
        env: {
          PATH: process.env.PATH,
          ...productionEnvironment({
            appUrl: 'http://clinic.example.org',
            redisUrl: 'redis://127.0.0.1:9',
          }),
          NODE_ENV: 'production',
          PORT: '0',
          HOST: '127.0.0.1',
          // Were the refusal gone, the start would fail on this database, not create one here.
          DATABASE_URL: 'postgres://probe@127.0.0.1:9/none',
          DATA_DIR: dataDir,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      clearTimeout(timer);
      rmSync(dataDir, { recursive: true, force: true });
      assert.equal(code, 1, `the server exited with ${code}:\n${output.slice(0, 400)}`);
      assert.ok(!output.includes('Vizita is running'), 'it listened');
      assert.match(output, /ALLOW_INSECURE_APP_URL=true/);
    },
  },
  {
    finding: 'the data export is rate-limited and the rights are for patients only',
    async run({ a, doctor }) {
      assert.equal((await http('GET', '/api/privacy/export')).status, 401);
      const staff = data<{ accessToken?: string }>(await signIn(doctor.email, doctor.password));
      if (staff.accessToken)
        assert.equal(
          (await http('GET', '/api/privacy/export', { token: staff.accessToken })).status,
          403,
        );
      let last: Answer | undefined;
      for (let i = 0; i < 11; i += 1)
        last = await http('GET', '/api/privacy/export', { token: a.token });
      assert.equal(last?.status, 429);
    },
  },
];

async function main() {
  const watchdog = setTimeout(() => {
    console.error('The security probe did not finish in time.');
    process.exit(2);
  }, WATCHDOG_MS);
  watchdog.unref();
  await buildIfStale({ root: ROOT });
  sink = await startSmtpSink();
  app = await startApp({ smtpUrl: sink.url, env: { TRUST_PROXY: PROXY } });
  let failed = 0;
  try {
    const doctor = callDoctor();
    await createCallDoctor(app, doctor);
    const a = await patient('Anelia');
    const b = await patient('Boryana');
    const doctors = data<{ _id: string; name: string }[]>(
      await http('GET', '/api/doctors', { token: a.token }),
    );
    const doctorId = doctors.find((d) => d.name.endsWith('Call Doctor'))!._id;
    for (const probe of PROBES) {
      try {
        await probe.run({ a, b, doctorId, doctor });
        console.log(`  ok    ${probe.finding}`);
      } catch (error) {
        failed += 1;
        console.log(
          `  OPEN  ${probe.finding}\n        ${(error as Error).message.split('\n').join('\n        ')}`,
        );
      }
    }
  } finally {
    await app.stop();
    await sink.stop();
  }
  console.log(
    failed === 0
      ? `\nAll ${PROBES.length} findings stay closed.`
      : `\n${failed} of ${PROBES.length} findings are open again.`,
  );
  process.exitCode = failed === 0 ? 0 : 1;
}

await main();
