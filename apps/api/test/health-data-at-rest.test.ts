import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../src/db/schema.ts';
import type { Mailer } from '../src/modules/mail/mailer.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// What a patient writes about their health is Art. 9 data: in the database it is ciphertext, in
// every table (issue #11). Mail goes to SMTP here, as in production (the development outbox keeps
// mails as they are, and is pruned by the retention loop).

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
const sent: string[] = [];
const smtp: Mailer = {
  kind: 'smtp',
  async send(message) {
    sent.push(`${message.subject}\n${message.text}`);
  },
};

const REASON = 'Palpitations at night since October';
const NOTES = 'Takes bisoprolol 5 mg';
const CANCEL = 'The palpitations stopped after the new dose';
const NATIONAL_ID = '8506014447';

beforeAll(async () => {
  t = await createTestApp({ clock, mailer: smtp });
  f = await createBookingFixture(t);
});
afterAll(() => t.close());

describe('health data at rest', () => {
  it('keeps the reason, the notes and the cancellation reason encrypted, and shows them to the patient', async () => {
    const [p] = await f.patients(1);
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/auth/complete-profile',
      headers: { authorization: `Bearer ${p!.token}` },
      payload: {
        firstName: 'Maria',
        lastName: 'Ivanova',
        gender: 'female',
        birthDate: '1985-06-01',
        address: 'Vitosha 1',
        city: 'Sofia',
        country: 'BG',
        nationalIdNumber: NATIONAL_ID,
        termsAccepted: true,
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const booked = await f.book(p!.token, {
      date: '2026-11-26',
      slot: '10:00',
      reason: REASON,
      notes: NOTES,
    });
    expect(booked.statusCode).toBe(200);
    const { appointmentId, sessionId } = booked.json().data;
    await f.pay(sessionId);
    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/cancel`,
      headers: { authorization: `Bearer ${p!.token}` },
      payload: { reason: CANCEL },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.appointment).toMatchObject({
      reason: REASON,
      notes: NOTES,
      cancelReason: CANCEL,
    });
    await t.app.backgroundWork.settled();

    const stored = await t.dumpAllTables();
    for (const secret of [REASON, NOTES, CANCEL, NATIONAL_ID])
      expect(stored, `"${secret}" in clear in a table`).not.toContain(secret);
    // Nor did any mail carry them: the patient reads them in the app.
    expect(sent.length).toBeGreaterThan(0);
    for (const secret of [REASON, NOTES, CANCEL]) expect(sent.join('\n')).not.toContain(secret);
  });

  it('keeps what a patient and the doctor write and attach to each other encrypted', async () => {
    const MESSAGE = 'Since the new dose my hands tremble in the morning';
    const REPLY = 'Please halve the levothyroxine until we speak';
    const LAB = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nTSH 7.9 mU/l\n');
    const [p] = await f.patients(1);
    const { appointmentId } = await f.bookPaid(p!.token, '2026-11-27', '11:00');
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    const thread = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/appointments/${appointmentId}/thread`,
      headers: as(p!.token),
    });
    const id = thread.json().data._id;
    const wrote = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${id}/messages`,
      headers: as(p!.token),
      payload: { text: MESSAGE },
    });
    expect(wrote.statusCode, wrote.body).toBe(201);
    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${id}/attachments?fileName=Befund-Hashimoto.pdf`,
      headers: { ...as(p!.token), 'content-type': 'application/pdf' },
      payload: LAB,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const doctor = await f.signIn(f.doctorId);
    const replied = await t.app.inject({
      method: 'POST',
      url: `/api/messages/threads/${id}/messages`,
      headers: as(doctor.token),
      payload: { text: REPLY },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    await t.app.backgroundWork.settled();

    const tables = await t.tableDumps();
    expect(tables.get('messages')).toContain(id);
    expect(tables.get('message_attachments')).toContain(id);
    const stored = [...tables.values()].join('\n');
    for (const secret of [MESSAGE, REPLY, 'Hashimoto', 'TSH 7.9'])
      expect(stored, `"${secret}" in clear in a table`).not.toContain(secret);
    // A bytea column is dumped as hex: the file's bytes are not there either.
    expect(stored).not.toContain(Buffer.from('TSH 7.9').toString('hex'));
    for (const secret of [MESSAGE, REPLY, 'Hashimoto', 'TSH'])
      expect(sent.join('\n')).not.toContain(secret);
  });

  it('encrypts what an earlier version stored in clear, and opens it the same', async () => {
    const [p] = await f.patients(1);
    const [row] = await t.db
      .insert(appointments)
      .values({
        patientId: p!.userId,
        doctorId: f.doctorId,
        startsAt: new Date('2026-11-27T08:00:00Z'),
        endsAt: new Date('2026-11-27T08:30:00Z'),
        timeZone: 'Europe/Sofia',
        status: 'upcoming',
        legacyReason: 'Headache every morning',
      })
      .returning();
    const read = async () =>
      (
        await t.app.inject({
          url: `/api/appointments/${row!.id}`,
          headers: { authorization: `Bearer ${p!.token}` },
        })
      ).json().data.reason;
    expect(await read()).toBe('Headache every morning');
    await t.app.backgroundWork.tick();
    const [after] = await t.db.select().from(appointments).where(eq(appointments.id, row!.id));
    expect(after).toMatchObject({
      legacyReason: null,
      reasonEncrypted: expect.stringMatching(/^v1\./),
    });
    expect(await read()).toBe('Headache every morning');
    expect(await t.dumpAllTables()).not.toContain('Headache every morning');
  });

  it('keeps the note of a follow-up proposal encrypted, and shows it to the patient (issue #20)', async () => {
    const NOTE = 'Recheck the potassium level after the new diuretic';
    // Yesterday's consultation, completed.
    const visit = await f.appointmentIn(-86_400_000, { status: 'completed' });
    const doctor = await f.signIn(f.doctorId);
    const proposed = await t.app.inject({
      method: 'POST',
      url: `/api/doctor/appointments/${visit.id}/follow-ups`,
      headers: { authorization: `Bearer ${doctor.token}` },
      payload: { suggestedWeeks: 1, note: NOTE },
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const read = await t.app.inject({
      url: `/api/follow-ups/${proposed.json().data._id}`,
      headers: { authorization: `Bearer ${visit.patient.token}` },
    });
    expect(read.json().data.note).toBe(NOTE);
    await t.app.backgroundWork.settled();
    expect(await t.dumpAllTables()).not.toContain('potassium');
    expect(sent.join('\n')).not.toContain('potassium');
  });
});
