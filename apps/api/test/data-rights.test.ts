import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, payments, users } from '../src/db/schema.ts';
import { totpAt, totpStep } from '../src/lib/totp.ts';
import { createBookingFixture } from './booking-fixture.ts';
import {
  BULGARIAN_PROFILE,
  createTestApp,
  signUp,
  STRONG_PASSWORD,
  testClock,
  type TestApp,
} from './test-app.ts';

// The patient's rights (GDPR Art. 15, 17, 20; issue #11, ADR 0025): everything Vizita holds in
// one export, who saw the record, and deleting the account with nothing left that identifies
// them outside the invoices the law keeps.

// Monday 2026-11-23 08:00 UTC. Dr. Petrova (Sofia) sees the patient on Tuesday at 10:00 Sofia
// time (08:00Z); a second appointment is on Friday.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const TUESDAY = new Date('2026-11-24T08:00:00Z');

// Words that belong to this patient alone, to look for in every table afterwards.
const FIRST = 'Radostina';
const LAST = 'Zhelyazkova';
const STREET = 'ul. Tsar Samuil 77';
const EGN = BULGARIAN_PROFILE.nationalIdNumber;
const REASON = 'Chest tightness when climbing stairs';
const NOTES = 'Father had a heart attack at 52';
const PRIVATE = 'Probable stable angina, order stress ECG';
const SUMMARY = 'Please book a stress ECG and avoid strain until then.';
const DOC_TITLE = 'Referral for stress ECG';
const DOC = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nReferral stress ECG\n');
const FOLLOW_UP_NOTE = 'Come back with the stress ECG results';
const SICK_FROM = '2026-11-24';
const SICK_TO = '2026-11-25';

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let patient: Awaited<ReturnType<typeof signUp>>;
let doctorToken: string;
let patientToken: string;
let past: string;
let upcoming: string;

const as = (
  token: string | undefined,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  patient = await signUp(t, 'radostina.zh@example.bg');
  await t.db
    .update(users)
    .set({ firstName: FIRST, lastName: LAST })
    .where(eq(users.id, patient.userId));
  const profile = await as(patient.accessToken, 'PUT', '/auth/complete-profile', {
    ...BULGARIAN_PROFILE,
    firstName: FIRST,
    lastName: LAST,
    address: STREET,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const book = async (date: string, extra: object = {}) => {
    const res = await f.book(patient.accessToken, { date, slot: '10:00', ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const { appointmentId, sessionId } = res.json().data;
    await f.pay(sessionId);
    return appointmentId as string;
  };
  past = await book('2026-11-24', { reason: REASON, notes: NOTES });
  upcoming = await book('2026-11-27');

  // Tuesday, ten minutes into the call: the doctor reads the profile, writes, shares, completes.
  clock.advance(TUESDAY.getTime() - clock().getTime() + 10 * 60_000);
  doctorToken = (await f.signIn(f.doctorId)).token;
  // A day later the sign-up's access token has long expired: the browser would have renewed it.
  patientToken = (await f.signIn(patient.userId)).token;
  expect(
    (await as(doctorToken, 'GET', `/api/doctor/appointments/${past}/patient`)).statusCode,
  ).toBe(200);
  const notes = await as(doctorToken, 'PUT', `/api/doctor/appointments/${past}/notes`, {
    privateNotes: PRIVATE,
    summary: SUMMARY,
  });
  expect(notes.statusCode, notes.body).toBe(200);
  const shared = await t.app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${past}/documents?${new URLSearchParams({ title: DOC_TITLE, fileName: 'referral.pdf' }).toString()}`,
    headers: { authorization: `Bearer ${doctorToken}`, 'content-type': 'application/pdf' },
    payload: DOC,
  });
  expect(shared.statusCode, shared.body).toBe(201);
  // …and proposes a follow-up visit in about two weeks, with a note (issue #20).
  const followUp = await as(doctorToken, 'POST', `/api/doctor/appointments/${past}/follow-ups`, {
    suggestedWeeks: 2,
    note: FOLLOW_UP_NOTE,
  });
  expect(followUp.statusCode, followUp.body).toBe(201);
  // …and writes her a sick note for two days (issue #21).
  const sickNote = await as(
    doctorToken,
    'POST',
    `/api/doctor/appointments/${past}/clinical-documents`,
    { kind: 'sick-note', content: { start: SICK_FROM, end: SICK_TO, certificate: 'first' } },
  );
  expect(sickNote.statusCode, sickNote.body).toBe(201);
  await t.app.backgroundWork.settled();
});
afterAll(() => t.close());

describe('the export (Art. 15 and 20)', () => {
  it('holds everything about the patient, decrypted for them, and is audited', async () => {
    const res = await as(patientToken, 'GET', '/api/privacy/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const data = res.json().data;
    expect(data.account).toMatchObject({
      email: 'radostina.zh@example.bg',
      firstName: FIRST,
      lastName: LAST,
      twoFactorEnabled: false,
    });
    expect(data.profile).toMatchObject({ nationalId: EGN, street: STREET, countryCode: 'BG' });
    const visit = data.appointments.find((a: { id: string }) => a.id === past);
    expect(visit).toMatchObject({
      doctor: 'Elena Petrova',
      reason: REASON,
      notes: NOTES,
      summary: SUMMARY,
      price: { amountMinor: expect.any(Number), currency: 'EUR' },
    });
    // The doctor's private notes are the doctor's working record, not shown to the patient.
    expect(JSON.stringify(data)).not.toContain(PRIVATE);
    expect(visit.documents).toHaveLength(1);
    expect(visit.documents[0]).toMatchObject({ title: DOC_TITLE, fileName: 'referral.pdf' });
    expect(Buffer.from(visit.documents[0].contentBase64, 'base64')).toEqual(DOC);
    expect(data.payments).toHaveLength(2);
    expect(data.payments[0]).toMatchObject({
      status: 'completed',
      invoices: [{ kind: 'invoice' }],
    });
    expect(data.consents.map((c: { document: string }) => c.document).sort()).toEqual([
      'privacy',
      'terms',
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(data.accessLog).toContainEqual({
      at: expect.any(String),
      event: 'patient_profile.read',
      actor: { name: 'Elena Petrova', role: 'doctor' },
    });
    expect(data.activity.map((a: { event: string }) => a.event)).toContain('auth.login');
    // What her bell told her (issue #20): the confirmations and the shared document.
    expect(data.notifications.items.map((n: { kind: string }) => n.kind)).toEqual(
      expect.arrayContaining(['bookingConfirmed', 'documentShared']),
    );
    expect(JSON.stringify(data.notifications)).not.toContain(DOC_TITLE);
    expect(data.followUpProposals).toEqual([
      expect.objectContaining({
        appointmentId: past,
        doctor: 'Elena Petrova',
        suggestedWeeks: 2,
        note: FOLLOW_UP_NOTE,
        state: 'open',
        price: { amountMinor: expect.any(Number), currency: 'EUR' },
      }),
    ]);

    expect(data.clinicalDocuments).toEqual([
      expect.objectContaining({
        appointmentId: past,
        kind: 'sick-note',
        version: 1,
        content: { start: SICK_FROM, end: SICK_TO, certificate: 'first' },
        shortCode: expect.stringMatching(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/),
        revokedAt: null,
      }),
    ]);

    const [exported] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'privacy.data_exported'));
    expect(exported).toMatchObject({ userId: patient.userId, subjectUserId: patient.userId });
  });

  it('is limited to ten an hour', async () => {
    const other = await signUp(t);
    for (let i = 0; i < 10; i++)
      expect((await as(other.accessToken, 'GET', '/api/privacy/export')).statusCode).toBe(200);
    const eleventh = await as(other.accessToken, 'GET', '/api/privacy/export');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('exportRateLimited');
  });
});

describe('who saw my data', () => {
  it('lists the doctor’s read of the health profile, by name and role', async () => {
    const res = await as(patientToken, 'GET', '/api/privacy/access-log');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({
      at: expect.any(String),
      event: 'patient_profile.read',
      actor: { name: 'Elena Petrova', role: 'doctor' },
    });
  });
});

describe('the patient’s rights are the patient’s', () => {
  it('refuses the signed-out (401) and doctors and admins (403)', async () => {
    const [admin] = await f.patients(1, { isAdmin: true });
    for (const [method, url, payload] of [
      ['GET', '/api/privacy/export'],
      ['GET', '/api/privacy/access-log'],
      ['POST', '/api/privacy/delete-account', { password: 'Doctor-2026!' }],
    ] as const) {
      expect((await as(undefined, method, url, payload)).statusCode).toBe(401);
      expect((await as(doctorToken, method, url, payload)).statusCode).toBe(403);
      expect((await as(admin!.token, method, url, payload)).statusCode).toBe(403);
    }
    // The doctor is still there.
    expect(
      (await t.db.select().from(users).where(eq(users.id, f.doctorId)))[0]!.erasedAt,
    ).toBeNull();
  });
});

describe('deleting the account (Art. 17)', () => {
  it('asks for the password, then the code when two-factor sign-in is on', async () => {
    const other = await signUp(t);
    const wrong = await as(other.accessToken, 'POST', '/api/privacy/delete-account', {
      password: 'Wrong-2026!',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('currentPasswordIncorrect');

    const setup = await as(other.accessToken, 'POST', '/auth/two-factor/setup', {
      password: STRONG_PASSWORD,
    });
    const { secret } = setup.json().data;
    const code = (steps = 0) => totpAt(secret, totpStep(clock()) + steps);
    await as(other.accessToken, 'POST', '/auth/two-factor/enable', { code: code() });
    const noCode = await as(other.accessToken, 'POST', '/api/privacy/delete-account', {
      password: STRONG_PASSWORD,
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().code).toBe('twoFactorCodeNeeded');
    expect((await t.userByEmail(other.email))?.erasedAt).toBeNull();

    clock.advance(30_000);
    const done = await as(other.accessToken, 'POST', '/api/privacy/delete-account', {
      password: STRONG_PASSWORD,
      code: code(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await t.userByEmail(other.email)).toBeUndefined();
  });

  it('limits password guesses', async () => {
    const other = await signUp(t);
    const guess = () =>
      as(other.accessToken, 'POST', '/api/privacy/delete-account', { password: 'Guess-2026!' });
    for (let i = 0; i < 5; i++) expect((await guess()).statusCode).toBe(400);
    expect((await guess()).statusCode).toBe(429);
  });

  it('cancels what is upcoming with its refund, tells the doctor, and leaves nothing that identifies the patient', async () => {
    const res = await as(patientToken, 'POST', '/api/privacy/delete-account', {
      password: STRONG_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.cookies.find((c) => c.name === 'vizita_rt')?.value).toBe('');
    await t.app.backgroundWork.settled();

    // Friday's appointment: cancelled by the patient more than 24 h ahead, so refunded in full.
    const [friday] = await t.db.select().from(appointments).where(eq(appointments.id, upcoming));
    expect(friday).toMatchObject({ status: 'cancelled', cancelledBy: 'patient' });
    const [fridayPayment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, upcoming));
    expect(fridayPayment!.status).toBe('refunded');
    const doctorMails = await t.mails(f.doctorEmail);
    expect(doctorMails.some((m) => /cancel/i.test(m.subject))).toBe(true);

    // The past visit stays as the payment's service, without a word about health.
    const [tuesday] = await t.db.select().from(appointments).where(eq(appointments.id, past));
    expect(tuesday).toMatchObject({ reasonEncrypted: null, notesEncrypted: null });

    // Nothing that identifies her or says anything about her health, in any table — but the
    // invoices, which the law keeps as they were issued (ADR 0025).
    const tables = await t.tableDumps();
    tables.delete('invoices');
    // The development outbox stands in for the recipients' mailboxes: what was mailed to the
    // doctor is the doctor's (in production it left through SMTP). Mail to her is gone.
    const outbox = JSON.parse(tables.get('mail_outbox') || '[]') as { to: string }[];
    expect(outbox.filter((m) => m.to === 'radostina.zh@example.bg')).toEqual([]);
    tables.set('mail_outbox', JSON.stringify(outbox.filter((m) => m.to !== f.doctorEmail)));
    for (const secret of [
      'radostina.zh@example.bg',
      FIRST,
      LAST,
      STREET,
      EGN,
      DOC_TITLE,
      'referral.pdf',
    ])
      expect(
        [...tables].filter(([, rows]) => rows.includes(secret)).map(([table]) => table),
        `"${secret}" is still stored`,
      ).toEqual([]);
    // Encrypted texts are gone too, not just unreadable: no notes or documents remain.
    expect(tables.get('consultation_notes')).toBe('');
    expect(tables.get('appointment_documents')).toBe('');
    expect(tables.get('follow_up_proposals')).toBe('');
    expect(tables.get('clinical_documents')).toBe('');
    expect(tables.get('clinical_document_versions')).toBe('');
    // Her bell is gone; what her doctor was told about her keeps no name (issue #20).
    expect(tables.get('notifications')).not.toContain(patient.userId);
    expect(tables.get('notification_preferences')).not.toContain(patient.userId);

    // She cannot sign in any more, and her session is gone.
    const login = await as(undefined, 'POST', '/auth/login', {
      email: 'radostina.zh@example.bg',
      password: STRONG_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    expect((await as(patientToken, 'GET', '/api/privacy/export')).statusCode).toBe(401);

    // The address can register again, as a new account.
    const again = await signUp(t, 'radostina.zh@example.bg');
    expect(again.userId).not.toBe(patient.userId);
  });
});
