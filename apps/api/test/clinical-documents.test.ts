import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, clinicalDocumentVersions, issuedDocuments } from '../src/db/schema.ts';
import { createBookingFixture, type FixtureCaller } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Prescriptions, sick notes and referrals (issue #21): the consultation's doctor issues them, the
// patient and that doctor read them and their PDFs, anyone else gets 404; a sick note keeps to
// the video-consultation rule; a correction is a new, newly signed version; a revocation shows on
// the public verification. Monday 2026-11-23 08:00 UTC; Dr. Petrova (Sofia, UTC+2) sees the
// patient on Tuesday 2026-11-24 at 10:00 Sofia time (08:00Z).

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const TUESDAY_CALL = new Date('2026-11-24T08:05:00Z');
const setClock = (at: Date) => clock.advance(at.getTime() - clock().getTime());

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let consultation: string;

type Caller = FixtureCaller | null;
const caller = (userId: string): FixtureCaller => f.caller(userId);
let patient: NonNullable<Caller>;
let stranger: NonNullable<Caller>;
let doctor: NonNullable<Caller>;
let otherDoctor: NonNullable<Caller>;
let admin: NonNullable<Caller>;
const signedOut: Caller = null;

const as: (typeof f)['as'] = (...args) => f.as(...args);

const PRESCRIPTION = {
  kind: 'prescription',
  content: {
    items: [
      {
        atc: 'M01AE01',
        medicine: 'Ibuprofen',
        strength: '400 mg',
        form: 'film-coated-tablet',
        dosage: '1 tablet up to three times a day',
        quantity: '1 pack of 20 tablets',
        instructions: 'Take with food.',
      },
    ],
  },
} as const;
const sickNote = (start: string, end: string, certificate = 'first') => ({
  kind: 'sick-note',
  content: { start, end, certificate },
});
const REFERRAL = {
  kind: 'referral',
  content: {
    specialty: 'dermatology',
    urgency: 'soon',
    question: 'Persistent rash on the forearm.',
  },
} as const;

const issue = (who: Caller, body: object, id = consultation) =>
  as(who, 'POST', `/api/doctor/appointments/${id}/clinical-documents`, body);
const list = (who: Caller, id = consultation) =>
  as(who, 'GET', `/api/appointments/${id}/clinical-documents`);
const pdf = (who: Caller, id: string, language?: string) =>
  as(
    who,
    'GET',
    `/api/clinical-documents/${id}/pdf${language ? `?language=${encodeURIComponent(language)}` : ''}`,
  );

async function pdfText(bytes: Buffer) {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  // Lines wrap where the page ends them: the words are compared, not the line breaks.
  return text.replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  // A patient with a real profile: the PDF prints her name and birth date.
  patient = await f.patientWithProfile();
  const [s] = await f.patients(1);
  stranger = caller(s!.userId);
  consultation = (await f.bookPaid(await patient.token, '2026-11-24', '10:00')).appointmentId;
  doctor = caller(f.doctorId);
  const staff = await f.otherStaff();
  otherDoctor = caller(staff.otherDoctorId);
  admin = caller(staff.adminId);
});
afterAll(() => t.close());

describe('issuing', () => {
  it('waits until the call has opened', async () => {
    const res = await issue(doctor, PRESCRIPTION);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('clinicalDocumentNotIssuable');
  });

  it('is for the consultation’s own doctor only', async () => {
    setClock(TUESDAY_CALL);
    for (const [who, status] of [
      [patient, 403],
      [stranger, 403],
      [otherDoctor, 404],
      [admin, 403],
      [signedOut, 401],
    ] as const)
      expect((await issue(who, PRESCRIPTION)).statusCode).toBe(status);
  });

  it('issues a prescription, registered for verification, and tells the patient without a health word', async () => {
    const res = await issue(doctor, PRESCRIPTION);
    expect(res.statusCode, res.body).toBe(201);
    const document = res.json().data;
    expect(document).toMatchObject({
      kind: 'prescription',
      version: 1,
      revokedAt: null,
      content: PRESCRIPTION.content,
      doctor: { _id: f.doctorId },
    });
    expect(document.verification.url).toMatch(new RegExp(`/verify/${document.verification.id}$`));
    const check = await t.app.inject(`/api/verify/${document.verification.id}`);
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toMatchObject({
      authentic: true,
      kind: 'prescription',
      revoked: false,
    });
    // The public answer names no medicine.
    expect(check.body).not.toMatch(/Ibuprofen|M01AE01|tablet/i);
    const bell = (await as(patient, 'GET', '/api/notifications')).json().data.items;
    expect(bell[0]).toMatchObject({ kind: 'documentShared' });
    expect(JSON.stringify(bell)).not.toMatch(/Ibuprofen|prescription/i);
  });

  it('refuses what the contract does not allow', async () => {
    for (const body of [
      { kind: 'prescription', content: { items: [] } },
      {
        kind: 'prescription',
        content: { items: [{ ...PRESCRIPTION.content.items[0], medicine: '' }] },
      },
      { kind: 'referral', content: { ...REFERRAL.content, specialty: 'astrology' } },
      {
        kind: 'sick-note',
        content: { start: '2026-02-30', end: '2026-03-01', certificate: 'first' },
      },
      { kind: 'diagnosis', content: {} },
    ])
      expect((await issue(doctor, body)).statusCode).toBe(400);
  });
});

describe('a sick note after a video consultation', () => {
  it('covers at most 3 days for a patient new to the practice, and explains why not', async () => {
    const tooLong = await issue(doctor, sickNote('2026-11-24', '2026-11-27'));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe('sickNoteTooLong');
    const followUp = await issue(doctor, sickNote('2026-11-24', '2026-11-25', 'follow-up'));
    expect(followUp.json().code).toBe('sickNoteFollowUpNeedsKnownPatient');
    const early = await issue(doctor, sickNote('2026-11-20', '2026-11-21'));
    expect(early.json().code).toBe('sickNoteStartTooEarly');
    const ok = await issue(doctor, sickNote('2026-11-24', '2026-11-26'));
    expect(ok.statusCode, ok.body).toBe(201);
    const check = await t.app.inject(`/api/verify/${ok.json().data.verification.id}`);
    expect(check.json().data).toMatchObject({ validFrom: '2026-11-24', validUntil: '2026-11-26' });
  });

  it('covers up to 7 days once the patient had a completed visit at the clinic', async () => {
    // The same patient, a second consultation a week later, after the first was completed.
    const second = (await f.bookPaid(await patient.token, '2026-12-01', '10:00')).appointmentId;
    setClock(new Date('2026-11-24T09:00:00Z'));
    await t.app.backgroundWork.tick();
    setClock(new Date('2026-12-01T08:05:00Z'));
    const week = await issue(doctor, sickNote('2026-12-01', '2026-12-07'), second);
    expect(week.statusCode, week.body).toBe(201);
    const eight = await issue(doctor, sickNote('2026-12-01', '2026-12-08'), second);
    expect(eight.json().code).toBe('sickNoteTooLong');
    setClock(TUESDAY_CALL);
  });
});

describe('reading', () => {
  it('lists an appointment’s documents to its patient and its doctor only; the doctor’s read audited', async () => {
    for (const [who, status] of [
      [patient, 200],
      [doctor, 200],
      [stranger, 404],
      [otherDoctor, 404],
      [admin, 404],
      [signedOut, 401],
    ] as const)
      expect((await list(who)).statusCode).toBe(status);
    const documents = (await list(patient)).json().data;
    expect(documents.map((d: { kind: string }) => d.kind)).toEqual(['prescription', 'sick-note']);
    const reads = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'clinical_document.read'));
    expect(reads.length).toBeGreaterThan(0);
    expect(reads.every((r) => r.userId === f.doctorId && r.subjectUserId === patient.userId)).toBe(
      true,
    );
  });

  it('renders the PDF in the reader’s language, or in Bulgarian and German, with the fonts to read it back', async () => {
    const [prescription] = (await list(patient)).json().data;
    for (const [who, status] of [
      [stranger, 404],
      [otherDoctor, 404],
      [admin, 404],
      [signedOut, 401],
    ] as const)
      expect((await pdf(who, prescription._id, 'de')).statusCode).toBe(status);
    const german = await pdf(patient, prescription._id, 'de');
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(german.rawPayload);
    expect(text).toContain('Privatrezept');
    expect(text).toContain('Maria Ivanova');
    expect(text).toContain('Ibuprofen 400 mg');
    expect(text).toContain('kein E-Rezept');
    expect(text).toContain(prescription.verification.shortCode);
    const both = await pdfText((await pdf(patient, prescription._id, 'bg+de')).rawPayload);
    expect(both).toContain('Частна рецепта / Privatrezept');
    expect(both).toContain('филмирани таблетки / Filmtabletten');
  });
});

describe('a correction and a revocation', () => {
  it('keeps the first version, signs the new one, and says on the old one’s page that it was replaced', async () => {
    const [prescription] = (await list(patient)).json().data;
    const corrected = {
      kind: 'prescription',
      content: {
        items: [{ ...PRESCRIPTION.content.items[0], strength: '600 mg' }],
      },
    };
    for (const who of [otherDoctor, stranger, admin])
      expect(
        (await as(who, 'PUT', `/api/doctor/clinical-documents/${prescription._id}`, corrected))
          .statusCode,
      ).not.toBe(200);
    const res = await as(
      doctor,
      'PUT',
      `/api/doctor/clinical-documents/${prescription._id}`,
      corrected,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 2, content: corrected.content });
    expect(res.json().data.verification.id).not.toBe(prescription.verification.id);
    const old = await t.app.inject(`/api/verify/${prescription.verification.id}`);
    expect(old.json().data).toMatchObject({ authentic: true, revoked: true });
    const versions = await t.db
      .select()
      .from(clinicalDocumentVersions)
      .where(eq(clinicalDocumentVersions.documentId, prescription._id));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
  });

  it('is revoked through its registration by its doctor; the verification page then says so', async () => {
    const [prescription] = (await list(patient)).json().data;
    const revoke = (who: Caller) =>
      as(who, 'POST', `/api/doctor/documents/${prescription.verification.id}/revoke`, {
        reason: 'Issued for the wrong patient.',
      });
    expect((await revoke(otherDoctor)).statusCode).toBe(404);
    expect((await revoke(patient)).statusCode).toBe(403);
    expect((await revoke(stranger)).statusCode).toBe(403);
    expect((await revoke(signedOut)).statusCode).toBe(401);
    const res = await revoke(doctor);
    expect(res.statusCode, res.body).toBe(200);
    const [revoked] = (await list(patient)).json().data;
    expect(revoked.revokedAt).not.toBeNull();
    const page = await t.app.inject(`/api/verify/${prescription.verification.id}`);
    expect(page.json().data).toMatchObject({ revoked: true });
    expect(page.body).not.toContain('wrong patient');
    // A revoked document is not corrected any more; its PDF says it was revoked.
    const correction = await as(
      doctor,
      'PUT',
      `/api/doctor/clinical-documents/${prescription._id}`,
      {
        ...PRESCRIPTION,
      },
    );
    expect(correction.json().code).toBe('clinicalDocumentRevoked');
    const text = await pdfText((await pdf(patient, prescription._id, 'en')).rawPayload);
    expect(text).toContain('This document was revoked by the doctor.');
  });

  it('fails verification when a byte of the signed content changes in the database', async () => {
    const [, note] = (await list(patient)).json().data;
    const check = () => t.app.inject(`/api/verify/${note.verification.id}`);
    expect((await check()).json().data.authentic).toBe(true);
    const [row] = await t.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.id, note.verification.id));
    const tampered = row!.contentHash.replace(/^./, (c) => (c === '0' ? '1' : '0'));
    await t.db
      .update(issuedDocuments)
      .set({ contentHash: tampered })
      .where(eq(issuedDocuments.id, note.verification.id));
    expect((await check()).json().data.authentic).toBe(false);
    await t.db
      .update(issuedDocuments)
      .set({ contentHash: row!.contentHash })
      .where(eq(issuedDocuments.id, note.verification.id));
  });
});

describe('the summary for the patient', () => {
  const saveSummary = (summary: string) =>
    as(doctor, 'PUT', `/api/doctor/appointments/${consultation}/notes`, { summary });
  const card = async () =>
    (await as(patient, 'GET', `/api/appointments/${consultation}`)).json().data;
  const verify = (url: string) => t.app.inject(`/api/verify/${url.split('/').pop()}`);

  it('is a visit summary anyone can verify, without reading what it says', async () => {
    expect((await saveSummary('Rest the back; ibuprofen for three days.')).statusCode).toBe(200);
    const { summaryVerification } = await card();
    expect(summaryVerification.shortCode).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    const check = await verify(summaryVerification.url);
    expect(check.statusCode).toBe(200);
    expect(check.json().data).toMatchObject({
      authentic: true,
      kind: 'visit-summary',
      revoked: false,
    });
    expect(check.body).not.toMatch(/ibuprofen|Rest the back|Maria/i);
    const mail = (await t.mails()).find((m) => m.text.includes('Rest the back'))!;
    expect(mail.text).toContain(summaryVerification.shortCode);
  });

  it('prints as a PDF for the patient and her doctor only, with its code, in German', async () => {
    const summaryPdf = (who: Caller, language = 'de') =>
      as(
        who,
        'GET',
        `/api/appointments/${consultation}/summary/pdf?language=${encodeURIComponent(language)}`,
      );
    const res = await summaryPdf(patient);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Behandlungsbericht');
    expect(text).toContain('Rest the back; ibuprofen for three days.');
    expect(text).toContain('Maria Ivanova');
    expect(text).toContain((await card()).summaryVerification.shortCode);
    expect(text).toContain('kein ärztliches Attest');
    expect((await summaryPdf(doctor, 'bg+de')).statusCode).toBe(200);
    for (const who of [stranger, otherDoctor, admin])
      expect((await summaryPdf(who)).statusCode).toBe(404);
    expect((await summaryPdf(signedOut)).statusCode).toBe(401);
  });

  it('a corrected summary is verified anew, and the one it replaces says revoked', async () => {
    const before = (await card()).summaryVerification;
    expect((await saveSummary('Rest the back; ibuprofen for five days.')).statusCode).toBe(200);
    const after = (await card()).summaryVerification;
    expect(after.shortCode).not.toBe(before.shortCode);
    expect((await verify(before.url)).json().data).toMatchObject({ revoked: true });
    expect((await verify(after.url)).json().data).toMatchObject({
      authentic: true,
      revoked: false,
    });
    // Emptied: nothing left to verify, and the last one is revoked.
    expect((await saveSummary('')).statusCode).toBe(200);
    expect((await card()).summaryVerification).toBeNull();
    expect((await verify(after.url)).json().data).toMatchObject({ revoked: true });
    const none = await as(patient, 'GET', `/api/appointments/${consultation}/summary/pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('visitSummaryNotFound');
  });
});

describe('at rest', () => {
  it('keeps the content encrypted: no medicine, question or name in the documents or their registrations', async () => {
    const dump = JSON.stringify([
      await t.db.select().from(clinicalDocumentVersions),
      await t.db.select().from(issuedDocuments),
    ]);
    expect(dump).not.toMatch(
      /Ibuprofen|M01AE01|Persistent rash|film-coated|Maria|Ivanova|1990-04-12/,
    );
  });
});
