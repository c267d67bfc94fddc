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
});
