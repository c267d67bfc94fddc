import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import { JOIN_TOKEN_LIFETIME_MS, SIGNALLING_CLOSE } from '@vizita/shared/contracts/meetings';
import { API_ERRORS } from '@vizita/shared/messages/api-errors';
import type { appointments } from '../src/db/schema.ts';
import { auditLog, consents, meetingEvents, users } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { MAX_BAD_FRAMES } from '../src/modules/meetings/rooms.ts';
import { JOIN_LIMIT_PER_MINUTE } from '../src/modules/meetings/service.ts';
import { loadConfig } from '../src/config.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { startFakeDaily } from './fake-daily.ts';
import {
  createTestApp,
  openSignalling,
  testClock,
  type SignallingClient,
  type TestApp,
} from './test-app.ts';

// Monday 2026-11-23, 08:00 UTC. The clock only moves forward; each test makes its own
// appointments relative to it, straight in the table (booking has its own tests), except one
// that goes through the real booking and payment.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const MIN = 60_000;
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let origin: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** An appointment of Dr. Petrova's with a new patient, starting `startsIn` from now. */
const appointment = (
  startsIn = 5 * MIN,
  over: Partial<typeof appointments.$inferInsert> = {},
  app: { f: typeof f } = { f },
) => app.f.appointmentIn(startsIn, over);

const join = (id: string, token: string, app: TestApp = t) =>
  app.app.inject({
    method: 'POST',
    url: `/api/meetings/${id}/join`,
    headers: { authorization: `Bearer ${token}` },
  });

type JoinData = {
  signallingUrl: string;
  role: string;
  userName: string;
  roomUrl: string | null;
  roomToken: string | null;
};
async function joinData(id: string, token: string): Promise<JoinData> {
  const res = await join(id, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: JoinData }>().data;
}

/** Patient and doctor of a fresh appointment, both in its room: the doctor admitted the patient. */
async function bothIn(startsIn = 5 * MIN) {
  const a = await appointment(startsIn);
  const doctor = await f.signIn(f.doctorId);
  const patient = await openSignalling(
    origin,
    (await joinData(a.id, a.patient.token)).signallingUrl,
  );
  const pw = await patient.next<{ peerId: string; peers: unknown[] }>('welcome');
  const doc = await openSignalling(origin, (await joinData(a.id, doctor.token)).signallingUrl);
  const dw = await doc.next<{ peerId: string; peers: { peerId: string }[] }>('welcome');
  const waiting = await admitPatient(doc, patient);
  return { a, doctor, patient, doc, patientPeer: pw.peerId, doctorPeer: dw.peerId, waiting };
}

type Waiting = { peerId: string; role: string; userName: string; instanceId?: string }[];
/** The doctor lets the waiting patient in; both then see each other. Returns who was waiting. */
async function admitPatient(doc: SignallingClient, patient: SignallingClient) {
  const { waiting } = await doc.next<{ waiting: Waiting }>('admission');
  doc.send({ type: 'admit' });
  await patient.next('peer-joined');
  await doc.next('peer-joined');
  return waiting;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const closeAll = (...clients: SignallingClient[]) => clients.forEach((c) => c.close());

describe('POST /api/meetings/:appointmentId/join', () => {
  it('answers the patient with the spec’s name, the window and a signalling URL, and audits it', async () => {
    const a = await appointment(10 * MIN);
    const res = await join(a.id, a.patient.token);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      appointmentId: a.id,
      provider: 'builtin',
      role: 'patient',
      userName: `Patient ${a.patient.userId.slice(0, 8)}`,
      opensAt: new Date(a.startsAt.getTime() - 15 * MIN).toISOString(),
      closesAt: new Date(a.startsAt.getTime() + 30 * MIN).toISOString(),
      signallingUrl: expect.stringMatching(
        new RegExp(`^ws://vizita\\.test/ws/meetings/${a.id}\\?token=[\\w.-]+$`),
      ),
      iceServers: [],
      roomUrl: null,
      roomToken: null,
    });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.event, 'meeting.joined'), eq(auditLog.userId, a.patient.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.meta).toEqual({ appointmentId: a.id, role: 'patient', provider: 'builtin' });
  });

  it('answers the doctor with their title and name', async () => {
    const a = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const data = await joinData(a.id, doctor.token);
    expect(data).toMatchObject({ role: 'doctor', userName: 'Dr. Elena Petrova' });
  });

  it('opens 15 minutes before the start and closes 30 minutes after it, to the millisecond', async () => {
    const a = await appointment(20 * MIN);
    const opensIn = a.startsAt.getTime() - 15 * MIN - clock().getTime();
    clock.advance(opensIn - 1);
    const early = await join(a.id, a.patient.token);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      success: false,
      code: 'meetingNotJoinable',
      message: 'Meeting not joinable yet. Please try again closer to the appointment time.',
    });
    clock.advance(1);
    expect((await join(a.id, a.patient.token)).statusCode).toBe(200);
    clock.advance(45 * MIN); // exactly start + 30 minutes
    const patient = await f.signIn(a.patient.userId); // access tokens last 15 minutes
    expect((await join(a.id, patient.token)).statusCode).toBe(200);
    clock.advance(1);
    const late = await join(a.id, patient.token);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toMatchObject({ code: 'meetingEnded', message: API_ERRORS.meetingEnded });
  });

  it('lets a booked and paid appointment be joined when its window opens', async () => {
    const [p] = await f.patients(1);
    // Tuesday 11:00 in Sofia = 09:00Z.
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-24', '11:00');
    await f.giveVideoConsent(p!.userId);
    expect((await join(appointmentId, p!.token)).json().code).toBe('meetingNotJoinable');
    clock.advance(new Date('2026-11-24T08:45:00Z').getTime() - clock().getTime());
    const fresh = await f.signIn(p!.userId);
    expect((await joinData(appointmentId, fresh.token)).role).toBe('patient');
  });

  it('limits how often one user may ask to join (a page backs off; a script does not)', async () => {
    const a = await appointment(10 * MIN);
    const answers = [];
    for (let i = 0; i < JOIN_LIMIT_PER_MINUTE; i++)
      answers.push((await join(a.id, a.patient.token)).statusCode);
    expect(answers.every((s) => s === 200)).toBe(true);
    const limited = await join(a.id, a.patient.token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests, please try again later.');
  });

  it('refuses everyone but the appointment’s patient and doctor with the 404 of a missing id', async () => {
    const a = await appointment();
    const [stranger] = await f.patients(1);
    const otherDoctorId = await createAdminService(t.db).createDoctor({
      email: `other-${a.id}@vizita.test`,
      password: 'Doctor-2026!',
      firstName: 'Ivan',
      lastName: 'Georgiev',
      specialties: ['dermatology'],
      timeZone: 'Europe/Sofia',
      slotMinutes: 30,
      weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
    });
    const otherDoctor = await f.signIn(otherDoctorId);
    for (const token of [stranger!.token, otherDoctor.token]) {
      const res = await join(a.id, token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'appointmentNotFound' });
    }
    const missing = await join('00000000-0000-4000-8000-000000000000', a.patient.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'appointmentNotFound' });
    expect((await join('not-a-uuid', a.patient.token)).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: `/api/meetings/${a.id}/join` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a patient without the video consent in force until they give it; the doctor needs none', async () => {
    const a = await f.appointmentIn(5 * MIN, {}, { videoConsent: false });
    // A consent to an earlier text of the video consent does not count (ADR 0024).
    await t.db.insert(consents).values({
      userId: a.patient.userId,
      document: 'video',
      version: '2020-01-01',
      acceptedAt: clock(),
      context: 'meeting',
    });
    const refused = await join(a.id, a.patient.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      code: 'videoConsentRequired',
      message: API_ERRORS.videoConsentRequired,
    });
    const joined = () =>
      t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.event, 'meeting.joined'), eq(auditLog.userId, a.patient.userId)));
    expect(await joined()).toEqual([]);
    // The doctor provides the service; the consent is the patient's, as the call's data subject.
    const doctor = await f.signIn(f.doctorId);
    expect((await joinData(a.id, doctor.token)).role).toBe('doctor');

    const consent = await t.app.inject({
      method: 'POST',
      url: '/api/meetings/video-consent',
      headers: { authorization: `Bearer ${a.patient.token}` },
      payload: { version: VIDEO_CONSENT_VERSION },
    });
    expect(consent.statusCode, consent.body).toBe(200);
    expect((await joinData(a.id, a.patient.token)).role).toBe('patient');
    expect(await joined()).toHaveLength(1);
  });

  it('refuses cancelled, non-consultation, unpaid and completed appointments with the spec’s texts', async () => {
    const cases = [
      [{ status: 'cancelled' }, 409, 'meetingCancelled', 'This appointment has been cancelled'],
      [
        { plan: 'prescription' },
        409,
        'meetingNotConsultation',
        'This appointment is not a video consultation',
      ],
      [{ status: 'pending' }, 409, 'meetingNotAvailable', 'This appointment is not available yet'],
      [{ status: 'expired' }, 409, 'meetingNotAvailable', 'This appointment is not available yet'],
      [{ status: 'completed' }, 410, 'meetingEnded', API_ERRORS.meetingEnded],
    ] as const;
    for (const [over, status, code, message] of cases) {
      const a = await appointment(5 * MIN, over);
      const res = await join(a.id, a.patient.token);
      expect(res.statusCode, code).toBe(status);
      expect(res.json()).toEqual({ success: false, code, message });
    }
  });
});

describe('the waiting room', () => {
  const eventsOf = (appointmentId: string) =>
    t.db
      .select({
        kind: meetingEvents.kind,
        role: meetingEvents.role,
        details: meetingEvents.details,
      })
      .from(meetingEvents)
      .where(eq(meetingEvents.appointmentId, appointmentId))
      .orderBy(asc(meetingEvents.at));

  it('keeps the patient and the doctor apart until the doctor admits: no presence, no signal', async () => {
    const a = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const patient = await openSignalling(
      origin,
      (await joinData(a.id, a.patient.token)).signallingUrl,
    );
    const pw = await patient.next<{ peerId: string; peers: unknown[] }>('welcome');
    expect(pw.peers).toEqual([]);
    expect(await patient.next('admission')).toEqual({
      type: 'admission',
      admitted: false,
      waiting: [],
    });

    const doc = await openSignalling(origin, (await joinData(a.id, doctor.token)).signallingUrl);
    const dw = await doc.next<{ peerId: string; peers: unknown[] }>('welcome');
    expect(dw.peers).toEqual([]);
    const { waiting } = await doc.next<{ waiting: Waiting }>('admission');
    expect(waiting).toMatchObject([{ peerId: pw.peerId, role: 'patient' }]);

    // A patient's page that knows the doctor's peer id (or guesses it) still cannot reach them,
    // nor the doctor the patient: an offer would start the media.
    patient.send({ type: 'signal', to: dw.peerId, data: { sdp: { type: 'offer', sdp: 'v=0' } } });
    expect(await patient.next('error')).toMatchObject({ code: 'notAdmitted' });
    doc.send({ type: 'signal', to: pw.peerId, data: { sdp: { type: 'offer', sdp: 'v=0' } } });
    expect(await doc.next('error')).toMatchObject({ code: 'notAdmitted' });
    // Only the doctor admits.
    patient.send({ type: 'admit' });
    expect(await patient.next('error')).toMatchObject({ code: 'forbidden' });
    await sleep(100);
    expect(patient.all('signal')).toEqual([]);
    expect(doc.all('signal')).toEqual([]);
    expect(patient.all('peer-joined')).toEqual([]);
    expect(await eventsOf(a.id)).toEqual([
      { kind: 'joined', role: 'patient', details: null },
      { kind: 'joined', role: 'doctor', details: null },
    ]);

    // The doctor's console shows the patient waiting, in the schedule it polls.
    const day = a.startsAt.toISOString().slice(0, 10);
    const schedule = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/doctor/appointments?from=${day}&to=${day}`,
        headers: { authorization: `Bearer ${doctor.token}` },
      });
      expect(res.statusCode).toBe(200);
      return res
        .json<{ data: { appointments: { _id: string; room: unknown }[] } }>()
        .data.appointments.find((e) => e._id === a.id)?.room;
    };
    expect(await schedule()).toMatchObject({
      waitingSince: expect.any(String),
      admittedAt: null,
      waitedMinutes: null,
    });

    clock.advance(4 * MIN);
    doc.send({ type: 'admit' });
    expect(await patient.next('admission')).toEqual({
      type: 'admission',
      admitted: true,
      waiting: [],
    });
    expect(await schedule()).toMatchObject({ waitingSince: null, waitedMinutes: 4 });
    expect(await patient.next('peer-joined')).toMatchObject({ peer: { peerId: dw.peerId } });
    expect(await doc.next('admission')).toEqual({ type: 'admission', admitted: true, waiting: [] });
    expect(await doc.next('peer-joined')).toMatchObject({ peer: { peerId: pw.peerId } });
    patient.send({ type: 'signal', to: dw.peerId, data: { sdp: { type: 'offer', sdp: 'v=0' } } });
    expect(await doc.next('signal')).toMatchObject({ from: pw.peerId });
    expect((await eventsOf(a.id)).map((e) => e.kind)).toEqual(['joined', 'joined', 'admitted']);
    closeAll(patient, doc);
  });

  it('shows the doctor who waits as they come and go, and admits no one when no one waits', async () => {
    const a = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const doc = await openSignalling(origin, (await joinData(a.id, doctor.token)).signallingUrl);
    await doc.next('welcome');
    expect(await doc.next('admission')).toEqual({
      type: 'admission',
      admitted: false,
      waiting: [],
    });
    doc.send({ type: 'admit' });
    await sleep(100);
    expect((await eventsOf(a.id)).map((e) => e.kind)).toEqual(['joined']);

    const patient = await openSignalling(
      origin,
      (await joinData(a.id, a.patient.token)).signallingUrl,
    );
    const pw = await patient.next<{ peerId: string }>('welcome');
    expect((await doc.next<{ waiting: Waiting }>('admission')).waiting).toMatchObject([
      { peerId: pw.peerId },
    ]);
    patient.close();
    expect(await doc.next('admission')).toEqual({
      type: 'admission',
      admitted: false,
      waiting: [],
    });
    expect(doc.all('peer-left')).toEqual([]);
    closeAll(doc);
  });

  it('holds the admission for the consultation: reloads on either side meet at once', async () => {
    const { a, doctor, patient, doc, doctorPeer } = await bothIn();
    // The doctor reloads: the patient sees the old page leave, the new one finds the patient in
    // the room, admitted.
    doc.close();
    expect(await patient.next('peer-left')).toEqual({ type: 'peer-left', peerId: doctorPeer });
    const doc2 = await openSignalling(origin, (await joinData(a.id, doctor.token)).signallingUrl);
    const dw2 = await doc2.next<{ peers: { role: string }[] }>('welcome');
    expect(dw2.peers.map((p) => p.role)).toEqual(['patient']);
    expect(await doc2.next('admission')).toEqual({
      type: 'admission',
      admitted: true,
      waiting: [],
    });
    // The patient reloads into an empty room on this instance (the room is opened anew from the
    // database): still admitted.
    closeAll(patient, doc2);
    await sleep(100);
    const back = await openSignalling(
      origin,
      (await joinData(a.id, a.patient.token)).signallingUrl,
    );
    await back.next('welcome');
    expect(await back.next('admission')).toEqual({
      type: 'admission',
      admitted: true,
      waiting: [],
    });
    closeAll(back);
  });

  it('keeps the last quality summary for the leave, and refuses a summary that is not one', async () => {
    const { a, patient, doc } = await bothIn();
    const summary = { quality: 'fair', rttMs: 180, lossPercent: 1.5, receiveKbps: 1400 };
    patient.send({ type: 'quality', summary: { ...summary, quality: 'good' } });
    patient.send({ type: 'quality', summary });
    const hostile = [
      { ...summary, quality: 'excellent' },
      { ...summary, rttMs: -1 },
      { ...summary, lossPercent: 101 },
      { ...summary, receiveKbps: 1e9 },
      { ...summary, rttMs: '180' },
      { ...summary, note: 'Ich habe Brustschmerzen' },
      { quality: 'good' },
      null,
    ];
    for (const bad of hostile) patient.send({ type: 'quality', summary: bad });
    for (const _ of hostile)
      expect(await patient.next('error')).toMatchObject({ code: 'badMessage' });
    patient.close();
    await doc.next('peer-left');
    await sleep(100);
    const left = (await eventsOf(a.id)).filter((e) => e.kind === 'left');
    expect(left).toEqual([{ kind: 'left', role: 'patient', details: { quality: summary } }]);
    // The patient's data export carries the room's record of their call (GDPR Art. 15).
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/privacy/export',
      headers: { authorization: `Bearer ${a.patient.token}` },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const mine = exported
      .json<{ data: { appointments: { id: string; callEvents: unknown[] }[] } }>()
      .data.appointments.find((x) => x.id === a.id);
    expect(mine?.callEvents).toContainEqual({
      kind: 'left',
      role: 'patient',
      at: expect.any(String),
      quality: 'fair',
    });
    closeAll(doc);
  });
});

describe('the signalling socket', () => {
  it('relays offer, answer and candidates between the two participants only', async () => {
    const { patient, doc, patientPeer, doctorPeer, waiting, a } = await bothIn();
    expect(waiting).toEqual([
      {
        peerId: patientPeer,
        role: 'patient',
        userName: `Patient ${a.patient.userId.slice(0, 8)}`,
        waitingSince: expect.any(String),
      },
    ]);
    const joined = patient.all('peer-joined')[0];
    expect(joined).toEqual({
      type: 'peer-joined',
      peer: { peerId: doctorPeer, role: 'doctor', userName: 'Dr. Elena Petrova' },
    });

    // Another appointment's room, live at the same time, must hear nothing of this one.
    const other = await bothIn();

    doc.send({ type: 'signal', to: patientPeer, data: { sdp: { type: 'offer', sdp: 'v=0…' } } });
    expect(await patient.next('signal')).toEqual({
      type: 'signal',
      from: doctorPeer,
      data: { sdp: { type: 'offer', sdp: 'v=0…' } },
    });
    patient.send({
      type: 'signal',
      to: doctorPeer,
      data: { sdp: { type: 'answer', sdp: 'v=0…' } },
    });
    expect(await doc.next('signal')).toMatchObject({
      from: patientPeer,
      data: { sdp: { type: 'answer' } },
    });
    patient.send({
      type: 'signal',
      to: doctorPeer,
      data: { candidate: { candidate: 'candidate:1 1 udp …' } },
    });
    expect(await doc.next('signal')).toMatchObject({ data: { candidate: expect.any(Object) } });

    // Never echoed to the sender, never to a peer who is not in the room.
    patient.send({ type: 'signal', to: patientPeer, data: { echo: true } });
    patient.send({ type: 'signal', to: other.doctorPeer, data: { leak: true } });
    patient.send({ type: 'ping' });
    await patient.next('pong');
    await sleep(50);
    expect(patient.all('signal')).toHaveLength(1);
    expect(doc.all('signal')).toHaveLength(2);
    expect([...other.patient.all('signal'), ...other.doc.all('signal')]).toEqual([]);
    closeAll(patient, doc, other.patient, other.doc);
  });

  it('closes with 4401 for a forged, expired, misplaced or missing token, and for an access token', async () => {
    const a = await appointment();
    const b = await appointment();
    const { signallingUrl } = await joinData(a.id, a.patient.token);
    const forBoth = await joinData(b.id, b.patient.token);
    const token = new URL(signallingUrl).searchParams.get('token')!;
    const forged = await new SignJWT({ apt: a.id, role: 'patient', name: 'Patient x' })
      .setProtectedHeader({ alg: 'HS256', typ: 'vizita-join+jwt' })
      .setSubject(a.patient.userId)
      .setIssuer('vizita')
      .setAudience('vizita-meeting')
      .setIssuedAt(Math.floor(clock().getTime() / 1000))
      .setExpirationTime(Math.floor(clock().getTime() / 1000) + 600)
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    const path = `/ws/meetings/${a.id}`;
    const attempts = [
      `${path}?token=${forged}`,
      // b's token on a's room
      `${path}?token=${new URL(forBoth.signallingUrl).searchParams.get('token')}`,
      `${path}?token=${a.patient.token}`, // an access token
      `${path}?token=garbage`,
      path,
    ];
    for (const url of attempts) {
      const c = await openSignalling(origin, `ws://x${url}`);
      expect(await c.closed, url).toEqual({
        code: SIGNALLING_CLOSE.unauthorized,
        reason: 'unauthorized',
      });
      expect(c.all('error')).toEqual([
        { type: 'error', code: 'meetingTokenInvalid', message: API_ERRORS.meetingTokenInvalid },
      ]);
    }
    // …and a join token is no access token either.
    const asAccess = await t.app.inject({
      url: '/api/appointments',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asAccess.statusCode).toBe(401);

    clock.advance(JOIN_TOKEN_LIFETIME_MS + 1000);
    const expired = await openSignalling(origin, signallingUrl);
    expect((await expired.closed).code).toBe(SIGNALLING_CLOSE.unauthorized);
  });

  it('keeps the join token out of the logs', async () => {
    const a = await appointment();
    const { signallingUrl } = await joinData(a.id, a.patient.token);
    const c = await openSignalling(origin, signallingUrl);
    await c.next('welcome');
    c.close();
    await c.closed;
    const token = new URL(signallingUrl).searchParams.get('token')!;
    const all = t.logs.join('\n');
    expect(all).toContain(`/ws/meetings/${a.id}?token=[redacted]`);
    expect(all).not.toContain(token);
  });

  it('replaces the older connection of the same user (a second tab)', async () => {
    const { a, patient, doc, patientPeer } = await bothIn();
    const tab2 = await openSignalling(
      origin,
      (await joinData(a.id, a.patient.token)).signallingUrl,
    );
    const w2 = await tab2.next<{ peerId: string; peers: { role: string }[] }>('welcome');
    expect(w2.peers.map((p) => p.role)).toEqual(['doctor']);
    expect(await patient.next('closed')).toEqual({ type: 'closed', reason: 'replaced' });
    expect(await patient.closed).toEqual({ code: SIGNALLING_CLOSE.replaced, reason: 'replaced' });
    expect(await doc.next('peer-left')).toEqual({ type: 'peer-left', peerId: patientPeer });
    expect(await doc.next('peer-joined')).toMatchObject({ peer: { peerId: w2.peerId } });
    closeAll(tab2, doc);
  });

  it('keeps the room when a lone participant opens a second tab', async () => {
    const a = await appointment();
    const url = async () => (await joinData(a.id, a.patient.token)).signallingUrl;
    const tab1 = await openSignalling(origin, await url());
    await tab1.next('welcome');
    const tab2 = await openSignalling(origin, await url());
    const w2 = await tab2.next<{ peerId: string; peers: unknown[] }>('welcome');
    expect(w2.peers).toEqual([]);
    expect((await tab1.closed).code).toBe(SIGNALLING_CLOSE.replaced);

    const doc = await openSignalling(
      origin,
      (await joinData(a.id, (await f.signIn(f.doctorId)).token)).signallingUrl,
    );
    const dw = await doc.next<{ peerId: string; peers: { peerId: string }[] }>('welcome');
    expect((await admitPatient(doc, tab2)).map((p) => p.peerId)).toEqual([w2.peerId]);
    doc.send({ type: 'signal', to: w2.peerId, data: { hi: 1 } });
    expect(await tab2.next('signal')).toMatchObject({ from: dw.peerId });
    closeAll(tab2, doc);
  });

  it('tells the other side when a participant drops and comes back', async () => {
    const { a, patient, doc, patientPeer, doctorPeer } = await bothIn();
    patient.ws.terminate(); // no close handshake: a lost network
    expect(await doc.next('peer-left')).toEqual({ type: 'peer-left', peerId: patientPeer });
    const again = await openSignalling(
      origin,
      (await joinData(a.id, a.patient.token)).signallingUrl,
    );
    const w = await again.next<{ peerId: string; peers: { peerId: string }[] }>('welcome');
    expect(w.peers.map((p) => p.peerId)).toEqual([doctorPeer]);
    expect(w.peerId).not.toBe(patientPeer);
    expect(await doc.next('peer-joined')).toMatchObject({
      peer: { peerId: w.peerId, role: 'patient' },
    });
    closeAll(again, doc);
  });

  it('names the page of each peer, so a page back after a blip is recognised', async () => {
    const a = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const url = async (token: string, instance: string) =>
      `${(await joinData(a.id, token)).signallingUrl}&instance=${instance}`;
    const patient = await openSignalling(origin, await url(a.patient.token, 'patient-page-1'));
    await patient.next('welcome');
    const doc = await openSignalling(origin, await url(doctor.token, 'doctor-page-1'));
    await doc.next('welcome');
    expect((await admitPatient(doc, patient)).map((p) => p.instanceId)).toEqual(['patient-page-1']);
    expect(patient.all('peer-joined')[0]).toMatchObject({
      peer: { role: 'doctor', instanceId: 'doctor-page-1' },
    });
    patient.ws.terminate();
    await doc.next('peer-left');
    const back = await openSignalling(origin, await url(a.patient.token, 'patient-page-1'));
    await back.next('welcome');
    expect(await doc.next('peer-joined')).toMatchObject({
      peer: { role: 'patient', instanceId: 'patient-page-1' },
    });
    // Only a plain id is taken: the upgrade of anything else is refused.
    const refused = await openSignalling(
      origin,
      await url(a.patient.token, encodeURIComponent('<script>')),
    ).catch((error: unknown) => error);
    expect(String(refused)).toContain('400');
    closeAll(back, doc);
  });

  it('closes every socket with closed/ended when the window closes, and lets nobody in after', async () => {
    const { a, patient, doc } = await bothIn(2 * MIN);
    const closesAt = a.startsAt.getTime() + 30 * MIN;
    clock.advance(closesAt - MIN - clock().getTime());
    // A token handed out a minute before the end, still fresh when the end comes.
    const late = await joinData(a.id, (await f.signIn(a.patient.userId)).token);
    clock.advance(MIN); // start + 30 minutes still counts
    await t.app.meetings.checkRooms();
    await sleep(50);
    expect([...patient.all('closed'), ...doc.all('closed')]).toEqual([]);
    clock.advance(1);
    await t.app.meetings.checkRooms();
    for (const c of [patient, doc]) {
      expect(await c.next('closed')).toEqual({ type: 'closed', reason: 'ended' });
      expect(await c.closed).toEqual({ code: SIGNALLING_CLOSE.ended, reason: 'ended' });
    }
    const after = await openSignalling(origin, late.signallingUrl);
    expect(await after.next('closed')).toEqual({ type: 'closed', reason: 'ended' });
    expect((await after.closed).code).toBe(SIGNALLING_CLOSE.ended);
  });

  it('closes the call with closed/cancelled at once when the appointment is cancelled during it', async () => {
    const { a, patient, doc, doctor } = await bothIn(10 * MIN);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${a.id}/cancel`,
      headers: { authorization: `Bearer ${doctor.token}` },
      payload: { reason: 'Called away to an emergency.', cancelledBy: 'doctor' },
    });
    expect(res.statusCode).toBe(200);
    // No room check needed: the cancellation itself ends the call.
    for (const c of [patient, doc]) {
      expect(await c.next('closed')).toEqual({ type: 'closed', reason: 'cancelled' });
      expect((await c.closed).code).toBe(SIGNALLING_CLOSE.ended);
    }
  });

  it('closes the socket of a participant who signs out, at once, and admits its token no more', async () => {
    const { a, patient, doc } = await bothIn();
    // A second join token of the same session, not used yet.
    const unused = (await joinData(a.id, a.patient.token)).signallingUrl;
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${a.patient.token}` },
    });
    expect(out.statusCode).toBe(200);
    // No room check needed: the sign-out itself closes the socket its session opened.
    expect(await patient.closed).toEqual({
      code: SIGNALLING_CLOSE.unauthorized,
      reason: 'signed out',
    });
    expect(await doc.next('peer-left')).toBeDefined();
    // The join token outlives the session no more: it opens nothing.
    const again = await openSignalling(origin, unused);
    expect(await again.next('error')).toMatchObject({ code: 'meetingTokenInvalid' });
    expect((await again.closed).code).toBe(SIGNALLING_CLOSE.unauthorized);
    doc.close();
  });

  it('answers malformed frames with an error, and closes with 4400 after repeated abuse', async () => {
    const { patient, doc, doctorPeer } = await bothIn();
    patient.send('not json');
    patient.send({ type: 'shout', text: 'hi' });
    patient.send({ type: 'signal', to: doctorPeer }); // no data
    patient.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    for (let i = 0; i < 4; i += 1)
      expect(await patient.next('error')).toMatchObject({ code: 'badMessage' });
    // Still served: the frames above were refused, not fatal.
    patient.send({ type: 'ping' });
    await patient.next('pong');
    patient.send({ type: 'signal', to: doctorPeer, data: { ok: true } });
    expect(await doc.next('signal')).toMatchObject({ data: { ok: true } });

    for (let i = 4; i < MAX_BAD_FRAMES; i += 1) patient.send('{');
    expect(await patient.closed).toEqual({
      code: SIGNALLING_CLOSE.badMessage,
      reason: 'too many bad messages',
    });
    expect(await doc.next('peer-left')).toBeDefined();
    doc.close();
  });

  it('refuses frames over 64 KiB and limits the rate of frames', async () => {
    const { patient, doc, doctorPeer } = await bothIn();
    for (let i = 0; i < 205; i += 1) patient.send({ type: 'ping' });
    expect(await patient.next('error')).toMatchObject({ code: 'rateLimited' });
    await sleep(200);
    const pongs = patient.all('pong').length;
    expect(pongs + patient.all('error').length).toBe(205);
    expect(pongs).toBeGreaterThanOrEqual(200);
    expect(pongs).toBeLessThan(205);

    doc.send({ type: 'signal', to: doctorPeer, data: { sdp: 'x'.repeat(64 * 1024) } });
    expect((await doc.closed).code).toBe(1009); // ws: message too big
    patient.close();
  });
});

describe('the signalling socket’s Origin (ADR 0014)', () => {
  it('refuses a socket from another origin’s page with 4403 before it reaches the room', async () => {
    const a = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const doc = await openSignalling(origin, (await joinData(a.id, doctor.token)).signallingUrl, {
      pageOrigin: 'http://vizita.test',
    });
    await doc.next('welcome');
    const { signallingUrl } = await joinData(a.id, a.patient.token);
    // Another site, another scheme or port of ours, a look-alike host, a sandboxed frame.
    for (const pageOrigin of [
      'https://evil.example',
      'https://vizita.test',
      'http://vizita.test:8080',
      'http://vizita.test.evil.example',
      'null',
    ]) {
      const refused = await openSignalling(origin, signallingUrl, { pageOrigin });
      expect(await refused.next('error'), pageOrigin).toEqual({
        type: 'error',
        code: 'originNotAllowed',
        message: API_ERRORS.originNotAllowed,
      });
      expect((await refused.closed).code).toBe(SIGNALLING_CLOSE.forbidden);
    }
    // The room never saw them: only the doctor joined it.
    const events = await t.db
      .select({ kind: meetingEvents.kind, role: meetingEvents.role })
      .from(meetingEvents)
      .where(eq(meetingEvents.appointmentId, a.id));
    expect(events).toEqual([{ kind: 'joined', role: 'doctor' }]);
    // The same token from the app's own page is welcome: the page's origin was the only fault.
    const own = await openSignalling(origin, signallingUrl, { pageOrigin: 'http://vizita.test' });
    await own.next('welcome');
    closeAll(own, doc);
  });

  it('admits a client that sends no Origin, which no browser can do', async () => {
    const a = await appointment();
    const client = await openSignalling(
      origin,
      (await joinData(a.id, a.patient.token)).signallingUrl,
    );
    await client.next('welcome');
    client.close();
  });
});

describe('an app served at more than one origin (EXTRA_APP_ORIGINS)', () => {
  let e: TestApp;
  let ef: typeof f;
  let eOrigin: string;

  beforeAll(async () => {
    e = await createTestApp({
      clock,
      env: { EXTRA_APP_ORIGINS: 'https://video.vizita.example, https://vizita.example/' },
    });
    ef = await createBookingFixture(e);
    await e.app.listen({ port: 0, host: '127.0.0.1' });
    eOrigin = `ws://127.0.0.1:${(e.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => e.close());

  it('admits pages of every listed origin and of APP_URL, and no other', async () => {
    const a = await appointment(5 * MIN, {}, { f: ef });
    const res = await join(a.id, a.patient.token, e);
    const { signallingUrl } = res.json<{ data: JoinData }>().data;
    for (const pageOrigin of ['https://video.vizita.example', 'https://vizita.example']) {
      const page = await openSignalling(eOrigin, signallingUrl, { pageOrigin });
      await page.next('welcome');
      page.close();
      await page.closed;
    }
    const refused = await openSignalling(eOrigin, signallingUrl, {
      pageOrigin: 'https://vizita.example.evil',
    });
    expect((await refused.closed).code).toBe(SIGNALLING_CLOSE.forbidden);
  });

  it('refuses a value that is not a list of http(s) origins at start-up', () => {
    for (const value of ['vizita.example', 'ftp://vizita.example', 'https://vizita.example/app'])
      expect(() => loadConfig({ NODE_ENV: 'test', EXTRA_APP_ORIGINS: value }), value).toThrow(
        /EXTRA_APP_ORIGINS/,
      );
  });
});

describe('with Daily as the video provider', () => {
  let daily: Awaited<ReturnType<typeof startFakeDaily>>;
  let d: TestApp;
  let df: typeof f;

  beforeAll(async () => {
    daily = await startFakeDaily();
    d = await createTestApp({
      clock,
      env: { VIDEO_PROVIDER: 'daily', DAILY_API_KEY: 'daily-test-key', DAILY_API_URL: daily.url },
    });
    df = await createBookingFixture(d);
  });
  afterAll(async () => {
    await d.close();
    await daily.close();
  });

  it('lets the page embed Daily’s frame, and only with this provider', async () => {
    // A page's policy: the hosted checkout's answer to an unknown session is one.
    const page = '/checkout/cs_unknown';
    const csp = (await d.app.inject(page)).headers['content-security-policy'] as string;
    expect(csp).toContain("frame-src 'self' https://*.daily.co");
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.daily\.co/);
    const builtin = (await t.app.inject(page)).headers['content-security-policy'] as string;
    expect(builtin).toMatch(/frame-src 'self'(;|$)/);
    expect(builtin).not.toContain('daily.co');
  });

  it('creates one private room per appointment and a named token per participant', async () => {
    const a = await appointment(5 * MIN, {}, { f: df });
    await d.db.update(users).set({ locale: 'bg' }).where(eq(users.id, a.patient.userId));
    await d.db.update(users).set({ locale: 'de' }).where(eq(users.id, df.doctorId));
    const opensAt = Math.floor((a.startsAt.getTime() - 15 * MIN) / 1000);
    const closesAt = Math.floor((a.startsAt.getTime() + 30 * MIN) / 1000);
    const room = `vizita-${a.id}`;

    const res = await join(a.id, a.patient.token, d);
    expect(res.statusCode, res.body).toBe(200);
    const tokenOf = (i: number) => daily.requests.filter((r) => r.path === '/v1/meeting-tokens')[i];
    expect(res.json().data).toMatchObject({
      provider: 'daily',
      role: 'patient',
      signallingUrl: null,
      iceServers: [],
      roomUrl: `https://vizita.daily.test/${room}`,
      roomToken: expect.stringMatching(/^dly_/),
    });
    expect(daily.requests[0]).toEqual({
      method: 'POST',
      path: '/v1/rooms',
      authorization: 'Bearer daily-test-key',
      body: {
        name: room,
        privacy: 'private',
        properties: {
          nbf: opensAt,
          exp: closesAt,
          enable_prejoin_ui: false,
          enable_chat: false,
          enable_screenshare: true,
          eject_at_room_exp: true,
        },
      },
    });
    // Daily has no Bulgarian: English, the product's fallback.
    expect(tokenOf(0)!.body).toEqual({
      properties: {
        room_name: room,
        user_name: `Patient ${a.patient.userId.slice(0, 8)}`,
        exp: closesAt,
        is_owner: false,
        lang: 'en',
      },
    });

    const doctor = await df.signIn(df.doctorId);
    const res2 = await join(a.id, doctor.token, d);
    expect(res2.json().data).toMatchObject({
      role: 'doctor',
      roomUrl: `https://vizita.daily.test/${room}`,
    });
    // The second join finds the room made: its window is set again, not a second room.
    expect(daily.requests.map((r) => r.path).slice(-3)).toEqual([
      '/v1/rooms',
      `/v1/rooms/${room}`,
      '/v1/meeting-tokens',
    ]);
    expect(tokenOf(1)!.body.properties).toMatchObject({
      user_name: 'Dr. Elena Petrova',
      is_owner: true,
      lang: 'de',
    });
    expect(daily.rooms.size).toBe(1);
    // No signalling socket with this provider.
    await d.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (d.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/meetings/${a.id}`);
    await expect(
      new Promise((resolve, reject) => {
        ws.on('open', resolve);
        ws.on('error', reject);
      }),
    ).rejects.toThrow();
  });

  it('closes the Daily room when the appointment is cancelled, so nobody stays in the call', async () => {
    const a = await appointment(10 * MIN, {}, { f: df });
    expect((await join(a.id, a.patient.token, d)).statusCode).toBe(200);
    const room = `vizita-${a.id}`;
    expect(daily.rooms.has(room)).toBe(true);
    const doctor = await df.signIn(df.doctorId);
    const res = await d.app.inject({
      method: 'PUT',
      url: `/api/appointments/${a.id}/cancel`,
      headers: { authorization: `Bearer ${doctor.token}` },
      payload: { reason: 'Called away to an emergency.', cancelledBy: 'doctor' },
    });
    expect(res.statusCode).toBe(200);
    await d.app.backgroundWork.settled();
    expect(daily.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v1/rooms/${room}` });
    expect(daily.rooms.has(room)).toBe(false);
  });

  it('answers 502 when Daily is down, and writes no audit row', async () => {
    const a = await appointment(5 * MIN, {}, { f: df });
    daily.setFailing(true);
    const res = await join(a.id, a.patient.token, d);
    daily.setFailing(false);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      success: false,
      code: 'videoProviderUnavailable',
      message: API_ERRORS.videoProviderUnavailable,
    });
    const rows = await d.db.select().from(auditLog).where(eq(auditLog.userId, a.patient.userId));
    expect(rows.filter((r) => r.event === 'meeting.joined')).toEqual([]);
  });

  it('answers 502 when Daily cannot be reached at all', async () => {
    const a = await appointment(5 * MIN, {}, { f: df });
    await daily.close();
    const res = await join(a.id, a.patient.token, d);
    expect(res.statusCode).toBe(502);
    expect(res.json().code).toBe('videoProviderUnavailable');
    daily = await startFakeDaily(); // for afterAll
  });
});
