import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23 08:00 UTC. Dr. Petrova works in Sofia (UTC+2) and reads Bulgarian; the patient
// lives in Berlin (UTC+1) and reads German.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let patient: { userId: string; token: string; email: string };
let doctorEmail: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  doctorEmail = f.doctorEmail;
  await t.db.update(users).set({ locale: 'bg' }).where(eq(users.id, f.doctorId));
  const [p] = await f.patients(1, {
    firstName: 'Lena',
    lastName: 'Krüger',
    locale: 'de',
    timeZone: 'Europe/Berlin',
  });
  patient = p!;
});
afterAll(() => t.close());

const ics = (mail: { attachments: { content: string }[] }) =>
  (mail.attachments[0]?.content ?? '').replace(/\r\n /g, '');
const field = (calendar: string, name: string) =>
  new RegExp(`^${name}:(.*)$`, 'm').exec(calendar)?.[1]?.trim();
const mailsTo = async (to: string, subject: RegExp) =>
  (await t.mails(to)).filter((m) => subject.test(m.subject));

let appointmentId: string;

describe('notices to the doctor, and invites that add, move and remove the entry', () => {
  it('tells the doctor of a booking in their language and zone, with an invite', async () => {
    appointmentId = (await f.bookPaid(patient.token, '2026-11-26', '10:00', 'de')).appointmentId;
    const [notice] = await mailsTo(doctorEmail, /^Нов записан час/);
    expect(notice).toBeDefined();
    expect(notice!.subject).toBe('Нов записан час: Lena Krüger');
    expect(notice!.text).toContain('Пациент: Lena Krüger');
    expect(notice!.text).toContain('Час: 10:00');
    expect(notice!.text).toContain(`/doctor/appointments/${appointmentId}`);
    const calendar = ics(notice!);
    expect(field(calendar, 'METHOD')).toBe('REQUEST');
    expect(field(calendar, 'UID')).toBe(`${appointmentId}@vizita`);
    expect(field(calendar, 'DTSTART')).toBe('20261126T080000Z');
    expect(calendar).toContain(`mailto:${doctorEmail}`);
  });

  it("shows the patient her own time, in her language's format, naming the zone", async () => {
    const [confirmation] = await mailsTo(patient.email, /bestätigt|confirmed/i);
    expect(confirmation).toBeDefined();
    // 10:00 in Sofia is 09:00 in Berlin.
    expect(confirmation!.text).toContain('Donnerstag, 26. November 2026');
    expect(confirmation!.text).toMatch(/09:00 \(Europe\/Berlin\)/);
    expect(field(ics(confirmation!), 'METHOD')).toBe('REQUEST');
  });

  it('moves the entry in both calendars on a reschedule', async () => {
    clock.advance(60_000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/reschedule`,
      headers: { authorization: `Bearer ${(await f.signIn(patient.userId)).token}` },
      payload: { newDate: '2026-11-27', newSlot: '11:00' },
    });
    expect(res.statusCode).toBe(200);
    const [booked] = await mailsTo(doctorEmail, /^Нов записан час/);
    const [moved] = await mailsTo(doctorEmail, /^Нов час/);
    expect(moved).toBeDefined();
    const before = ics(booked!);
    const after = ics(moved!);
    expect(field(after, 'UID')).toBe(field(before, 'UID'));
    expect(Number(field(after, 'SEQUENCE'))).toBeGreaterThan(Number(field(before, 'SEQUENCE')));
    expect(field(after, 'DTSTART')).toBe('20261127T090000Z');
    const [patientMoved] = await mailsTo(patient.email, /verschoben/);
    expect(field(ics(patientMoved!), 'DTSTART')).toBe('20261127T090000Z');
  });

  it('removes the entry from both calendars when the patient cancels', async () => {
    clock.advance(60_000);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/cancel`,
      headers: { authorization: `Bearer ${(await f.signIn(patient.userId)).token}` },
      payload: { reason: 'Mir geht es wieder gut, danke.' },
    });
    expect(res.statusCode).toBe(200);
    const [notice] = await mailsTo(doctorEmail, /^Отменен/);
    expect(notice!.text).toContain('Пациентът отмени тази консултация.');
    // What the patient wrote stays in the app: it may be about her health.
    expect(notice!.text).not.toContain('Mir geht es wieder gut, danke.');
    const [moved] = await mailsTo(doctorEmail, /^Нов час/);
    for (const mail of [notice!, (await mailsTo(patient.email, /abgesagt|cancelled/i))[0]!]) {
      const calendar = ics(mail);
      expect(field(calendar, 'METHOD')).toBe('CANCEL');
      expect(field(calendar, 'STATUS')).toBe('CANCELLED');
      expect(field(calendar, 'UID')).toBe(`${appointmentId}@vizita`);
      expect(Number(field(calendar, 'SEQUENCE'))).toBeGreaterThan(
        Number(field(ics(moved!), 'SEQUENCE')),
      );
    }
  });

  it('sends each notice once, however often the jobs run', async () => {
    await t.app.backgroundWork.tick();
    await t.app.backgroundWork.tick();
    expect(await mailsTo(doctorEmail, /^Нов записан час/)).toHaveLength(1);
    expect(await mailsTo(doctorEmail, /^Отменен/)).toHaveLength(1);
  });

  it('tells the doctor of their own cancellation too, and the patient of the refund', async () => {
    const booked = await f.bookPaid((await f.signIn(patient.userId)).token, '2026-12-01', '09:30');
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${booked.appointmentId}/cancel`,
      headers: { authorization: `Bearer ${(await f.signIn(f.doctorId)).token}` },
      payload: { reason: 'I am ill today, sorry.' },
    });
    expect(res.statusCode).toBe(200);
    const notices = await mailsTo(doctorEmail, /^Отменен/);
    expect(notices.some((m) => m.text.includes('Вие отменихте тази консултация'))).toBe(true);
  });
});
