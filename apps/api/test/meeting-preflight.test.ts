import { createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOWNLOAD_SAMPLE_MAX_BYTES,
  VIDEO_CONSENT_VERSION,
} from '@vizita/shared/contracts/meeting-preflight';
import { auditLog, consents } from '../src/db/schema.ts';
import {
  CHECK_TURN_CREDENTIAL_MS,
  CONNECTION_CHECK_LIMIT_PER_MINUTE,
  DOWNLOAD_LIMIT_PER_MINUTE,
} from '../src/modules/meetings/preflight.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// The device check before a call (issue #12): the connection check's ICE servers and download
// sample, and the patient's consent to the video service (GDPR Art. 9(2)(a)).

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const MIN = 60_000;
const TURN_SECRET = 'turn-secret-of-the-test-server';
const STUN = { urls: 'stun:stun.vizita.test:3478' };
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;

beforeAll(async () => {
  t = await createTestApp({
    clock,
    env: {
      ICE_SERVERS: JSON.stringify([STUN]),
      TURN_URLS: 'turn:turn.vizita.test:3478?transport=udp',
      TURN_SECRET,
    },
  });
  f = await createBookingFixture(t);
});
afterAll(() => t.close());

/** An appointment of Dr. Petrova's with a new patient, two hours from now (not yet joinable). */
const appointment = () => f.appointmentIn(120 * MIN);

/** Another doctor of the clinic (Dr. Jonas Weber), signed in. */
async function otherDoctor() {
  return f.signIn((await f.otherStaff()).otherDoctorId);
}

const as = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
    ...(payload ? { payload } : {}),
  });

const check = (id: string, token: string | null) =>
  as(token, 'POST', `/api/meetings/${id}/connection-check`);
const download = (token: string | null, query = '') =>
  as(token, 'GET', `/api/meetings/connection-check/download${query}`);

type Check = { iceServers: unknown[]; turnNotYet: boolean };

describe('POST /api/meetings/:appointmentId/connection-check', () => {
  it('gives the patient and the doctor of a joinable consultation a TURN credential for the check only', async () => {
    const a = await f.appointmentIn(5 * MIN);
    const doctor = await f.signIn(f.doctorId);
    for (const who of [a.patient, doctor]) {
      const res = await check(a.id, who.token);
      expect(res.statusCode, res.body).toBe(200);
      const expiry = Math.floor((clock().getTime() + CHECK_TURN_CREDENTIAL_MS) / 1000);
      const username = `${expiry}:${who.userId}`;
      expect(res.json<{ data: Check }>().data).toEqual({
        iceServers: [
          STUN,
          {
            urls: ['turn:turn.vizita.test:3478?transport=udp'],
            username,
            credential: createHmac('sha1', TURN_SECRET).update(username).digest('base64'),
          },
        ],
        turnNotYet: false,
      });
    }
    // It grants no entry: nothing is audited.
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.userId, a.patient.userId));
    expect(rows.filter((r) => r.event.startsWith('meeting.'))).toEqual([]);
  });

  it('gives only the STUN servers before the window opens, and says the TURN credential comes then', async () => {
    const a = await appointment();
    const res = await check(a.id, a.patient.token);
    expect(res.statusCode, res.body).toBe(200);
    // The device check is shown before the window too; a relay for it is not.
    expect(res.json<{ data: Check }>().data).toEqual({ iceServers: [STUN], turnNotYet: true });
  });

  it('gives no TURN credential for a hold, a cancelled, ended or non-video appointment', async () => {
    const cases = [
      [{ status: 'pending' }, 409, 'meetingNotAvailable'],
      [{ status: 'expired' }, 409, 'meetingNotAvailable'],
      [{ status: 'cancelled' }, 409, 'meetingCancelled'],
      [{ status: 'completed' }, 410, 'meetingEnded'],
      [{ status: 'no_show' }, 410, 'meetingEnded'],
      [{ plan: 'prescription' }, 409, 'meetingNotConsultation'],
    ] as const;
    for (const [over, status, code] of cases) {
      const a = await f.appointmentIn(5 * MIN, over);
      const res = await check(a.id, a.patient.token);
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toMatchObject({ success: false, code });
      expect(res.body).not.toContain('credential');
    }
    // Upcoming still, but its window closed (the completion sweep has not run yet).
    const over = await f.appointmentIn(-45 * MIN);
    const late = await check(over.id, over.patient.token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ success: false, code: 'meetingEnded' });
  });

  it('answers everyone else with the 404 of a missing id', async () => {
    const a = await appointment();
    const [stranger] = await f.patients(1);
    const [admin] = await f.patients(1, { isAdmin: true });
    const other = await otherDoctor();
    for (const token of [stranger!.token, admin!.token, other.token]) {
      const res = await check(a.id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'appointmentNotFound' });
    }
    expect((await check('00000000-0000-4000-8000-000000000000', a.patient.token)).statusCode).toBe(
      404,
    );
    expect((await check('not-a-uuid', a.patient.token)).statusCode).toBe(400);
    expect((await check(a.id, null)).statusCode).toBe(401);
  });

  it('limits how often one user may ask', async () => {
    const a = await appointment();
    for (let i = 0; i < CONNECTION_CHECK_LIMIT_PER_MINUTE; i++)
      expect((await check(a.id, a.patient.token)).statusCode).toBe(200);
    const limited = await check(a.id, a.patient.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests, please try again later.');
  });
});

describe('GET /api/meetings/connection-check/download', () => {
  it('sends 1 MiB of incompressible bytes, never cached or transformed', async () => {
    const [patient] = await f.patients(1);
    const res = await download(patient!.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['cache-control']).toBe('no-store, no-transform');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload).toHaveLength(DOWNLOAD_SAMPLE_MAX_BYTES);
    expect(gzipSync(res.rawPayload).length).toBeGreaterThan(DOWNLOAD_SAMPLE_MAX_BYTES);
  });

  it('sends fewer bytes when asked, none for the round-trip probe, to every role', async () => {
    const [patient] = await f.patients(1);
    const doctor = await f.signIn(f.doctorId);
    const [admin] = await f.patients(1, { isAdmin: true });
    expect((await download(patient!.token, '?bytes=1000')).rawPayload).toHaveLength(1000);
    expect((await download(doctor.token, '?bytes=0')).rawPayload).toHaveLength(0);
    expect((await download(admin!.token, '?bytes=10')).rawPayload).toHaveLength(10);
  });

  it('refuses a size over the maximum or not a whole number, and strangers', async () => {
    const [patient] = await f.patients(1);
    for (const query of [
      `?bytes=${DOWNLOAD_SAMPLE_MAX_BYTES + 1}`,
      '?bytes=-1',
      '?bytes=1.5',
      '?bytes=x',
    ]) {
      const res = await download(patient!.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await download(null)).statusCode).toBe(401);
  });

  it('limits how often one user may download', async () => {
    const [patient] = await f.patients(1);
    for (let i = 0; i < DOWNLOAD_LIMIT_PER_MINUTE; i++)
      expect((await download(patient!.token, '?bytes=0')).statusCode).toBe(200);
    const limited = await download(patient!.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'tooManyRequests' });
    // Another user has a budget of their own.
    const [other] = await f.patients(1);
    expect((await download(other!.token, '?bytes=0')).statusCode).toBe(200);
  });
});

describe('the video consent (GDPR Art. 9(2)(a))', () => {
  const due = async (token: string) => {
    const res = await as(token, 'GET', '/api/meetings/video-consent');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { due: boolean } }>().data.due;
  };
  const give = (token: string | null, version = VIDEO_CONSENT_VERSION) =>
    as(token, 'POST', '/api/meetings/video-consent', { version });

  it('is due until the patient gives it, recorded once, and never due again for the version', async () => {
    const [patient] = await f.patients(1);
    expect(await due(patient!.token)).toBe(true);

    const first = await give(patient!.token);
    expect(first.statusCode, first.body).toBe(200);
    expect(await due(patient!.token)).toBe(false);
    clock.advance(5 * MIN);
    const again = await give(patient!.token);
    expect(again.statusCode).toBe(200);
    clock.advance(30 * 86_400_000);
    const later = await f.signIn(patient!.userId);
    expect(await due(later.token)).toBe(false);

    const rows = await t.db.select().from(consents).where(eq(consents.userId, patient!.userId));
    expect(rows.filter((r) => r.document === 'video')).toEqual([
      expect.objectContaining({
        document: 'video',
        version: VIDEO_CONSENT_VERSION,
        context: 'meeting',
        acceptedAt: new Date(clock().getTime() - 5 * MIN - 30 * 86_400_000),
      }),
    ]);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, patient!.userId), eq(auditLog.event, 'consent.accepted')));
    expect(audited.map((r) => r.meta)).toEqual([{ video: VIDEO_CONSENT_VERSION }]);
  });

  it('refuses a version other than the one in force', async () => {
    const [patient] = await f.patients(1);
    const res = await give(patient!.token, '2020-01-01');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'legalVersionChanged' });
    expect((await as(patient!.token, 'POST', '/api/meetings/video-consent', {})).statusCode).toBe(
      400,
    );
    expect(await due(patient!.token)).toBe(true);
  });

  it('is the patient’s alone: doctors and admins get 403, nobody signed in 401', async () => {
    const doctor = await f.signIn(f.doctorId);
    const [admin] = await f.patients(1, { isAdmin: true });
    for (const token of [doctor.token, admin!.token]) {
      expect((await as(token, 'GET', '/api/meetings/video-consent')).statusCode).toBe(403);
      const res = await give(token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'patientRequired' });
    }
    expect((await as(null, 'GET', '/api/meetings/video-consent')).statusCode).toBe(401);
    expect((await give(null)).statusCode).toBe(401);
    const staffConsents = await t.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, doctor.userId), eq(consents.document, 'video')));
    expect(staffConsents).toEqual([]);
  });

  it('is in the patient’s data export', async () => {
    const [patient] = await f.patients(1);
    await give(patient!.token);
    const res = await as(patient!.token, 'GET', '/api/privacy/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.consents).toContainEqual({
      document: 'video',
      version: VIDEO_CONSENT_VERSION,
      acceptedAt: clock().toISOString(),
      context: 'meeting',
    });
  });
});
