import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  messageAttachments,
  messageThreadReads,
  messageThreads,
  messages,
  notifications,
} from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { createBookingFixture, type FixtureCaller } from './booking-fixture.ts';
import { pngOf } from './image-fixtures.ts';
import { createTestApp, signUp, STRONG_PASSWORD, testClock, type TestApp } from './test-app.ts';

// Messages between a patient and the practice (issue #20): a thread per appointment with its
// doctor, a general thread with the clinic's admins; who may read, write, close; files checked by
// their content; every staff read audited; the patient's export and erasure.

// Monday 2026-11-23 08:00 UTC. The consultation is on Tuesday at 10:00 Sofia time (08:00Z).
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const START = new Date('2026-11-24T08:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
// Access tokens live 15 minutes of the test clock, which jumps days: each call signs in afresh.
type Caller = FixtureCaller | null;
const caller = (userId: string): FixtureCaller => f.caller(userId);
let patient: NonNullable<Caller>;
let otherPatient: NonNullable<Caller>;
let doctor: NonNullable<Caller>;
let otherDoctor: NonNullable<Caller>;
let admin: NonNullable<Caller>;
let secondAdmin: NonNullable<Caller>;
let appointmentId: string;

const SYMPTOM = 'The chest pain comes back every night since Sunday';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nBlutbild Troponin 0.3\n');
const PNG = Buffer.concat([pngOf(40, 30), Buffer.from('rash on the left forearm')]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>');

const call = async (who: Caller, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${await who.token}` } : {},
    ...(payload ? { payload } : {}),
  });
const upload = async (
  who: Caller,
  threadId: string,
  body: Buffer,
  type: string,
  fileName = 'photo.png',
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/messages/threads/${threadId}/attachments?${new URLSearchParams({ fileName }).toString()}`,
    headers: {
      ...(who ? { authorization: `Bearer ${await who.token}` } : {}),
      'content-type': type,
    },
    payload: body,
  });
const send = (who: Caller, threadId: string, text: string) =>
  call(who, 'POST', `/api/messages/threads/${threadId}/messages`, { text });
const read = (who: Caller, threadId: string) =>
  call(who, 'GET', `/api/messages/threads/${threadId}`);
const told = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'messageReceived')));

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const [p, q] = await f.patients(2);
  patient = caller(p!.userId)!;
  otherPatient = caller(q!.userId)!;
  appointmentId = (await f.bookPaid(p!.token, '2026-11-24', '10:00')).appointmentId;
  doctor = caller(f.doctorId)!;
  const { otherDoctorId, adminId } = await f.otherStaff();
  otherDoctor = caller(otherDoctorId)!;
  admin = caller(adminId)!;
  secondAdmin = caller(
    await createAdminService(t.db).createAdmin({
      email: `desk-${randomUUID()}@vizita.test`,
      password: 'Clinic-Desk-2026!',
      firstName: 'Front',
      lastName: 'Desk',
    }),
  )!;
});
afterAll(() => t.close());

let threadId: string;
let clinicThreadId: string;

describe('the thread about an appointment', () => {
  it('is started by the patient on first use, once, and tells the doctor once per unread run', async () => {
    const url = `/api/messages/appointments/${appointmentId}/thread`;
    const none = await call(patient, 'GET', url);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('threadNotFound');

    const started = await call(patient, 'PUT', url);
    expect(started.statusCode, started.body).toBe(200);
    threadId = started.json().data._id;
    expect(started.json().data).toMatchObject({
      kind: 'appointment',
      canWrite: true,
      canSetReplies: false,
      closedReason: null,
      appointment: { _id: appointmentId, doctorName: 'Dr. Elena Petrova', date: '2026-11-24' },
    });
    // Twice at once is still one thread (the unique index).
    const again = await Promise.all([call(patient, 'PUT', url), call(doctor, 'PUT', url)]);
    expect(again.map((r) => r.json().data._id)).toEqual([threadId, threadId]);
    // An empty thread is nobody's news: not listed.
    expect((await call(doctor, 'GET', '/api/messages/threads')).json().data.items).toEqual([]);

    clock.advance(MINUTE);
    const first = await send(patient, threadId, `  ${SYMPTOM}  `);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ text: SYMPTOM, mine: true, senderRole: 'patient' });
    clock.advance(MINUTE);
    expect((await send(patient, threadId, 'And it is worse when I lie down.')).statusCode).toBe(
      201,
    );

    // Told once for the two, with no word of what she wrote.
    const doctorTold = await told(f.doctorId);
    expect(doctorTold).toHaveLength(1);
    expect(doctorTold[0]).toMatchObject({
      link: `/doctor/messages/${threadId}`,
      params: { by: 'patient', name: 'Race Patient0', startsAt: START.toISOString() },
    });
    expect(JSON.stringify(doctorTold)).not.toContain('chest');

    const list = await call(doctor, 'GET', '/api/messages/threads');
    expect(list.json().data).toMatchObject({
      unread: 2,
      items: [{ _id: threadId, unread: 2, patient: { name: 'Race Patient0' } }],
    });
  });

  it('is read by the doctor (audited), whose read is the patient’s receipt, and answered', async () => {
    clock.advance(MINUTE);
    const opened = await read(doctor, threadId);
    expect(opened.statusCode, opened.body).toBe(200);
    const thread = opened.json().data;
    expect(thread.messages.map((m: { text: string }) => m.text)).toEqual([
      SYMPTOM,
      'And it is worse when I lie down.',
    ]);
    expect(thread.messages[0]).toMatchObject({ mine: false, senderName: 'Race Patient0' });
    // The patient has read up to her own newest message.
    expect(thread).toMatchObject({
      canWrite: true,
      canSetReplies: true,
      otherReadAt: thread.messages.at(-1).createdAt,
    });
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'message.thread_read'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: f.doctorId, subjectUserId: patient.userId });

    const newest = thread.messages.at(-1).createdAt;
    const marked = await call(doctor, 'POST', `/api/messages/threads/${threadId}/read`, {
      upTo: newest,
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.readAt).toBe(newest);
    // An older "read" arriving late does not unread anything.
    await call(doctor, 'POST', `/api/messages/threads/${threadId}/read`, {
      upTo: thread.messages[0].createdAt,
    });
    const mine = (await read(patient, threadId)).json().data;
    expect(mine.otherReadAt).toBe(newest);
    expect((await call(doctor, 'GET', '/api/messages/threads')).json().data.unread).toBe(0);

    clock.advance(MINUTE);
    const reply = await send(
      doctor,
      threadId,
      'Please come to the call tomorrow; until then rest.',
    );
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ senderName: 'Dr. Elena Petrova', mine: true });
    const patientTold = await told(patient.userId);
    expect(patientTold).toHaveLength(1);
    expect(patientTold[0]).toMatchObject({
      link: `/dashboard/messages/${threadId}`,
      params: { by: 'doctor', name: 'Dr. Elena Petrova' },
    });
    const sent = await t.db.select().from(auditLog).where(eq(auditLog.event, 'message.sent'));
    expect(sent).toMatchObject([{ userId: f.doctorId, subjectUserId: patient.userId }]);

    // A new message after the doctor's read tells the doctor again.
    clock.advance(MINUTE);
    await send(patient, threadId, 'Thank you, I will.');
    expect(await told(f.doctorId)).toHaveLength(2);
    const patientView = (await call(patient, 'GET', '/api/messages/threads')).json().data;
    // The patient answered, so she has read the doctor's message.
    expect(patientView).toMatchObject({ unread: 0, items: [{ _id: threadId, unread: 0 }] });
  });

  it('refuses an empty message, one over 5,000 characters, and control characters', async () => {
    for (const text of ['', '   ', 'x'.repeat(5001), 'Pain\u0000', 'Pain \u202E'])
      expect((await send(patient, threadId, text)).statusCode, JSON.stringify(text)).toBe(400);
    expect((await send(patient, threadId, 'x'.repeat(5000))).statusCode).toBe(201);
  });
});

describe('the API', () => {
  it('is documented in OpenAPI, with its limits', async () => {
    const doc = (await t.app.inject('/docs/openapi.json')).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/messages/threads',
        '/api/messages/threads/{id}',
        '/api/messages/threads/{id}/summary',
        '/api/messages/threads/{id}/messages',
        '/api/messages/threads/{id}/attachments',
        '/api/messages/threads/{id}/attachments/{attachmentId}',
        '/api/messages/threads/{id}/read',
        '/api/messages/threads/{id}/replies',
        '/api/messages/appointments/{id}/thread',
        '/api/messages/clinic-thread',
      ]),
    );
    const send = doc.paths['/api/messages/threads/{id}/messages'].post;
    expect(send.requestBody.content['application/json'].schema.properties.text).toMatchObject({
      maxLength: 5000,
    });
    expect(Object.keys(send.responses)).toEqual(
      expect.arrayContaining(['201', '401', '404', '409', '429']),
    );
  });
});

describe('who may see the appointment’s thread', () => {
  const people = () =>
    [
      ['the patient', patient, 200],
      ['another patient', otherPatient, 404],
      ['the doctor', doctor, 200],
      ['another doctor', otherDoctor, 404],
      ['an admin', admin, 404],
      ['signed out', null, 401],
    ] as const;

  it('answers the thread, its summary and its messages to the patient and the doctor only', async () => {
    for (const [who, as, status] of people()) {
      clock.advance(1000);
      expect((await read(as, threadId)).statusCode, who).toBe(status);
      expect(
        (await call(as, 'GET', `/api/messages/threads/${threadId}/summary`)).statusCode,
        who,
      ).toBe(status);
      expect(
        (await call(as, 'GET', `/api/messages/appointments/${appointmentId}/thread`)).statusCode,
        who,
      ).toBe(status);
      const write = await send(as, threadId, 'A question');
      expect(write.statusCode, who).toBe(status === 200 ? 201 : status);
      const marked = await call(as, 'POST', `/api/messages/threads/${threadId}/read`, {
        upTo: clock().toISOString(),
      });
      expect(marked.statusCode, who).toBe(status);
    }
    // Nobody else can start it either, or learn that it exists.
    for (const as of [otherPatient, otherDoctor, admin])
      expect(
        (await call(as, 'PUT', `/api/messages/appointments/${appointmentId}/thread`)).json().code,
      ).toBe('appointmentNotFound');
    expect((await read(patient, randomUUID())).statusCode).toBe(404);
    for (const as of [otherDoctor, admin, otherPatient])
      expect((await call(as, 'GET', '/api/messages/threads')).json().data.items).toEqual([]);
  });

  it('lets the files of a message be read by the same people only', async () => {
    const sent = await upload(patient, threadId, PNG, 'image/png', 'forearm.png');
    expect(sent.statusCode, sent.body).toBe(201);
    const attachmentId = sent.json().data.attachments[0]._id;
    for (const [who, as, status] of people()) {
      const file = await call(
        as,
        'GET',
        `/api/messages/threads/${threadId}/attachments/${attachmentId}`,
      );
      expect(file.statusCode, who).toBe(status);
      expect((await upload(as, threadId, PNG, 'image/png')).statusCode, who).toBe(
        status === 200 ? 201 : status,
      );
    }
    // Not a file of another thread under this one's id.
    expect(
      (
        await call(patient, 'GET', `/api/messages/threads/${threadId}/attachments/${randomUUID()}`)
      ).json().code,
    ).toBe('attachmentNotFound');
  });
});

describe('files', () => {
  it('are stored as their bytes say, served as downloads of that type, and the practice’s reads audited', async () => {
    const sent = await upload(patient, threadId, PDF, 'application/pdf', '../scans/"Blutbild".pdf');
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json().data;
    expect(message).toMatchObject({
      text: '',
      attachments: [
        { fileName: 'Blutbild.pdf', contentType: 'application/pdf', sizeBytes: PDF.length },
      ],
    });
    const url = `/api/messages/threads/${threadId}/attachments/${message.attachments[0]._id}`;
    const mine = await call(patient, 'GET', url);
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect(mine.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': "attachment; filename*=UTF-8''Blutbild.pdf",
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    const before = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'message.attachment_downloaded'));
    expect((await call(doctor, 'GET', url)).statusCode).toBe(200);
    const after = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'message.attachment_downloaded'));
    expect(after.length - before.length).toBe(1);
    expect(after.at(-1)).toMatchObject({ userId: f.doctorId, subjectUserId: patient.userId });

    // A PNG named .pdf is a PNG: stored and served as one, under its real extension.
    const png = await upload(patient, threadId, PNG, 'image/png', 'scan.pdf');
    expect(png.json().data.attachments[0]).toMatchObject({
      fileName: 'scan.png',
      contentType: 'image/png',
    });
  });

  it('refuse what their bytes are not, SVG and HTML above all, and anything over 10 MB', async () => {
    const refused = [
      [PNG, 'application/pdf', 'scan.pdf'],
      [SVG, 'image/png', 'photo.png'],
      [SVG, 'image/svg+xml', 'photo.svg'],
      [HTML, 'text/html', 'page.html'],
      [HTML, 'application/pdf', 'letter.pdf'],
      [Buffer.alloc(0), 'image/png', 'empty.png'],
    ] as const;
    for (const [body, type, name] of refused) {
      const res = await upload(patient, threadId, body, type, name);
      expect([400, 415], `${type} ${name}`).toContain(res.statusCode);
    }
    expect((await upload(patient, threadId, SVG, 'image/png')).json().code).toBe(
      'documentTypeInvalid',
    );
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(patient, threadId, huge, 'application/pdf')).statusCode).toBe(413);
    // None of them was kept.
    const stored = await t.db.select().from(messageAttachments);
    expect(stored.every((a) => ['image/png', 'application/pdf'].includes(a.contentType))).toBe(
      true,
    );
  });
});

describe('a closed thread', () => {
  it('refuses the patient’s message with a clear code until the practice opens it again', async () => {
    const replies = (as: Caller, patientMayReply: boolean) =>
      call(as, 'PUT', `/api/messages/threads/${threadId}/replies`, { patientMayReply });
    expect((await replies(patient, false)).json().code).toBe('practiceOnly');
    expect((await replies(otherDoctor, false)).statusCode).toBe(404);
    const closed = await replies(doctor, false);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ patientMayReply: false });

    const summary = (await call(patient, 'GET', `/api/messages/threads/${threadId}/summary`)).json()
      .data;
    expect(summary).toMatchObject({ canWrite: false, closedReason: 'practice' });
    const refused = await send(patient, threadId, 'One more question');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('threadClosed');
    expect((await upload(patient, threadId, PNG, 'image/png')).json().code).toBe('threadClosed');
    // The practice still writes.
    expect((await send(doctor, threadId, 'Results are fine.')).statusCode).toBe(201);

    expect((await replies(doctor, true)).json().data.closedReason).toBe(null);
    expect((await send(patient, threadId, 'Thank you!')).statusCode).toBe(201);
    const changes = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'message.replies_changed'));
    expect(changes.map((c) => c.meta)).toEqual([
      { threadId, patientMayReply: false },
      { threadId, patientMayReply: true },
    ]);
  });
});

describe('the general thread with the clinic', () => {
  it('is the patient’s with every admin, a shared inbox; doctors never see it', async () => {
    const started = await call(patient, 'PUT', '/api/messages/clinic-thread');
    expect(started.statusCode, started.body).toBe(200);
    clinicThreadId = started.json().data._id;
    expect(started.json().data).toMatchObject({ kind: 'clinic', appointment: null });
    expect((await call(patient, 'PUT', '/api/messages/clinic-thread')).json().data._id).toBe(
      clinicThreadId,
    );
    expect((await call(doctor, 'PUT', '/api/messages/clinic-thread')).statusCode).toBe(403);

    clock.advance(MINUTE);
    expect(
      (await send(patient, clinicThreadId, 'Can I get an invoice in German?')).statusCode,
    ).toBe(201);
    // Every admin is told; no doctor.
    expect(await told(admin.userId)).toMatchObject([{ link: `/admin/messages/${clinicThreadId}` }]);
    expect(await told(secondAdmin.userId)).toHaveLength(1);
    expect((await call(admin, 'GET', '/api/messages/threads')).json().data).toMatchObject({
      unread: 1,
      items: [{ _id: clinicThreadId, unread: 1, patient: { name: 'Race Patient0' } }],
    });

    // One admin's read is the clinic's: the other's list shows it read.
    clock.advance(MINUTE);
    const thread = (await read(secondAdmin, clinicThreadId)).json().data;
    await call(secondAdmin, 'POST', `/api/messages/threads/${clinicThreadId}/read`, {
      upTo: thread.messages.at(-1).createdAt,
    });
    const adminList = (await call(admin, 'GET', '/api/messages/threads')).json().data;
    expect(adminList).toMatchObject({ unread: 0, items: [{ _id: clinicThreadId, unread: 0 }] });
    expect(adminList.items).toHaveLength(1);

    const people = [
      ['the patient', patient, 200],
      ['another patient', otherPatient, 404],
      ['the doctor', doctor, 404],
      ['another doctor', otherDoctor, 404],
      ['an admin', admin, 200],
      ['signed out', null, 401],
    ] as const;
    for (const [who, as, status] of people) {
      clock.advance(1000);
      expect((await read(as, clinicThreadId)).statusCode, who).toBe(status);
      expect((await send(as, clinicThreadId, 'Hello')).statusCode, who).toBe(
        status === 200 ? 201 : status,
      );
    }

    clock.advance(MINUTE);
    const reply = await send(admin, clinicThreadId, 'Yes, from your billing page.');
    expect(reply.statusCode).toBe(201);
    const fromClinic = (await told(patient.userId)).filter(
      (n) => n.link === `/dashboard/messages/${clinicThreadId}`,
    );
    expect(fromClinic).toMatchObject([{ params: { by: 'clinic' } }]);
    expect(fromClinic[0]!.params.name).toBeUndefined();
  });

  it('shows each staff read in the patient’s “who saw my data”', async () => {
    const log = (await call(patient, 'GET', '/api/privacy/access-log')).json().data as {
      event: string;
      actor: { name: string | null; role: string };
    }[];
    const reads = log.filter((e) => e.event === 'message.thread_read');
    expect(reads).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actor: { name: 'Elena Petrova', role: 'doctor' } }),
        expect.objectContaining({ actor: { name: 'Front Desk', role: 'admin' } }),
      ]),
    );
  });
});

describe('rate limits', () => {
  it('stop a patient after 30 messages an hour, and give the next hour again', async () => {
    const [p] = await f.patients(1);
    const sender = caller(p!.userId);
    const id = (await call(sender, 'PUT', '/api/messages/clinic-thread')).json().data._id;
    for (let i = 0; i < 30; i++)
      expect((await send(sender, id, `Question ${i}`)).statusCode).toBe(201);
    const refused = await send(sender, id, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('messageRateLimited');
    // The limit is the sender's: the clinic still answers.
    expect((await send(admin, id, 'We have your questions.')).statusCode).toBe(201);
    clock.advance(60 * MINUTE);
    expect((await send(sender, id, 'Next hour')).statusCode).toBe(201);
  });
});

describe('the appointment’s window (ADR 0016)', () => {
  it('closes the thread 30 days after the visit: the doctor loses it, the patient keeps reading', async () => {
    // The visit took place.
    clock.advance(START.getTime() + 30 * DAY - clock().getTime());
    expect((await read(doctor, threadId)).statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await read(doctor, threadId)).statusCode).toBe(404);
    expect((await call(doctor, 'GET', '/api/messages/threads')).json().data.items).toEqual([]);
    const mine = await read(patient, threadId);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({ canWrite: false, closedReason: 'window' });
    const late = await send(patient, threadId, 'Another question');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('messagesWindowClosed');
  });
});

describe('the patient’s data rights', () => {
  it('puts every conversation in the export, and erases them with the account', async () => {
    const person = await signUp(t);
    const me = { userId: person.userId, token: Promise.resolve(person.accessToken) };
    const id = (await call(me, 'PUT', '/api/messages/clinic-thread')).json().data._id;
    clock.advance(MINUTE);
    await send(me, id, 'My insurance card was renewed, number ends in 4711');
    clock.advance(MINUTE);
    await upload(me, id, PDF, 'application/pdf', 'Versichertenkarte.pdf');
    clock.advance(MINUTE);
    await send(admin, id, 'Thank you, we updated it.');

    const exported = (await call(me, 'GET', '/api/privacy/export')).json().data;
    expect(exported.messages).toHaveLength(1);
    expect(exported.messages[0]).toMatchObject({ id, kind: 'clinic', appointmentId: null });
    expect(exported.messages[0].messages).toMatchObject([
      {
        from: 'patient',
        text: 'My insurance card was renewed, number ends in 4711',
        attachments: [],
      },
      {
        from: 'patient',
        text: '',
        attachments: [{ fileName: 'Versichertenkarte.pdf', contentType: 'application/pdf' }],
      },
      { from: 'admin', sender: 'Ops Team', text: 'Thank you, we updated it.' },
    ]);
    expect(
      Buffer.from(exported.messages[0].messages[1].attachments[0].contentBase64, 'base64').equals(
        PDF,
      ),
    ).toBe(true);

    const erased = await call(me, 'POST', '/api/privacy/delete-account', {
      password: STRONG_PASSWORD,
    });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(messageThreads).where(eq(messageThreads.id, id))).toEqual([]);
    expect(await t.db.select().from(messages).where(eq(messages.threadId, id))).toEqual([]);
    expect(
      await t.db.select().from(messageAttachments).where(eq(messageAttachments.threadId, id)),
    ).toEqual([]);
    expect(
      await t.db.select().from(messageThreadReads).where(eq(messageThreadReads.threadId, id)),
    ).toEqual([]);
    // Nothing of it is left but what points at it without saying anything: the audit log's
    // record and the admins' notices, which no longer name her (the notifications' erasure).
    // The outbox stands in for the recipients' mailboxes: what was mailed to the admins is theirs.
    const tables = await t.tableDumps();
    const outbox = JSON.parse(tables.get('mail_outbox') || '[]') as { to: string }[];
    expect(outbox.filter((m) => m.to === person.email)).toEqual([]);
    tables.set('mail_outbox', JSON.stringify(outbox.filter((m) => !/@vizita\.test$/.test(m.to))));
    expect(
      [...tables]
        .filter(([, rows]) => rows.includes(id))
        .map(([table]) => table)
        .sort(),
    ).toEqual(['audit_log', 'notifications']);
    const all = [...tables.values()].join('\n');
    expect(all).not.toContain('number ends in 4711');
    expect(all).not.toContain('Versichertenkarte');
    expect(all).not.toContain('Maria Ivanova');
  });
});
