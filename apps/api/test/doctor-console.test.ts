import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT_SUMMARY_MAX } from '@vizita/shared/contracts/doctor-console';
import { egnCheckDigit } from '@vizita/shared/domain/egn';
import { appointments, auditLog, consultationNotes, users } from '../src/db/schema.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { BULGARIAN_PROFILE, createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23 08:00 UTC (10:00 in Sofia). Dr. Petrova (Sofia, Mon–Fri 09–17) has a
// consultation with Maria on Tuesday at 10:00 Sofia time (08:00Z). The clock only moves forward.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const START = new Date('2026-11-24T08:00:00Z');
const EGN9 = '900412654';
const EGN = `${EGN9}${egnCheckDigit(EGN9)}`;
const PRIVATE = 'Suspected stable angina; ECG and troponin tomorrow.';
const SUMMARY = 'Please have an ECG done and rest until we speak again.';

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let appointmentId: string;
let patientId: string;
let otherDoctorId: string;
let adminId: string;

const tokenOf = async (userId: string) => (await f.signIn(userId)).token;
const call = async (
  userId: string | null,
  method: 'GET' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    headers: userId ? { authorization: `Bearer ${await tokenOf(userId)}` } : {},
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const [patient] = await f.patients(1, { firstName: 'Maria', lastName: 'Ivanova' });
  patientId = patient!.userId;
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/auth/complete-profile',
    headers: { authorization: `Bearer ${patient!.token}` },
    payload: { ...BULGARIAN_PROFILE, nationalIdNumber: EGN },
  });
  expect(profile.statusCode).toBe(200);
  appointmentId = (await f.bookPaid(patient!.token, '2026-11-24', '10:00')).appointmentId;
  ({ otherDoctorId, adminId } = await f.otherStaff());
});
afterAll(() => t.close());

const WEEK = '/api/doctor/appointments?from=2026-11-23&to=2026-11-29';
const chart = `/api/doctor/appointments/${'ID'}/patient`;
const routes = () =>
  [
    ['GET', WEEK],
    ['GET', chart.replace('ID', appointmentId)],
    ['GET', `/api/doctor/appointments/${appointmentId}/notes`],
    ['PUT', `/api/doctor/appointments/${appointmentId}/notes`, { privateNotes: 'x', summary: '' }],
    ['PUT', `/api/doctor/appointments/${appointmentId}/outcome`, { outcome: 'completed' }],
  ] as const;

describe('the doctor console is for doctors only', () => {
  it('refuses patients and admins with 403, and strangers with 401', async () => {
    for (const [method, url, body] of routes()) {
      for (const who of [patientId, adminId]) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({ success: false, code: 'doctorRequired' });
      }
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
  });

  it('answers another doctor as if the appointment did not exist', async () => {
    for (const [method, url, body] of routes().slice(1)) {
      const res = await call(otherDoctorId, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 'appointmentNotFound' });
      expect(res.body).not.toContain('Ivanova');
    }
    const week = await call(otherDoctorId, 'GET', WEEK);
    expect(week.json().data.appointments).toEqual([]);
  });

  it('refuses impossible dates and ranges with 400', async () => {
    for (const query of [
      'from=2026-11-31&to=2026-12-01',
      'from=2026-02-29&to=2026-03-01',
      'from=2026-12-01&to=2026-11-30',
      'from=2026-11-01&to=2026-12-31',
      'from=today&to=tomorrow',
    ]) {
      const res = await call(f.doctorId, 'GET', `/api/doctor/appointments?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await call(f.doctorId, 'GET', chart.replace('ID', 'nope'))).statusCode).toBe(400);
  });
});

describe("the doctor's week", () => {
  it('lists the appointment in the doctor zone with patient, plan and reason', async () => {
    const res = await call(f.doctorId, 'GET', WEEK);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      timeZone: 'Europe/Sofia',
      appointments: [
        {
          _id: appointmentId,
          date: '2026-11-24',
          slot: '10:00',
          status: 'upcoming',
          plan: 'consultation',
          patient: { _id: patientId, name: 'Maria Ivanova', guest: false },
          hasNotes: false,
          isJoinable: false,
        },
      ],
    });
  });
});

describe("the patient's profile before the call", () => {
  it('is decrypted for the appointment doctor and every read is audited', async () => {
    const res = await call(f.doctorId, 'GET', chart.replace('ID', appointmentId));
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toMatchObject({
      firstName: 'Maria',
      lastName: 'Ivanova',
      birthDate: '1990-04-12',
      age: 36,
      gender: 'female',
      countryCode: 'BG',
      city: 'Sofia',
      nationalId: EGN,
      insuranceNumber: null,
    });
    const reads = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'patient_profile.read'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({
      userId: f.doctorId,
      subjectUserId: patientId,
      meta: { appointmentId, reason: 'appointment' },
    });
  });
});

describe('notes and outcomes', () => {
  it('refuses notes and an outcome before the call opens', async () => {
    const notes = await call(f.doctorId, 'PUT', `/api/doctor/appointments/${appointmentId}/notes`, {
      privateNotes: PRIVATE,
      summary: '',
    });
    expect(notes.statusCode).toBe(409);
    expect(notes.json().code).toBe('notesLocked');
    const outcome = await call(
      f.doctorId,
      'PUT',
      `/api/doctor/appointments/${appointmentId}/outcome`,
      { outcome: 'completed' },
    );
    expect(outcome.statusCode).toBe(409);
    expect(outcome.json().code).toBe('appointmentNotStarted');
  });

  it('keeps every version, encrypted, and mails the patient the summary only', async () => {
    clock.advance(START.getTime() - clock().getTime() + 10 * 60_000);
    const first = await call(f.doctorId, 'PUT', `/api/doctor/appointments/${appointmentId}/notes`, {
      privateNotes: PRIVATE,
      summary: '',
    });
    expect(first.statusCode).toBe(200);
    const second = await call(
      f.doctorId,
      'PUT',
      `/api/doctor/appointments/${appointmentId}/notes`,
      {
        privateNotes: `${PRIVATE} Update: pain at rest.`,
        summary: SUMMARY,
      },
    );
    expect(second.statusCode).toBe(200);
    const data = second.json().data;
    expect(data.editable).toBe(true);
    expect(data.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(data.versions[1]).toMatchObject({ privateNotes: PRIVATE, summary: '' });
    expect(data.versions[0]).toMatchObject({ summary: SUMMARY, authorName: 'Elena Petrova' });

    const stored = JSON.stringify(await t.db.select().from(consultationNotes));
    expect(stored).not.toContain('angina');
    expect(stored).not.toContain('ECG');

    const [patient] = await t.db.select().from(users).where(eq(users.id, patientId));
    const mails = await t.mails(patient!.email);
    const summaryMail = mails.find((m) => m.text.includes(SUMMARY));
    expect(summaryMail?.subject).toBe('Your doctor wrote a summary of your consultation');
    for (const mail of mails) expect(mail.text + mail.html).not.toContain('angina');
  });

  it('shows the patient the summary and never the private notes', async () => {
    const own = await call(patientId, 'GET', '/api/appointments');
    expect(own.json().data[0].summary).toBe(SUMMARY);
    const one = await call(patientId, 'GET', `/api/appointments/${appointmentId}`);
    expect(one.json().data.summary).toBe(SUMMARY);
    expect(own.body + one.body).not.toContain('angina');
  });

  it('marks the appointment completed after the start, once, and tells the patient', async () => {
    const url = `/api/doctor/appointments/${appointmentId}/outcome`;
    const res = await call(f.doctorId, 'PUT', url, { outcome: 'completed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'completed', hasNotes: true });
    expect((await call(f.doctorId, 'PUT', url, { outcome: 'completed' })).statusCode).toBe(200);
    const [patient] = await t.db.select().from(users).where(eq(users.id, patientId));
    const thanks = (await t.mails(patient!.email)).filter(
      (m) => m.subject === 'Thank you for your Vizita consultation',
    );
    expect(thanks).toHaveLength(1);
    expect((await call(f.doctorId, 'PUT', url, { outcome: 'cancelled' })).statusCode).toBe(400);
    // A mistaken mark is corrected while the notes are open.
    const corrected = await call(f.doctorId, 'PUT', url, { outcome: 'no_show' });
    expect(corrected.json().data.status).toBe('no_show');
    const own = await call(patientId, 'GET', '/api/appointments');
    expect(own.json()).toMatchObject({ counts: { no_show: 1, completed: 0 } });
  });

  it('locks notes after 7 days and closes the profile after 30', async () => {
    clock.advance(8 * 86_400_000);
    const notes = await call(f.doctorId, 'PUT', `/api/doctor/appointments/${appointmentId}/notes`, {
      privateNotes: 'late',
      summary: '',
    });
    expect(notes.statusCode).toBe(409);
    const read = await call(f.doctorId, 'GET', `/api/doctor/appointments/${appointmentId}/notes`);
    expect(read.json().data.editable).toBe(false);
    expect((await call(f.doctorId, 'GET', chart.replace('ID', appointmentId))).statusCode).toBe(
      200,
    );
    clock.advance(23 * 86_400_000);
    const closed = await call(f.doctorId, 'GET', chart.replace('ID', appointmentId));
    expect(closed.statusCode).toBe(404);
    expect(closed.body).not.toContain(EGN);
  });

  it('never opens a cancelled appointment', async () => {
    const [p] = await f.patients(1);
    const booked = await f.bookPaid(p!.token, '2027-01-05', '11:00');
    await t.db
      .update(appointments)
      .set({ status: 'cancelled' })
      .where(eq(appointments.id, booked.appointmentId));
    const res = await call(f.doctorId, 'GET', chart.replace('ID', booked.appointmentId));
    expect(res.statusCode).toBe(404);
  });
});

describe('edges of the console', () => {
  // Tuesday 2027-01-12, 10:00 and 10:30 in Sofia (UTC+2 in winter).
  const LATER = new Date('2027-01-12T08:00:00Z');
  let visitId: string;
  let cancelledId: string;
  let visitPatientId: string;
  const notesUrl = () => `/api/doctor/appointments/${visitId}/notes`;

  beforeAll(async () => {
    const [p, q] = await f.patients(2, { firstName: 'Petar', lastName: 'Georgiev' });
    visitPatientId = p!.userId;
    visitId = (await f.bookPaid(p!.token, '2027-01-12', '10:00')).appointmentId;
    cancelledId = (await f.bookPaid(q!.token, '2027-01-12', '10:30')).appointmentId;
  });

  it('answers malformed ids with 400 and unknown ones with 404 on every route', async () => {
    const unknown = randomUUID();
    for (const id of ['not-a-uuid', '1', "x' or 1=1 --"]) {
      const base = `/api/doctor/appointments/${encodeURIComponent(id)}`;
      for (const [method, url, body] of [
        ['GET', `${base}/patient`],
        ['GET', `${base}/notes`],
        ['PUT', `${base}/notes`, { summary: 'x' }],
        ['PUT', `${base}/outcome`, { outcome: 'completed' }],
      ] as const) {
        const res = await call(f.doctorId, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().success).toBe(false);
      }
    }
    for (const [method, url, body] of [
      ['GET', `/api/doctor/appointments/${unknown}/patient`],
      ['GET', `/api/doctor/appointments/${unknown}/notes`],
      ['PUT', `/api/doctor/appointments/${unknown}/notes`, { summary: 'x' }],
      ['PUT', `/api/doctor/appointments/${unknown}/outcome`, { outcome: 'no_show' }],
    ] as const) {
      const res = await call(f.doctorId, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ success: false, code: 'appointmentNotFound' });
    }
    const tooLong = await call(f.doctorId, 'PUT', notesUrl(), {
      summary: 'x'.repeat(PATIENT_SUMMARY_MAX + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    const missingDates = await call(f.doctorId, 'GET', '/api/doctor/appointments');
    expect(missingDates.statusCode).toBe(400);
  });

  it('lets the doctor cancel from the console: refunded, and closed to notes and outcomes', async () => {
    const res = await call(f.doctorId, 'PUT', `/api/appointments/${cancelledId}/cancel`, {
      reason: 'The clinic is closed for a training day.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ refund: 'refunded' });
    clock.advance(LATER.getTime() - clock().getTime() + 40 * 60_000);
    const week = await call(
      f.doctorId,
      'GET',
      '/api/doctor/appointments?from=2027-01-11&to=2027-01-17',
    );
    expect(week.json().data.appointments).toEqual([
      expect.objectContaining({ _id: visitId, status: 'upcoming' }),
      expect.objectContaining({
        _id: cancelledId,
        status: 'cancelled',
        cancelledBy: 'doctor',
        cancelReason: 'The clinic is closed for a training day.',
        isJoinable: false,
      }),
    ]);
    const base = `/api/doctor/appointments/${cancelledId}`;
    const save = await call(f.doctorId, 'PUT', `${base}/notes`, { privateNotes: 'no' });
    expect(save.statusCode).toBe(409);
    expect(save.json().code).toBe('notesLocked');
    expect((await call(f.doctorId, 'GET', `${base}/notes`)).statusCode).toBe(404);
    const outcome = await call(f.doctorId, 'PUT', `${base}/outcome`, { outcome: 'completed' });
    expect(outcome.statusCode).toBe(409);
  });

  it('keeps one version per save when two saves race, never a 500', async () => {
    const results = await Promise.all(
      ['first tab', 'second tab', 'third tab'].map((text) =>
        call(f.doctorId, 'PUT', notesUrl(), { privateNotes: `Race from the ${text}.` }),
      ),
    );
    for (const res of results) expect([200, 409]).toContain(res.statusCode);
    expect(results.some((r) => r.statusCode === 200)).toBe(true);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(res.json().code).toBe('notesChanged');
    const rows = await t.db
      .select()
      .from(consultationNotes)
      .where(eq(consultationNotes.appointmentId, visitId));
    const versions = rows.map((r) => r.version).sort();
    expect(versions).toEqual(versions.map((_, i) => i + 1));
    expect(versions).toHaveLength(results.filter((r) => r.statusCode === 200).length);
  });

  it('keeps the text left out, and adds no version for a save that changes nothing', async () => {
    const before = (await call(f.doctorId, 'GET', notesUrl())).json().data;
    const privateNotes = before.versions[0].privateNotes;
    const summary = 'Drink plenty of water and take the tablets twice a day.';
    const res = await call(f.doctorId, 'PUT', notesUrl(), { summary });
    expect(res.statusCode).toBe(200);
    const after = res.json().data;
    expect(after.versions).toHaveLength(before.versions.length + 1);
    expect(after.versions[0]).toMatchObject({ privateNotes, summary });
    const again = await call(f.doctorId, 'PUT', notesUrl(), { privateNotes, summary });
    expect(again.json().data.versions).toHaveLength(after.versions.length);

    const [patient] = await t.db.select().from(users).where(eq(users.id, visitPatientId));
    const mails = (await t.mails(patient!.email)).filter((m) => m.text.includes(summary));
    expect(mails).toHaveLength(1);
    // The appointment's doctor reads the summary on the shared appointment too.
    const shared = await call(f.doctorId, 'GET', `/api/appointments/${visitId}`);
    expect(shared.json().data.summary).toBe(summary);
    expect(shared.body).not.toContain('Race from the');
  });

  it('records a no-show in the audit log and tells the patient', async () => {
    const res = await call(f.doctorId, 'PUT', `/api/doctor/appointments/${visitId}/outcome`, {
      outcome: 'no_show',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('no_show');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'appointment.outcome'));
    expect(
      rows.find((r) => (r.meta as { appointmentId?: string }).appointmentId === visitId),
    ).toMatchObject({
      userId: f.doctorId,
      subjectUserId: visitPatientId,
      meta: { appointmentId: visitId, from: 'upcoming', to: 'no_show' },
    });
    const [patient] = await t.db.select().from(users).where(eq(users.id, visitPatientId));
    const missed = (await t.mails(patient!.email)).filter(
      (m) => m.subject === 'You missed your Vizita appointment',
    );
    expect(missed).toHaveLength(1);
    const own = await call(visitPatientId, 'GET', `/api/appointments/${visitId}`);
    expect(own.json().data.status).toBe('no_show');
    expect(own.body).not.toContain('Race from the');
  });
});
