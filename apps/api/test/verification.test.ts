import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { auditLog, invoices, issuedDocuments, payments } from '../src/db/schema.ts';
import { createDocumentSigner, parseSigningKey } from '../src/lib/document-signing.ts';
import { createFieldEncryption } from '../src/lib/field-encryption.ts';
import { createIssuedDocuments } from '../src/modules/verification/issued-documents.ts';
import { VERIFY_CHECKS_PER_MINUTE } from '../src/modules/verification/service.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, TEST_ENCRYPTION_KEY, testClock, type TestApp } from './test-app.ts';

// Documents anyone can verify (issue #21 §3, ADR 0037): invoices and credit notes registered as
// they are issued, the public check, tampering, what the answer leaves out, and revocation.

// Monday 2026-11-23, 08:00 UTC; Dr. Petrova works Mon–Fri 09:00–17:00 Sofia time.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const SIGNING_KEY = Buffer.alloc(32, 9).toString('base64');
const ENV = {
  CLINIC_NAME: 'MVZ Telemedizin Berlin GmbH',
  CLINIC_ADDRESS: 'Friedrichstraße 100; 10117 Berlin; Deutschland',
  CLINIC_TAX_ID: '27/123/45678',
  CLINIC_COUNTRY: 'DE',
  CLINIC_EMAIL: 'praxis@mvz-telemedizin.test',
  CLINIC_PHONE: '+49 30 1234567',
  DOCUMENT_SIGNING_KEY: SIGNING_KEY,
};

type Answer = {
  success: true;
  data: {
    id: string;
    shortCode: string;
    kind: string;
    authentic: boolean;
    validity: string;
    validFrom: string;
    validUntil: string | null;
    revoked: boolean;
    revokedAt: string | null;
    doctor: { name: string } | null;
    clinic: { name: string };
  };
};

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let staff: { otherDoctorId: string; adminId: string };
/** The register as another module holds it: same key and database as the app's. */
let register: ReturnType<typeof createIssuedDocuments>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: ENV });
  f = await createBookingFixture(t);
  staff = await f.otherStaff();
  register = createIssuedDocuments({
    db: t.db,
    clock,
    signer: createDocumentSigner(parseSigningKey(SIGNING_KEY)),
    clinic: loadConfig({ NODE_ENV: 'test', ...ENV }).clinic,
    appUrl: 'http://vizita.test',
    encryption: createFieldEncryption(TEST_ENCRYPTION_KEY),
  });
});
afterAll(() => t.close());

const check = (idOrCode: string, token?: string, ip = '192.0.2.1') =>
  t.app.inject({
    url: `/api/verify/${encodeURIComponent(idOrCode)}`,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const revoke = (id: string, token: string | undefined, reason: unknown = 'Issued in error.') =>
  t.app.inject({
    method: 'POST',
    url: `/api/doctor/documents/${id}/revoke`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { reason },
  });
const registrationOf = async (sourceId: string) =>
  (await t.db.select().from(issuedDocuments).where(eq(issuedDocuments.sourceId, sourceId)))[0]!;

/** A paid booking of a new patient on `date`; answers the patient, payment and its invoice. */
async function paidBooking(date: string, slot = '09:00') {
  const [p] = await f.patients(1, { firstName: 'Lena', lastName: 'Schäfer', locale: 'de' });
  const { appointmentId } = await f.bookPaid(p!.token, date, slot);
  const [payment] = await t.db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId));
  const [invoice] = await t.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.paymentId, payment!.id), eq(invoices.kind, 'invoice')));
  return { patient: p!, appointmentId, payment: payment!, invoice: invoice! };
}

/** A prescription as the clinical documents would register it, with health details in it. */
async function prescription(patientId: string, appointmentId: string | null = null) {
  const content = {
    items: [{ medicine: 'Sertralin 50 mg Filmtabletten', atc: 'N06AB06', dosage: '1-0-0' }],
    diagnosis: 'F32.1 Mittelgradige depressive Episode',
    patient: { name: 'Lena Schäfer', birthDate: '1988-03-14', insurance: 'A123456780' },
  };
  const ref = await t.db.transaction((tx) =>
    register.issueDocument(tx, {
      kind: 'prescription',
      sourceId: randomUUID(),
      patientId,
      doctorId: f.doctorId,
      appointmentId,
      validFrom: '2026-11-23',
      validUntil: '2027-02-23',
      content,
    }),
  );
  return { ref, content };
}

describe('invoices and credit notes', () => {
  it('registers an invoice as it is issued; its id and its short code check as authentic', async () => {
    const { invoice } = await paidBooking('2026-12-01');
    const row = await registrationOf(invoice.id);
    expect(row).toMatchObject({ kind: 'invoice', validUntil: null, revokedAt: null });
    expect(row.shortCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    const byId = await check(row.id);
    expect(byId.statusCode).toBe(200);
    expect(byId.headers['cache-control']).toBe('no-store');
    expect(byId.json<Answer>().data).toMatchObject({
      id: row.id,
      shortCode: `${row.shortCode.slice(0, 5)}-${row.shortCode.slice(5)}`,
      kind: 'invoice',
      authentic: true,
      validity: 'current',
      validFrom: '2026-11-23',
      validUntil: null,
      revoked: false,
      revokedAt: null,
      doctor: { name: 'Dr. Elena Petrova' },
      clinic: { name: 'MVZ Telemedizin Berlin GmbH' },
    });
    // Typed from paper: lower case, a space instead of the hyphen, an O for a 0 …
    const typed = `${row.shortCode.slice(0, 5)} ${row.shortCode.slice(5)}`
      .toLowerCase()
      .replace(/0/g, 'o');
    expect((await check(typed)).json<Answer>()).toEqual(byId.json<Answer>());
  });

  it('prints the QR code and the short code on the invoice PDF, and registers the credit note', async () => {
    const { patient, appointmentId, payment, invoice } = await paidBooking('2026-12-02');
    const row = await registrationOf(invoice.id);
    const pdf = await t.app.inject({
      url: `/receipts/${payment.id}/invoice.pdf`,
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdf.rawPayload.toString('latin1');
    expect(text).toContain(`${row.shortCode.slice(0, 5)}-${row.shortCode.slice(5)}`);

    const cancel = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/cancel`,
      headers: { authorization: `Bearer ${patient.token}` },
      payload: { reason: 'Ich bin wieder gesund, danke.', cancelledBy: 'patient' },
    });
    expect(cancel.statusCode).toBe(200);
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.paymentId, payment.id), eq(invoices.kind, 'credit_note')));
    const noteRow = await registrationOf(note!.id);
    expect((await check(noteRow.id)).json<Answer>().data).toMatchObject({
      kind: 'credit-note',
      authentic: true,
    });
  });

  it('registers an invoice issued before registrations existed when its PDF is first made', async () => {
    const { patient, payment, invoice } = await paidBooking('2026-12-03');
    await t.db.delete(issuedDocuments).where(eq(issuedDocuments.sourceId, invoice.id));
    const pdf = await t.app.inject({
      url: `/receipts/${payment.id}/invoice.pdf`,
      headers: { authorization: `Bearer ${patient.token}` },
    });
    expect(pdf.statusCode).toBe(200);
    const row = await registrationOf(invoice.id);
    expect((await check(row.id)).json<Answer>().data.authentic).toBe(true);
  });
});

describe('a changed byte', () => {
  it('in the registered hash, the signature, a date or the invoice itself: not authentic', async () => {
    const { invoice } = await paidBooking('2026-12-04');
    const row = await registrationOf(invoice.id);
    const authentic = async () => (await check(row.id)).json<Answer>().data.authentic;
    expect(await authentic()).toBe(true);

    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith('0') ? '1' : '0'}`;
    const tamper = async (values: Partial<typeof issuedDocuments.$inferInsert>) => {
      await t.db.update(issuedDocuments).set(values).where(eq(issuedDocuments.id, row.id));
      const result = await authentic();
      await t.db.update(issuedDocuments).set(row).where(eq(issuedDocuments.id, row.id));
      return result;
    };
    expect(await tamper({ contentHash: flip(row.contentHash) })).toBe(false);
    expect(
      await tamper({
        signature: `${row.signature.startsWith('A') ? 'B' : 'A'}${row.signature.slice(1)}`,
      }),
    ).toBe(false);
    expect(await tamper({ validUntil: '2099-12-31' })).toBe(false);
    expect(await tamper({ issuer: { ...row.issuer, doctorName: 'Dr. Someone Else' } })).toBe(false);
    expect(await tamper({ keyId: '0000000000000000' })).toBe(false);
    expect(await authentic()).toBe(true);

    // The invoice's own row, one character of the amount: its re-read content no longer hashes.
    await t.db
      .update(invoices)
      .set({ amountMinor: invoice.amountMinor + 1 })
      .where(eq(invoices.id, invoice.id));
    expect(await authentic()).toBe(false);
    await t.db
      .update(invoices)
      .set({ amountMinor: invoice.amountMinor })
      .where(eq(invoices.id, invoice.id));
    expect(await authentic()).toBe(true);
  });

  it('in content handed to verifyDocument: not authentic', async () => {
    const [p] = await f.patients(1);
    const { ref, content } = await prescription(p!.userId);
    expect((await register.verifyDocument(ref.id, content))?.authentic).toBe(true);
    const changed = structuredClone(content);
    changed.items[0]!.medicine = 'Sertralin 100 mg Filmtabletten';
    expect((await register.verifyDocument(ref.id, changed))?.authentic).toBe(false);
    // Key order is not content: the canonical form (RFC 8785) is the same.
    const reordered = {
      patient: content.patient,
      diagnosis: content.diagnosis,
      items: content.items,
    };
    expect((await register.verifyDocument(ref.shortCode, reordered))?.authentic).toBe(true);
  });
});

describe('the public answer', () => {
  it('names the document, its doctor and clinic, and nothing about the patient or their health', async () => {
    const { patient, appointmentId } = await paidBooking('2026-12-07');
    const { ref } = await prescription(patient.userId, appointmentId);
    const res = await check(ref.id);
    expect(res.statusCode).toBe(200);
    const body = res.body;
    const answer = res.json<Answer>().data;
    expect(Object.keys(answer).sort()).toEqual(
      [
        'authentic',
        'clinic',
        'doctor',
        'id',
        'issuedAt',
        'kind',
        'revoked',
        'revokedAt',
        'shortCode',
        'validFrom',
        'validUntil',
        'validity',
      ].sort(),
    );
    expect(answer).toMatchObject({
      kind: 'prescription',
      authentic: true,
      validFrom: '2026-11-23',
      validUntil: '2027-02-23',
      doctor: { name: 'Dr. Elena Petrova' },
    });
    for (const secret of [
      'Sertralin',
      'N06AB06',
      'F32',
      'depressive',
      'Lena',
      'Schäfer',
      'Sch\\u00e4fer',
      '1988',
      'A123456780',
      patient.email,
      patient.userId,
      appointmentId,
      'cardiology',
    ])
      expect(body).not.toContain(secret);
  });

  it('is the same for the patient, another patient, the doctor, another doctor, an admin and the signed out', async () => {
    const [p, other] = await f.patients(2);
    const { ref } = await prescription(p!.userId);
    const callers = [
      p!.token,
      other!.token,
      (await f.signIn(f.doctorId)).token,
      (await f.signIn(staff.otherDoctorId)).token,
      (await f.signIn(staff.adminId)).token,
      undefined,
    ];
    const answers = await Promise.all(callers.map((token) => check(ref.id, token)));
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual(answers[0]!.json());
    }
  });

  it('answers 404 for an unknown document and 400 for what cannot be one', async () => {
    expect((await check(randomUUID())).statusCode).toBe(404);
    expect((await check('ZZZZZ-ZZZZZ')).json()).toMatchObject({ code: 'documentNotFound' });
    expect((await check('not-a-code')).statusCode).toBe(400);
    expect((await check('ABCDE-FGHJU')).statusCode).toBe(400);
  });

  it('is rate limited per address', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < VERIFY_CHECKS_PER_MINUTE; i++)
      expect((await check(randomUUID(), undefined, ip)).statusCode).toBe(404);
    expect((await check(randomUUID(), undefined, ip)).statusCode).toBe(429);
    // Another address is not held back by it.
    expect((await check(randomUUID(), undefined, '203.0.113.78')).statusCode).toBe(404);
  });

  it('refuses a signing key that is not Ed25519 at start, without repeating it', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DOCUMENT_SIGNING_KEY: 'hunter2-passphrase' }),
    ).toThrow(/DOCUMENT_SIGNING_KEY: expected an Ed25519 key/);
    expect(() =>
      loadConfig({ NODE_ENV: 'test', DOCUMENT_SIGNING_KEY: 'hunter2-passphrase' }),
    ).not.toThrow(/hunter2/);
    expect(() => loadConfig({ NODE_ENV: 'test', DOCUMENT_VERIFY_KEYS: 'x' })).toThrow(
      /DOCUMENT_VERIFY_KEYS/,
    );
  });

  it('publishes the keys it accepts', async () => {
    const res = await t.app.inject('/api/verify-keys');
    expect(res.statusCode).toBe(200);
    const [current] = res.json<{ data: { keyId: string; publicKey: string }[] }>().data;
    expect(current!.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(Buffer.from(current!.publicKey, 'base64url')).toHaveLength(32);
  });
});

describe('revocation', () => {
  it('by the issuing doctor: the page says revoked; nobody else may, and invoices are not revoked', async () => {
    const { patient, invoice } = await paidBooking('2026-12-08');
    const [other] = await f.patients(1);
    const { ref } = await prescription(patient.userId);
    const doctor = (await f.signIn(f.doctorId)).token;
    const admin = (await f.signIn(staff.adminId)).token;

    expect((await revoke(ref.id, undefined)).statusCode).toBe(401);
    expect((await revoke(ref.id, patient.token)).statusCode).toBe(403);
    expect((await revoke(ref.id, other!.token)).statusCode).toBe(403);
    expect((await revoke(ref.id, (await f.signIn(staff.otherDoctorId)).token)).statusCode).toBe(
      404,
    );
    expect((await revoke(randomUUID(), doctor)).statusCode).toBe(404);
    expect((await revoke(ref.id, doctor, '')).statusCode).toBe(400);
    expect((await revoke(ref.id, doctor, 'x'.repeat(501))).statusCode).toBe(400);
    expect((await revoke(ref.id, doctor, 'wrong\u202edose')).statusCode).toBe(400);
    const invoiceRegistration = await registrationOf(invoice.id);
    for (const token of [doctor, admin])
      expect((await revoke(invoiceRegistration.id, token)).json()).toMatchObject({
        code: 'documentNotRevocable',
      });
    expect((await check(ref.id)).json<Answer>().data.revoked).toBe(false);

    clock.advance(60_000);
    const reason = 'Wrong strength of Sertralin prescribed.';
    const done = await revoke(ref.id, doctor, reason);
    expect(done.statusCode).toBe(200);
    const { revokedAt } = done.json<{ data: { revokedAt: string } }>().data;
    expect(revokedAt).toBe(clock().toISOString());
    expect((await check(ref.id)).json<Answer>().data).toMatchObject({
      authentic: true,
      revoked: true,
      revokedAt,
    });
    // Once: a second revocation keeps the first, and is not logged again.
    clock.advance(60_000);
    expect((await revoke(ref.id, doctor, 'Again.')).json()).toMatchObject({
      data: { revokedAt },
    });
    const logged = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'issued_document.revoked'));
    const mine = logged.filter((e) => (e.meta as { documentId?: string }).documentId === ref.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ userId: f.doctorId, subjectUserId: patient.userId });
    // The reason may name a health detail: never stored readable.
    expect(await t.dumpAllTables()).not.toContain('Wrong strength');
  });

  it('by a clinic admin, logged as such', async () => {
    const [p] = await f.patients(1);
    const { ref } = await prescription(p!.userId);
    const res = await revoke(ref.id, (await f.signIn(staff.adminId)).token, 'Doctor left.');
    expect(res.statusCode).toBe(200);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'issued_document.revoked'))
      .then((rows) =>
        rows.filter((e) => (e.meta as { documentId?: string }).documentId === ref.id),
      );
    expect(entry).toMatchObject({ userId: staff.adminId, meta: { asAdmin: true } });
    expect((await check(ref.id)).json<Answer>().data.revoked).toBe(true);
  });
});
