import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  BELL_READ_WINDOW_MAX_MS,
  BELL_READS_WITHIN_PARAM,
  BELL_SOCKET_CLOSE,
} from '@vizita/shared/contracts/notifications';
import { type NotificationKind } from '@vizita/shared/domain/notification-kinds';
import { notifications, users } from '../src/db/schema.ts';
import { CHANGE_MARGIN_MS } from '../src/modules/notifications/live-bell.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, openSignalling, testClock, type TestApp } from './test-app.ts';

// The bell (issue #20): every signed-in person reads and marks only their own notifications; the
// events of an appointment's life put exactly one on the right reader's bell, never with a word
// about health; the e-mails follow the reader's choices but for the essential ones; a page hears
// that its bell changed once what it tells of has committed.

// Monday 2026-11-23 08:00 UTC; Dr. Petrova works in Sofia (UTC+2), Mon–Fri 09:00–17:00.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const MIN = 60_000;
const DAY = 86_400_000;

// What patients and doctors write about health: to look for in every notification and mail.
const REASON = 'Stechende Brustschmerzen seit Dienstag';
const NOTES = 'Vater hatte mit 52 einen Herzinfarkt';
const CANCEL_REASON = 'Ich bin leider krank geworden mit Fieber';
const DOCTOR_CANCEL_REASON = 'Dringende Operation, bitte neu buchen';
const DOC_TITLE = 'Überweisung zum Belastungs-EKG';
const DOC = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nUeberweisung\n');
const HEALTH_WORDS = [REASON, NOTES, CANCEL_REASON, DOCTOR_CANCEL_REASON, DOC_TITLE, 'EKG'];

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let otherDoctorId: string;
let adminId: string;
let origin: string;

const as = async (
  userId: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: {
      ...(userId ? { authorization: `Bearer ${(await f.signIn(userId)).token}` } : {}),
      ...headers,
    },
    ...(payload ? { payload } : {}),
  });

type Item = {
  _id: string;
  kind: string;
  params: Record<string, string>;
  link: string;
  createdAt: string;
  readAt: string | null;
};

/** The reader's bell as the API answers it. */
async function bell(userId: string, page?: number) {
  const res = await as(userId, 'GET', `/api/notifications${page ? `?page=${page}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { unread: number; items: Item[]; page: number; hasMore: boolean } }>()
    .data;
}
const kinds = async (userId: string) => (await bell(userId)).items.map((i) => i.kind);

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  ({ otherDoctorId, adminId } = await f.otherStaff());
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A notification put on `userId`'s bell as a module would: in a committed transaction. */
async function told(
  userId: string,
  kind: NotificationKind = 'messageReceived',
  link = '/dashboard',
) {
  // A second later than the one before: newest first is then one order.
  clock.advance(1000);
  await t.db.transaction((tx) =>
    notify(tx, { userId, kind, params: { name: 'Dr. Elena Petrova' }, link }),
  );
  const [row] = await t.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row!;
}

describe('who reads and marks which notifications', () => {
  let patient: string;
  let otherPatient: string;
  const own = new Map<string, string>();

  beforeAll(async () => {
    [patient, otherPatient] = (await f.patients(2)).map((p) => p.userId) as [string, string];
    for (const userId of [patient, otherPatient, f.doctorId, otherDoctorId, adminId])
      own.set(userId, (await told(userId)).id);
  });

  const roles = () =>
    [
      ['the patient', patient],
      ['another patient', otherPatient],
      ['the doctor', f.doctorId],
      ['another doctor', otherDoctorId],
      ['an admin', adminId],
    ] as const;

  it('lets everyone signed in read their own bell and nobody else’s', async () => {
    for (const [who, userId] of roles()) {
      const { unread, items } = await bell(userId);
      expect({ who, ids: items.map((i) => i._id), unread }).toEqual({
        who,
        ids: [own.get(userId)],
        unread: 1,
      });
    }
  });

  it.each([
    ['the patient’s', () => patient],
    ['the doctor’s', () => f.doctorId],
    ['an admin’s', () => adminId],
  ])('answers 404 to anyone but its reader who marks %s notification read', async (_, owner) => {
    const id = own.get(owner())!;
    for (const [who, userId] of roles()) {
      if (userId === owner()) continue;
      const res = await as(userId, 'POST', `/api/notifications/${id}/read`);
      expect({ who, status: res.statusCode, code: res.json().code }).toEqual({
        who,
        status: 404,
        code: 'notificationNotFound',
      });
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row!.readAt).toBeNull();
    const mine = await as(owner(), 'POST', `/api/notifications/${id}/read`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data).toEqual({ unread: 0 });
    // Twice is no error, and the first reading time stays.
    const again = await as(owner(), 'POST', `/api/notifications/${id}/read`);
    expect(again.statusCode).toBe(200);
  });

  it('marks all read for the caller only', async () => {
    await told(otherPatient, 'documentShared');
    expect((await bell(otherPatient)).unread).toBe(2);
    const res = await as(otherPatient, 'POST', '/api/notifications/read-all');
    expect(res.json().data).toEqual({ unread: 0 });
    expect((await bell(otherPatient)).unread).toBe(0);
    // The doctor's second one, unread before, is unread still.
    await told(otherDoctorId);
    expect((await bell(otherDoctorId)).unread).toBe(2);
  });

  it('answers 401 to a caller who is not signed in, on every route', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/notifications'],
      ['POST', `/api/notifications/${own.get(patient)}/read`],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
      ['PUT', '/api/notifications/preferences', { email: [] }],
      ['GET', '/api/notifications/socket'],
    ] as const) {
      const res = await as(null, method, url, payload);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 401 });
    }
  });

  it('refuses a page beyond the last one it serves, and an id that is no id', async () => {
    expect((await as(patient, 'GET', '/api/notifications?page=0')).statusCode).toBe(400);
    expect((await as(patient, 'GET', '/api/notifications?page=101')).statusCode).toBe(400);
    expect((await as(patient, 'POST', '/api/notifications/nope/read')).statusCode).toBe(400);
  });

  it('shows each role the e-mails it receives, the essential ones always on', async () => {
    const prefs = async (userId: string) =>
      (await as(userId, 'GET', '/api/notifications/preferences')).json<{
        data: { email: { kind: string; email: boolean; essential: boolean }[] };
      }>().data.email;
    const patients = await prefs(patient);
    expect(patients.map((p) => p.kind)).toContain('followUpProposed');
    expect(patients.find((p) => p.kind === 'appointmentCancelled')).toEqual({
      kind: 'appointmentCancelled',
      email: true,
      essential: true,
    });
    expect((await prefs(f.doctorId)).map((p) => p.kind)).toEqual([
      'newBooking',
      'patientCancelled',
      'appointmentMoved',
      'appointmentCancelled',
      'appointmentReassigned',
      'messageReceived',
    ]);
    expect((await prefs(adminId)).map((p) => p.kind)).toEqual(['messageReceived']);
  });
});

describe('the bell in one indexed query', () => {
  it('pages newest first, 20 at a time, with the unread count of them all', async () => {
    const [reader] = await f.patients(1);
    for (let i = 0; i < 45; i++) {
      clock.advance(1000);
      await t.db.transaction((tx) =>
        notify(tx, { userId: reader!.userId, kind: 'messageReceived', link: `/dashboard/${i}` }),
      );
    }
    const first = await bell(reader!.userId);
    expect(first).toMatchObject({ unread: 45, page: 1, hasMore: true });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.link).toBe('/dashboard/44');
    const third = await bell(reader!.userId, 3);
    expect(third).toMatchObject({ unread: 45, page: 3, hasMore: false });
    expect(third.items.map((i) => i.link)).toEqual([
      '/dashboard/4',
      '/dashboard/3',
      '/dashboard/2',
      '/dashboard/1',
      '/dashboard/0',
    ]);
  });

  it('reads the count and the page in one statement, from the two indexes', async () => {
    const [reader] = await f.patients(1);
    // Other readers' rows around it, so the indexes have something to skip.
    const [a, b] = await f.patients(2);
    for (const userId of [reader!.userId, a!.userId, b!.userId])
      await t.db.transaction(async (tx) => {
        for (let i = 0; i < 30; i++)
          await notify(tx, { userId, kind: 'newBooking', link: `/doctor/appointments/${i}` });
      });
    const { token } = await f.signIn(reader!.userId);
    const seen: { text: string; values: unknown[] }[] = [];
    const query = t.pool.query.bind(t.pool);
    t.pool.query = ((config: unknown, values?: unknown) => {
      const text = typeof config === 'string' ? config : (config as { text: string }).text;
      const params = values ?? (config as { values?: unknown[] }).values ?? [];
      seen.push({ text, values: params as unknown[] });
      return (query as (c: unknown, v?: unknown) => unknown)(config, values);
    }) as typeof t.pool.query;
    let res;
    try {
      res = await t.app.inject({
        url: '/api/notifications',
        headers: { authorization: `Bearer ${token}` },
      });
    } finally {
      t.pool.query = query;
    }
    expect(res.statusCode).toBe(200);
    const reads = seen.filter((q) => /"notifications"/.test(q.text));
    expect(reads).toHaveLength(1);

    const client = await t.pool.connect();
    try {
      await client.query('begin');
      // A small table is cheaper to read whole; the plan must still be answerable by the indexes.
      await client.query('set local enable_seqscan = off');
      const plan = (await client.query(`explain ${reads[0]!.text}`, reads[0]!.values)).rows
        .map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('notifications_user_idx');
      expect(plan).toContain('notifications_unread_idx');
      expect(plan).not.toMatch(/Seq Scan/);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('the events of an appointment, each on the right bell once', () => {
  let patient: { userId: string; email: string };
  let first: string;

  beforeAll(async () => {
    const [lena] = await f.patients(1, { firstName: 'Lena', lastName: 'Krüger' });
    patient = lena!;
  });

  it('tells the patient her booking is confirmed and the doctor of the new booking', async () => {
    const res = await f.book((await f.signIn(patient.userId)).token, {
      date: '2026-11-26',
      slot: '10:00',
      reason: REASON,
      notes: NOTES,
    });
    expect(res.statusCode, res.body).toBe(200);
    first = res.json().data.appointmentId;
    expect(await kinds(patient.userId)).toEqual([]);
    expect((await f.pay(res.json().data.sessionId)).statusCode).toBe(303);
    const [confirmed] = (await bell(patient.userId)).items;
    expect(confirmed).toMatchObject({
      kind: 'bookingConfirmed',
      params: {
        startsAt: '2026-11-26T08:00:00.000Z',
        timeZone: 'Europe/Sofia',
        name: expect.stringContaining('Elena Petrova'),
      },
      link: '/dashboard/appointments',
      readAt: null,
    });
    expect(await kinds(f.doctorId)).toContain('newBooking');
    const [booked] = (await bell(f.doctorId)).items;
    expect(booked).toMatchObject({
      kind: 'newBooking',
      params: { name: 'Lena Krüger', startsAt: '2026-11-26T08:00:00.000Z' },
      link: `/doctor/appointments/${first}`,
    });
  });

  it('tells the doctor, not the patient, when she moves it', async () => {
    clock.advance(MIN);
    const before = await kinds(f.doctorId);
    const res = await as(patient.userId, 'PUT', `/api/appointments/${first}/reschedule`, {
      newDate: '2026-11-27',
      newSlot: '11:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kinds(patient.userId)).toEqual(['bookingConfirmed']);
    expect(await kinds(f.doctorId)).toEqual(['appointmentMoved', ...before]);
    expect((await bell(f.doctorId)).items[0]!.params).toMatchObject({
      by: 'patient',
      startsAt: '2026-11-27T09:00:00.000Z',
    });
  });

  it('tells the patient, not the doctor, when the doctor cancels — and then of the refund', async () => {
    clock.advance(MIN);
    const before = await kinds(f.doctorId);
    const res = await as(f.doctorId, 'PUT', `/api/appointments/${first}/cancel`, {
      reason: DOCTOR_CANCEL_REASON,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.backgroundWork.settled();
    expect(await kinds(f.doctorId)).toEqual(before);
    const items = (await bell(patient.userId)).items;
    expect(items.map((i) => i.kind).sort()).toEqual(
      ['appointmentCancelled', 'bookingConfirmed', 'refundIssued'].sort(),
    );
    expect(items.find((i) => i.kind === 'appointmentCancelled')!.params.by).toBe('doctor');
    expect(items.find((i) => i.kind === 'refundIssued')!.link).toBe('/dashboard/billing');
  });

  it('tells the doctor when the patient cancels', async () => {
    clock.advance(MIN);
    const { appointmentId } = await f.bookPaid(
      (await f.signIn(patient.userId)).token,
      '2026-11-30',
      '09:00',
    );
    clock.advance(1000);
    const before = (await kinds(patient.userId)).length;
    const res = await as(patient.userId, 'PUT', `/api/appointments/${appointmentId}/cancel`, {
      reason: CANCEL_REASON,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.backgroundWork.settled();
    const [cancelled] = (await bell(f.doctorId)).items;
    expect(cancelled).toMatchObject({
      kind: 'patientCancelled',
      params: { by: 'patient', name: 'Lena Krüger' },
      link: `/doctor/appointments/${appointmentId}`,
    });
    // Hers: the confirmation before, the refund after; never her own cancellation.
    const mine = await kinds(patient.userId);
    expect(mine.filter((k) => k === 'appointmentCancelled')).toHaveLength(1);
    expect(mine.length).toBe(before + 1);
    expect(mine[0]).toBe('refundIssued');
  });

  it('tells the patient, the new doctor and the old one of a reassignment by the clinic', async () => {
    clock.advance(MIN);
    const { appointmentId } = await f.bookPaid(
      (await f.signIn(patient.userId)).token,
      '2026-12-01',
      '10:00',
    );
    clock.advance(1000);
    const res = await as(adminId, 'POST', `/api/admin/appointments/${appointmentId}/reassign`, {
      doctorId: otherDoctorId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await bell(patient.userId)).items[0]).toMatchObject({
      kind: 'appointmentReassigned',
      params: { by: 'clinic', name: expect.stringContaining('Jonas Weber') },
    });
    expect((await bell(otherDoctorId)).items[0]).toMatchObject({
      kind: 'newBooking',
      params: { by: 'clinic', name: 'Lena Krüger' },
      link: `/doctor/appointments/${appointmentId}`,
    });
    expect((await bell(f.doctorId)).items[0]).toMatchObject({
      kind: 'appointmentReassigned',
      params: { by: 'clinic', name: 'Lena Krüger' },
    });
  });

  it('tells both when the clinic cancels', async () => {
    clock.advance(MIN);
    const { appointmentId } = await f.bookPaid(
      (await f.signIn(patient.userId)).token,
      '2026-12-02',
      '10:00',
    );
    const res = await as(adminId, 'POST', `/api/admin/appointments/${appointmentId}/cancel`, {
      reason: DOCTOR_CANCEL_REASON,
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.backgroundWork.settled();
    for (const reader of [patient.userId, f.doctorId]) {
      const items = (await bell(reader)).items.filter(
        (i) => i.kind === 'appointmentCancelled' && i.params.by === 'clinic',
      );
      expect(items).toHaveLength(1);
    }
  });

  it('tells the patient that a document was shared, by a mail without the document', async () => {
    const visit = await f.appointmentIn(-10 * MIN);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${visit.id}/documents?${new URLSearchParams({ title: DOC_TITLE, fileName: 'ueberweisung.pdf' }).toString()}`,
      headers: {
        authorization: `Bearer ${(await f.signIn(f.doctorId)).token}`,
        'content-type': 'application/pdf',
      },
      payload: DOC,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await kinds(visit.patient.userId)).toEqual(['documentShared']);
    const mails = await t.mails(visit.patient.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your doctor shared a document with you']);
    expect(mails[0]!.text).toContain('http://vizita.test/dashboard/appointments');
  });

  it('reminds the patient a day ahead and when the call opens', async () => {
    clock.advance(MIN);
    const [reader] = await f.patients(1);
    // Wednesday 10:00 in Sofia (08:00Z); the clock stands on Monday morning.
    const { appointmentId } = await f.bookPaid(
      (await f.signIn(reader!.userId)).token,
      '2026-11-25',
      '10:00',
    );
    const at = (iso: string) => clock.advance(Date.parse(iso) - clock().getTime());
    at('2026-11-24T08:01:00Z');
    await t.app.backgroundWork.tick();
    expect((await bell(reader!.userId)).items[0]).toMatchObject({
      kind: 'appointmentReminder',
      params: { startsAt: '2026-11-25T08:00:00.000Z' },
      link: '/dashboard/appointments',
    });
    at('2026-11-25T07:46:00Z');
    await t.app.backgroundWork.tick();
    await t.app.backgroundWork.tick();
    const reminders = (await bell(reader!.userId)).items.filter(
      (i) => i.kind === 'appointmentReminder',
    );
    expect(reminders.map((i) => i.link)).toEqual([
      `/dashboard/meeting/${appointmentId}`,
      '/dashboard/appointments',
    ]);
  });

  it('puts no word about health in any notification or mail', async () => {
    const stored = JSON.stringify(await t.db.select().from(notifications));
    const mails = JSON.stringify(await t.mails());
    for (const word of HEALTH_WORDS) {
      expect(stored, word).not.toContain(word);
    }
    // The appointment mails quote a doctor's or the clinic's reason on purpose (ADR 0012); the
    // patient's own words never.
    for (const word of [REASON, NOTES, CANCEL_REASON, DOC_TITLE])
      expect(mails, word).not.toContain(word);
  });
});

describe('e-mails by the reader’s choice', () => {
  it('sends "a message is waiting" in the reader’s language, without content, once until read', async () => {
    const [reader] = await f.patients(1, { firstName: 'Ivan', locale: 'bg' });
    const link = '/dashboard/messages/11111111-1111-4111-8111-111111111111';
    await t.db.transaction((tx) =>
      notify(tx, { userId: reader!.userId, kind: 'messageReceived', link }),
    );
    clock.advance(1000);
    await t.db.transaction((tx) =>
      notify(tx, { userId: reader!.userId, kind: 'messageReceived', link }),
    );
    const mails = await t.mails(reader!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Имате ново съобщение във Vizita');
    expect(mails[0]!.text).toContain('Здравейте, Ivan,');
    expect(mails[0]!.text).toContain(`http://vizita.test${link}`);
    // Once the reader has looked, the next one is mailed again.
    await as(reader!.userId, 'POST', '/api/notifications/read-all');
    clock.advance(1000);
    await t.db.transaction((tx) =>
      notify(tx, { userId: reader!.userId, kind: 'messageReceived', link }),
    );
    expect(await t.mails(reader!.email)).toHaveLength(2);
  });

  it('sends none of a kind the reader turned off, and keeps the bell', async () => {
    const [reader] = await f.patients(1);
    const off = await as(reader!.userId, 'PUT', '/api/notifications/preferences', {
      email: [
        { kind: 'followUpProposed', email: false },
        { kind: 'bookingConfirmed', email: false },
      ],
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.email).toContainEqual({
      kind: 'followUpProposed',
      email: false,
      essential: false,
    });
    await t.db.transaction((tx) =>
      notify(tx, { userId: reader!.userId, kind: 'followUpProposed', link: '/dashboard' }),
    );
    clock.advance(MIN);
    await f.bookPaid((await f.signIn(reader!.userId)).token, '2026-12-03', '14:00');
    expect(await kinds(reader!.userId)).toEqual(['bookingConfirmed', 'followUpProposed']);
    const subjects = (await t.mails(reader!.email)).map((m) => m.subject);
    expect(subjects.filter((s) => /follow-up|confirmed/i.test(s))).toEqual([]);
  });

  it('refuses to turn off an essential e-mail, and sends it', async () => {
    const [reader] = await f.patients(1);
    for (const kind of ['appointmentCancelled', 'patientWaiting', 'nonsense']) {
      const res = await as(reader!.userId, 'PUT', '/api/notifications/preferences', {
        email: [{ kind, email: false }],
      });
      expect({ kind, status: res.statusCode }).toEqual({ kind, status: 400 });
    }
    const prefs = await as(reader!.userId, 'GET', '/api/notifications/preferences');
    expect(prefs.json().data.email).toContainEqual({
      kind: 'appointmentCancelled',
      email: true,
      essential: true,
    });
    clock.advance(MIN);
    const { appointmentId } = await f.bookPaid(
      (await f.signIn(reader!.userId)).token,
      '2026-12-03',
      '15:00',
    );
    await as(f.doctorId, 'PUT', `/api/appointments/${appointmentId}/cancel`, {
      reason: DOCTOR_CANCEL_REASON,
    });
    const subjects = (await t.mails(reader!.email)).map((m) => m.subject);
    expect(subjects.some((s) => /cancel/i.test(s))).toBe(true);
  });
});

describe('the live socket', () => {
  /** Opens a bell's socket as a page would; collects what the server says. */
  async function openBell(
    userId: string | null,
    {
      token,
      pageOrigin,
      readsWithinMs,
    }: { token?: string; pageOrigin?: string; readsWithinMs?: number } = {},
  ) {
    let url = `${origin}/ws/notifications${token === undefined ? '' : `?token=${token}`}`;
    if (userId) {
      const res = await as(userId, 'GET', '/api/notifications/socket');
      expect(res.statusCode, res.body).toBe(200);
      const { pathname, search } = new URL(res.json().data.url);
      url = `${origin}${pathname}${search}`;
      // What the page measured of its reads, as the app's first socket says it.
      if (readsWithinMs !== undefined) url += `&${BELL_READS_WITHIN_PARAM}=${readsWithinMs}`;
    }
    const ws = new WebSocket(url, pageOrigin ? { origin: pageOrigin } : {});
    const messages: { type: string; changedSinceTicket?: boolean }[] = [];
    ws.on('message', (data) =>
      messages.push(JSON.parse((data as Buffer).toString()) as (typeof messages)[number]),
    );
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const waitFor = async (type: string, count = 1, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      while (messages.filter((m) => m.type === type).length < count) {
        if (Date.now() > deadline) throw new Error(`no "${type}" #${count} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { ws, messages, closed, waitFor };
  }

  it('says "changed" once the notification has committed, not before', async () => {
    const [reader] = await f.patients(1);
    const page = await openBell(reader!.userId);
    await page.waitFor('ready');
    await t.db.transaction(async (tx) => {
      await notify(tx, {
        userId: reader!.userId,
        kind: 'refundIssued',
        link: '/dashboard/billing',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(page.messages.filter((m) => m.type === 'changed')).toEqual([]);
    });
    await page.waitFor('changed');
    // A rolled-back notification says nothing.
    await t.db
      .transaction(async (tx) => {
        await notify(tx, { userId: reader!.userId, kind: 'refundIssued', link: '/dashboard' });
        throw new Error('rolled back');
      })
      .catch(() => {});
    // Another reader's notification is not this page's business.
    const [other] = await f.patients(1);
    await told(other!.userId);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(page.messages.filter((m) => m.type === 'changed')).toHaveLength(1);
    // Marking read on another tab changes this one's badge too.
    await as(reader!.userId, 'POST', '/api/notifications/read-all');
    await page.waitFor('changed', 2);
    page.ws.close();
  });

  it('says in "ready" whether the bell changed since a little before the socket’s ticket', async () => {
    const [reader] = await f.patients(1);
    /** What "ready" says to a page opening now. */
    const readyOfNewPage = async () => {
      const page = await openBell(reader!.userId);
      await page.waitFor('ready');
      page.ws.close();
      return page.messages.find((m) => m.type === 'ready')!.changedSinceTicket;
    };
    // Nothing ever came: what the page read is current, no need to read it again.
    expect(await readyOfNewPage()).toBe(false);
    // A notification just before the page opened may be missing from what it read.
    const notification = await told(reader!.userId, 'refundIssued');
    expect(await readyOfNewPage()).toBe(true);
    clock.advance(BELL_READ_WINDOW_MAX_MS + 1000);
    expect(await readyOfNewPage()).toBe(false);
    // So may one read in another tab just before.
    await as(reader!.userId, 'POST', `/api/notifications/${notification.id}/read`);
    expect(await readyOfNewPage()).toBe(true);
    clock.advance(BELL_READ_WINDOW_MAX_MS + 1000);
    expect(await readyOfNewPage()).toBe(false);
    // Another reader's change is not this bell's.
    const [other] = await f.patients(1);
    await told(other!.userId);
    expect(await readyOfNewPage()).toBe(false);
  });

  it('looks back only as far as the page says it has been reading, and a little more', async () => {
    const [reader] = await f.patients(1);
    /** What "ready" says to a page opening now that has been reading for `readsWithinMs`. */
    const readyOfNewPage = async (readsWithinMs?: number) => {
      const page = await openBell(reader!.userId, { readsWithinMs });
      await page.waitFor('ready');
      page.ws.close();
      return page.messages.find((m) => m.type === 'ready')!.changedSinceTicket;
    };
    await told(reader!.userId);
    // Within the margin (a transaction's commit, the instances' clocks) of the page's reads.
    expect(await readyOfNewPage(2000)).toBe(true);
    // Older than the page's two seconds of reading and the margin: in what it read.
    clock.advance(2000 + CHANGE_MARGIN_MS + 1000);
    expect(await readyOfNewPage(2000)).toBe(false);
    expect(await readyOfNewPage(0)).toBe(false);
    // A page that has been reading longer, or does not say (an older app), as before: 30 s.
    expect(await readyOfNewPage(5000)).toBe(true);
    expect(await readyOfNewPage()).toBe(true);
    expect(await readyOfNewPage(BELL_READ_WINDOW_MAX_MS)).toBe(true);
    clock.advance(BELL_READ_WINDOW_MAX_MS);
    expect(await readyOfNewPage(BELL_READ_WINDOW_MAX_MS)).toBe(false);
    expect(await readyOfNewPage()).toBe(false);
  });

  it('refuses a socket whose measurement is no whole number of ms up to the most it counts', async () => {
    const [reader] = await f.patients(1);
    const res = await as(reader!.userId, 'GET', '/api/notifications/socket');
    const { pathname, search } = new URL(res.json().data.url);
    for (const bad of ['-1', String(BELL_READ_WINDOW_MAX_MS + 1), '1.5', 'soon', '1e3x']) {
      const ws = new WebSocket(`${origin}${pathname}${search}&${BELL_READS_WITHIN_PARAM}=${bad}`);
      const status = await new Promise<number>((resolve, reject) => {
        ws.once('unexpected-response', (request, response) => {
          request.destroy();
          resolve(response.statusCode ?? 0);
        });
        ws.once('open', () => reject(new Error(`readsWithinMs=${bad} opened a socket`)));
        ws.once('error', () => {});
      });
      expect(status, bad).toBe(400);
    }
  });

  it('turns away a socket without a valid ticket, and another site’s page', async () => {
    for (const token of [undefined, 'forged.ticket.value']) {
      const page = await openBell(null, token === undefined ? {} : { token });
      expect(await page.closed).toBe(BELL_SOCKET_CLOSE.unauthorized);
    }
    // An access token is no ticket.
    const { token: access } = await f.signIn(f.doctorId);
    expect(await (await openBell(null, { token: access })).closed).toBe(
      BELL_SOCKET_CLOSE.unauthorized,
    );
    const [reader] = await f.patients(1);
    const evil = await openBell(reader!.userId, { pageOrigin: 'https://evil.example' });
    expect(await evil.closed).toBe(BELL_SOCKET_CLOSE.forbidden);
    const own = await openBell(reader!.userId, { pageOrigin: 'http://vizita.test' });
    await own.waitFor('ready');
    own.ws.close();
  });

  it('closes the socket when its sign-in session ends', async () => {
    const [reader] = await f.patients(1);
    const session = await f.signIn(reader!.userId);
    const res = await t.app.inject({
      url: '/api/notifications/socket',
      headers: { authorization: `Bearer ${session.token}` },
    });
    const { pathname, search } = new URL(res.json().data.url);
    const ws = new WebSocket(`${origin}${pathname}${search}`);
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    await new Promise((resolve) => ws.once('message', resolve));
    await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(await closed).toBe(BELL_SOCKET_CLOSE.unauthorized);
  });

  it('tells the doctor once that the patient waits, however often she reconnects', async () => {
    const visit = await f.appointmentIn(5 * MIN);
    const before = (await kinds(f.doctorId)).filter((k) => k === 'patientWaiting').length;
    for (let i = 0; i < 3; i++) {
      const join = await as(visit.patient.userId, 'POST', `/api/meetings/${visit.id}/join`);
      expect(join.statusCode, join.body).toBe(200);
      const socket = await openSignalling(origin, join.json().data.signallingUrl);
      await socket.next('welcome');
      // The room's record and the doctor's bell are written beside the welcome.
      await new Promise((resolve) => setTimeout(resolve, 200));
      socket.close();
      await socket.closed;
    }
    const items = (await bell(f.doctorId)).items.filter((i) => i.kind === 'patientWaiting');
    expect(items.length - before).toBe(1);
    expect(items[0]).toMatchObject({
      link: `/doctor/meeting/${visit.id}`,
      params: { name: expect.any(String) },
    });
  });
});

describe('retention (ADR 0026)', () => {
  it('deletes read notifications 90 days after they were read, and keeps unread ones', async () => {
    const [reader] = await f.patients(1);
    const read = await told(reader!.userId, 'refundIssued');
    await as(reader!.userId, 'POST', `/api/notifications/${read.id}/read`);
    clock.advance(1000);
    const unread = await told(reader!.userId, 'documentShared');
    const ids = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.userId, reader!.userId)))
        .map((r) => r.id)
        .sort();
    clock.advance(89 * DAY);
    await t.app.backgroundWork.tick();
    expect(await ids()).toEqual([read.id, unread.id].sort());
    clock.advance(2 * DAY);
    await t.app.backgroundWork.tick();
    expect(await ids()).toEqual([unread.id]);
    // The reader is still there, of course.
    expect(
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, reader!.userId))),
    ).toHaveLength(1);
  });
});
