import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointmentDocuments, auditLog } from '../src/db/schema.ts';
import { createBookingFixture, type FixtureCaller } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23 08:00 UTC. The consultation is on Tuesday at 10:00 Sofia time (08:00Z).
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const START = new Date('2026-11-24T08:00:00Z');
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let appointmentId: string;
// Access tokens live 15 minutes of the test clock, which jumps days: each call signs in afresh.
type Caller = FixtureCaller;
const caller = (userId: string): FixtureCaller => f.caller(userId);
let patient: Caller;
let doctor: Caller;
let stranger: Caller;
let otherDoctor: Caller;

const SICK_NOTE = Buffer.from(
  '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nArbeitsunfähig 3 Tage\n',
);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR referral scan'),
]);

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  const [p, s] = await f.patients(2);
  patient = caller(p!.userId);
  stranger = caller(s!.userId);
  appointmentId = (await f.bookPaid(p!.token, '2026-11-24', '10:00')).appointmentId;
  doctor = caller(f.doctorId);
  const { otherDoctorId } = await f.otherStaff();
  otherDoctor = caller(otherDoctorId);
});
afterAll(() => t.close());

const upload = async (
  who: Caller,
  body: Buffer,
  type: string,
  { id = appointmentId, documentId, title = 'Sick note' } = {} as {
    id?: string;
    documentId?: string;
    title?: string;
  },
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${id}/documents${documentId ? `/${documentId}/versions` : ''}?${new URLSearchParams({ title, fileName: 'krankmeldung.pdf' }).toString()}`,
    headers: { authorization: `Bearer ${await who.token}`, 'content-type': type },
    payload: body,
  });
const list = async (who: Caller, id = appointmentId) =>
  t.app.inject({
    url: `/api/appointments/${id}/documents`,
    headers: { authorization: `Bearer ${await who.token}` },
  });
const download = async (who: Caller, versionId: string) =>
  t.app.inject({
    url: `/api/appointments/${appointmentId}/documents/${versionId}/file`,
    headers: { authorization: `Bearer ${await who.token}` },
  });

describe('documents after the visit', () => {
  it('cannot be shared before the consultation opens', async () => {
    const res = await upload(doctor, SICK_NOTE, 'application/pdf');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'documentsClosed' });
  });

  it('are shared by the doctor, listed and downloaded by the patient, every download audited', async () => {
    clock.advance(START.getTime() - clock().getTime() + 20 * 60_000);
    const shared = await upload(doctor, SICK_NOTE, 'application/pdf');
    expect(shared.statusCode).toBe(201);
    const document = shared.json().data;
    expect(document).toMatchObject({ title: 'Sick note', versions: [{ version: 1 }] });

    const listed = await list(patient);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([document]);

    const file = await download(patient, document.versions[0]._id);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(SICK_NOTE)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      "attachment; filename*=UTF-8''krankmeldung.pdf",
    );
    expect(file.headers['cache-control']).toBe('no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');

    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'document.downloaded'));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ userId: patient.userId, subjectUserId: patient.userId });
  });

  it('are stored encrypted', async () => {
    const rows = await t.db.select().from(appointmentDocuments);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.contentEncrypted.includes(Buffer.from('Arbeitsunf'))).toBe(false);
      expect(row.contentEncrypted.includes(Buffer.from('%PDF'))).toBe(false);
    }
  });

  it('are corrected by a new version that shows the old one existed', async () => {
    const [first] = (await list(doctor)).json().data;
    const corrected = await upload(doctor, SICK_NOTE, 'application/pdf', {
      documentId: first.documentId,
      title: 'Sick note (corrected)',
    });
    expect(corrected.statusCode).toBe(201);
    const [doc] = (await list(patient)).json().data;
    expect(doc.title).toBe('Sick note (corrected)');
    expect(doc.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(doc.versions[0].replacedAt).toBeNull();
    expect(doc.versions[1].replacedAt).toBe(doc.versions[0].createdAt);
    // The replaced version is still there to read.
    expect((await download(patient, doc.versions[1]._id)).statusCode).toBe(200);
    // A correction of a document that is not the appointment's is refused.
    const foreign = await upload(doctor, SICK_NOTE, 'application/pdf', {
      documentId: randomUUID(),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuse a file whose bytes are not what its type claims, or too large', async () => {
    const html = await upload(doctor, Buffer.from('<html><script>x</script>'), 'application/pdf');
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('documentTypeInvalid');
    expect((await upload(doctor, PNG, 'application/pdf')).statusCode).toBe(415);
    expect((await upload(doctor, PNG, 'image/png')).statusCode).toBe(201);
    expect((await upload(doctor, Buffer.from('x'), 'text/html')).statusCode).toBe(415);
    const huge = Buffer.concat([SICK_NOTE, Buffer.alloc(10 * 1024 * 1024)]);
    expect((await upload(doctor, huge, 'application/pdf')).statusCode).toBe(413);
    const untitled = await upload(doctor, SICK_NOTE, 'application/pdf', { title: ' ' });
    expect(untitled.statusCode).toBe(400);
  });

  it('are not for anyone but the two participants', async () => {
    const [doc] = (await list(patient)).json().data;
    const versionId = doc.versions[0]._id;
    for (const who of [stranger, otherDoctor]) {
      expect((await list(who)).statusCode).toBe(404);
      expect((await download(who, versionId)).statusCode).toBe(404);
      expect((await upload(who, SICK_NOTE, 'application/pdf')).statusCode).toBe(404);
    }
    // The patient cannot put documents into their own record as if from the doctor.
    expect((await upload(patient, SICK_NOTE, 'application/pdf')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/appointments/${appointmentId}/documents` })).statusCode,
    ).toBe(401);
    expect((await list(patient, 'not-a-uuid')).statusCode).toBe(400);
    expect((await download(patient, randomUUID())).statusCode).toBe(404);
  });

  it('can no longer be shared 30 days after the consultation', async () => {
    clock.advance(31 * 86_400_000);
    const res = await upload(doctor, SICK_NOTE, 'application/pdf');
    expect(res.statusCode).toBe(409);
    // What was shared stays readable for the patient.
    expect((await list(patient)).json().data.length).toBeGreaterThan(0);
  });
});
