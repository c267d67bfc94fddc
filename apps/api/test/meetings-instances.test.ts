import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNALLING_CLOSE } from '@vizita/shared/contracts/meetings';
import { PG_NOTIFY_MAX_BYTES } from '../src/broadcast/postgres-broadcaster.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { openSignalling, testClock, type TestApp } from './test-app.ts';
import { createTwoInstances, instanceBuses } from './two-instances.ts';

// Two API instances over one database, as behind a load balancer: a patient on one and a doctor
// on the other must meet, whichever bus carries the signalling between them.

const buses = await instanceBuses();

const MIN = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(buses)('two instances with BROADCASTER=$kind', ({ kind, skip }) => {
  const clock = testClock(new Date('2026-11-23T08:00:00Z'));
  let a: TestApp;
  let b: TestApp;
  let f: Awaited<ReturnType<typeof createBookingFixture>>;
  let originA: string;
  let originB: string;

  beforeAll(async () => {
    if (skip) return;
    ({ a, b } = await createTwoInstances(kind, clock));
    f = await createBookingFixture(a);
    const listen = async (t: TestApp) => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      return `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    };
    originA = await listen(a);
    originB = await listen(b);
  });
  afterAll(async () => {
    if (skip) return;
    await b.close().catch(() => {});
    await a.close();
  });

  const appointment = (startsIn = 5 * MIN) => f.appointmentIn(startsIn);

  /** Asks `via` for a join answer and opens its socket on the instance at `origin`. */
  async function enter(via: TestApp, origin: string, id: string, token: string) {
    const res = await via.app.inject({
      method: 'POST',
      url: `/api/meetings/${id}/join`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const client = await openSignalling(origin, res.json().data.signallingUrl);
    const welcome = await client.next<{
      peerId: string;
      peers: { peerId: string; role: string }[];
    }>('welcome');
    return { client, welcome, peerId: welcome.peerId };
  }
  type Entered = Awaited<ReturnType<typeof enter>>;

  /**
   * The doctor admits the patient from the waiting room, whichever instance each is on; both then
   * see each other. Returns who the doctor saw waiting.
   */
  async function admit(doc: Entered, patient: Entered) {
    let waiting: { peerId: string }[] = [];
    while (waiting.length === 0)
      ({ waiting } = await doc.client.next<{ waiting: { peerId: string }[] }>('admission'));
    doc.client.send({ type: 'admit' });
    const joined = await patient.client.next('peer-joined');
    await doc.client.next('peer-joined');
    return { waiting, joined };
  }

  it.skipIf(skip)('a patient on A and a doctor on B see each other and relay signals', async () => {
    const ap = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const patient = await enter(a, originA, ap.id, ap.patient.token);
    expect(patient.welcome.peers).toEqual([]);
    // The join answer of either instance opens a socket on the other (one secret, one database).
    const doc = await enter(a, originB, ap.id, doctor.token);
    // The waiting room holds across instances: the doctor sees the patient wait, not in the room.
    expect(doc.welcome.peers).toEqual([]);
    const { waiting, joined } = await admit(doc, patient);
    expect(waiting).toEqual([
      {
        peerId: patient.peerId,
        role: 'patient',
        userName: `Patient ${ap.patient.userId.slice(0, 8)}`,
        waitingSince: expect.any(String),
      },
    ]);
    expect(joined).toEqual({
      type: 'peer-joined',
      peer: { peerId: doc.peerId, role: 'doctor', userName: 'Dr. Elena Petrova' },
    });

    doc.client.send({ type: 'signal', to: patient.peerId, data: { sdp: { type: 'offer' } } });
    expect(await patient.client.next('signal')).toEqual({
      type: 'signal',
      from: doc.peerId,
      data: { sdp: { type: 'offer' } },
    });
    patient.client.send({ type: 'signal', to: doc.peerId, data: { sdp: { type: 'answer' } } });
    expect(await doc.client.next('signal')).toMatchObject({
      from: patient.peerId,
      data: { sdp: { type: 'answer' } },
    });
    patient.client.send({ type: 'signal', to: doc.peerId, data: { candidate: { sdpMid: '0' } } });
    expect(await doc.client.next('signal')).toMatchObject({ data: { candidate: { sdpMid: '0' } } });
    await sleep(100);
    expect(patient.client.all('signal')).toHaveLength(1);
    expect(doc.client.all('signal')).toHaveLength(2);

    // A real SDP offer fits any bus; PostgreSQL refuses what NOTIFY cannot carry, out loud.
    const big = { sdp: { type: 'offer', sdp: 'a'.repeat(PG_NOTIFY_MAX_BYTES) } };
    doc.client.send({ type: 'signal', to: patient.peerId, data: big });
    if (kind === 'postgres') {
      expect(await doc.client.next('error')).toMatchObject({ code: 'signalTooLarge' });
    } else {
      expect(await patient.client.next('signal')).toMatchObject({ data: big });
    }
    patient.client.close();
    doc.client.close();
  });

  it.skipIf(skip)('a drop on A reaches B, and so does the reconnection', async () => {
    const ap = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const patient = await enter(a, originA, ap.id, ap.patient.token);
    const doc = await enter(b, originB, ap.id, doctor.token);
    await admit(doc, patient);

    patient.client.ws.terminate();
    expect(await doc.client.next('peer-left')).toEqual({
      type: 'peer-left',
      peerId: patient.peerId,
    });
    const again = await enter(b, originA, ap.id, ap.patient.token);
    expect(again.welcome.peers.map((p) => p.peerId)).toEqual([doc.peerId]);
    expect(await doc.client.next('peer-joined')).toMatchObject({
      peer: { peerId: again.peerId, role: 'patient' },
    });
    again.client.close();
    doc.client.close();
  });

  it.skipIf(skip)('a cancellation on A ends the call on B at once', async () => {
    const ap = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const patient = await enter(a, originA, ap.id, ap.patient.token);
    const doc = await enter(b, originB, ap.id, doctor.token);
    await admit(doc, patient);
    const res = await a.app.inject({
      method: 'PUT',
      url: `/api/appointments/${ap.id}/cancel`,
      headers: { authorization: `Bearer ${doctor.token}` },
      payload: { reason: 'Called away to an emergency.' },
    });
    expect(res.statusCode).toBe(200);
    for (const c of [patient, doc]) {
      expect(await c.client.next('closed')).toEqual({ type: 'closed', reason: 'cancelled' });
      expect((await c.client.closed).code).toBe(SIGNALLING_CLOSE.ended);
    }
  });

  it.skipIf(skip)('a second tab on A replaces the same user’s socket on B', async () => {
    const ap = await appointment();
    const doctor = await f.signIn(f.doctorId);
    const patient = await enter(a, originA, ap.id, ap.patient.token);
    const doc1 = await enter(b, originB, ap.id, doctor.token);
    await admit(doc1, patient);

    const doc2 = await enter(a, originA, ap.id, doctor.token);
    expect(doc2.welcome.peers.map((p) => p.peerId)).toEqual([patient.peerId]);
    expect(await doc1.client.next('closed')).toEqual({ type: 'closed', reason: 'replaced' });
    expect((await doc1.client.closed).code).toBe(SIGNALLING_CLOSE.replaced);
    expect(await patient.client.next('peer-left')).toEqual({
      type: 'peer-left',
      peerId: doc1.peerId,
    });
    expect(await patient.client.next('peer-joined')).toMatchObject({
      peer: { peerId: doc2.peerId },
    });
    await sleep(100);
    expect(patient.client.all('peer-left')).toHaveLength(1);

    // Signals still find the doctor's new socket.
    patient.client.send({ type: 'signal', to: doc2.peerId, data: { n: 1 } });
    expect(await doc2.client.next('signal')).toMatchObject({ from: patient.peerId });
    patient.client.close();
    doc2.client.close();
  });

  it.skipIf(skip)('the end of the window closes the sockets on every instance', async () => {
    const ap = await appointment(2 * MIN);
    const doctor = await f.signIn(f.doctorId);
    const patient = await enter(a, originA, ap.id, ap.patient.token);
    const doc = await enter(b, originB, ap.id, doctor.token);
    clock.advance(ap.startsAt.getTime() + 30 * MIN + 1 - clock().getTime());
    await Promise.all([a.app.meetings.checkRooms(), b.app.meetings.checkRooms()]);
    for (const c of [patient.client, doc.client]) {
      expect(await c.next('closed')).toEqual({ type: 'closed', reason: 'ended' });
      expect((await c.closed).code).toBe(SIGNALLING_CLOSE.ended);
    }
  });

  it.skipIf(skip)(
    'an instance that shuts down closes its sockets as going away and says so',
    async () => {
      const ap = await appointment();
      const doctor = await f.signIn(f.doctorId);
      const patient = await enter(a, originA, ap.id, ap.patient.token);
      const doc = await enter(b, originB, ap.id, doctor.token);
      await admit(doc, patient);
      await b.app.close();
      expect((await doc.client.closed).code).toBe(1001);
      expect(await patient.client.next('peer-left')).toEqual({
        type: 'peer-left',
        peerId: doc.peerId,
      });
      patient.client.close();
    },
  );
});
