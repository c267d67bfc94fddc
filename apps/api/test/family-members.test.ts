import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kvnrCheckDigit } from '@vizita/shared/domain/kvnr';
import { invoices, payments } from '../src/db/schema.ts';
import { invoiceView } from '../src/modules/invoices/invoice-view.ts';
import type { IssuedDocument } from '../src/modules/invoices/service.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { egn, IVAN } from './dependant-fixture.ts';
import {
  BULGARIAN_PROFILE,
  createTestApp,
  signUp,
  STRONG_PASSWORD,
  testClock,
  type TestApp,
} from './test-app.ts';

// Issue #22, family members (ADR 0043). Monday 2026-11-23 08:00 UTC, 10:00 in Sofia. Maria
// Ivanova keeps two people in her account: Ivan (7, born 2019-05-10) and Petar, who turns 18 on
// Tuesday 2026-11-24 — at 22:00 UTC on Monday, midnight in Sofia. The clock only moves forward.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const IVAN_EGN = IVAN.nationalIdNumber; // 2019-05-10
const PETAR_EGN = egn('085124456'); // 2008-11-24
const KVNR = `A12345678${kvnrCheckDigit('A12345678')}`;
const PETAR_BIRTHDAY_IN_SOFIA = new Date('2026-11-23T22:00:00Z');

const PETAR = { ...IVAN, firstName: 'Petar', birthDate: '2008-11-24', nationalIdNumber: PETAR_EGN };

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let maria: Awaited<ReturnType<typeof signUp>>;
let otherPatientId: string;
let adminId: string;
let ivanId: string;
let petarId: string;
let ivanVisit: string;
let petarVisit: string;

const tokenOf = async (userId: string) => (await f.signIn(userId)).token;
const call = async (
  who: string | null,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url,
    // A fresh token at every call: the clock moves by hours, tokens live 15 minutes.
    headers: who ? { authorization: `Bearer ${await tokenOf(who)}` } : {},
    ...(payload ? { payload } : {}),
  });
const asMaria = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  call(maria.userId, method, url, payload);

/** What Maria could read of Petar's visit besides the visit itself. */
const PETAR_VISIT_READS = () => [
  `/api/appointments/${petarVisit}/documents`,
  `/api/appointments/${petarVisit}/clinical-documents`,
  `/api/messages/appointments/${petarVisit}/thread`,
];

/** Books and pays a slot for a person in Maria's account. */
async function bookFor(dependantId: string, date: string, slot: string) {
  const res = await f.book(await tokenOf(maria.userId), { date, slot, dependantId });
  expect(res.statusCode, res.body).toBe(200);
  const { appointmentId, sessionId } = res.json().data;
  expect((await f.pay(sessionId)).statusCode).toBe(303);
  return appointmentId as string;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  maria = await signUp(t);
  const profile = await t.app.inject({
    method: 'PUT',
    url: '/auth/complete-profile',
    headers: { authorization: `Bearer ${maria.accessToken}` },
    payload: BULGARIAN_PROFILE,
  });
  expect(profile.statusCode).toBe(200);
  const [other] = await f.patients(1, { firstName: 'Nadia', lastName: 'Stoyanova' });
  otherPatientId = other!.userId;
  ({ adminId } = await f.otherStaff());
});
afterAll(() => t.close());

describe('people in my account', () => {
  it('adds a child with an EGN that agrees with the birth date, encrypted at rest', async () => {
    const res = await asMaria('POST', '/api/dependants', IVAN);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      firstName: 'Ivan',
      age: 7,
      state: 'minor',
      mayBook: true,
      mayHandOver: false,
      nationalIdNumber: IVAN_EGN,
    });
    ivanId = res.json().data.id;
    petarId = (await asMaria('POST', '/api/dependants', PETAR)).json().data.id;

    const list = await asMaria('GET', '/api/dependants');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data.map((d: { firstName: string }) => d.firstName)).toEqual([
      'Ivan',
      'Petar',
    ]);
    expect(list.json().data[1]).toMatchObject({ age: 17, state: 'minor' });
    const dump = await t.dumpAllTables();
    expect(dump).not.toContain(IVAN_EGN);
    expect(dump).not.toContain(PETAR_EGN);
  });

  it('refuses an EGN of another birth date, a future birth date and a missing relationship with 400', async () => {
    const mismatch = await asMaria('POST', '/api/dependants', { ...IVAN, birthDate: '2019-05-11' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toContainEqual(
      expect.objectContaining({ path: 'nationalIdNumber', code: 'egnBirthDateMismatch' }),
    );
    const future = await asMaria('POST', '/api/dependants', {
      ...IVAN,
      birthDate: '2027-01-01',
      nationalIdNumber: undefined,
      country: 'DE',
      insurance: { type: 'state', company: 'Barmer', number: KVNR },
    });
    expect(future.statusCode).toBe(400);
    const { relationship: _r, ...noRelationship } = IVAN;
    const missing = await asMaria('POST', '/api/dependants', noRelationship);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].code).toBe('relationshipRequired');
  });

  it('takes a German child with a KVNR, and corrects a person in place', async () => {
    const added = await asMaria('POST', '/api/dependants', {
      ...IVAN,
      firstName: 'Lena',
      nationalIdNumber: undefined,
      country: 'DE',
      insurance: { type: 'state', company: 'Barmer', number: KVNR.toLowerCase() },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().data).toMatchObject({
      country: 'DE',
      nationalIdNumber: null,
      insurance: { type: 'state', company: 'Barmer', number: KVNR },
    });
    const fixed = await asMaria('PUT', `/api/dependants/${added.json().data.id}`, {
      ...IVAN,
      firstName: 'Lena',
      gender: 'female',
      nationalIdNumber: undefined,
      country: 'DE',
      insurance: { type: 'state', company: 'Barmer', number: KVNR },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json().data.gender).toBe('female');
  });
});

describe('the other roles', () => {
  it('refuses doctors and admins with 403 and strangers with 401', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/dependants'],
      ['POST', '/api/dependants', IVAN],
      ['PUT', `/api/dependants/${ivanId}`, IVAN],
      ['POST', `/api/dependants/${petarId}/handover`, { email: 'petar@example.bg' }],
      ['POST', '/api/dependants/handover/accept', { token: 'x' }],
    ] as const) {
      for (const who of [f.doctorId, adminId]) {
        const res = await call(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      expect((await call(null, method, url, body)).statusCode).toBe(401);
    }
  });

  it("answers another patient as if Maria's people did not exist, and lets her book for none of them", async () => {
    expect((await call(otherPatientId, 'GET', '/api/dependants')).json().data).toEqual([]);
    const edit = await call(otherPatientId, 'PUT', `/api/dependants/${ivanId}`, IVAN);
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('dependantNotFound');
    const handover = await call(otherPatientId, 'POST', `/api/dependants/${petarId}/handover`, {
      email: 'nadia@example.bg',
    });
    expect(handover.statusCode).toBe(404);
    const booking = await f.book(await tokenOf(otherPatientId), {
      date: '2026-11-24',
      slot: '11:00',
      dependantId: ivanId,
    });
    expect(booking.statusCode).toBe(404);
    expect(booking.json().code).toBe('dependantNotFound');
    expect(booking.body).not.toContain('Ivan');
  });
});

describe('booking for a child', () => {
  it('makes the child the patient and Maria the payer: her list says for whom', async () => {
    ivanVisit = await bookFor(ivanId, '2026-11-24', '10:00');
    const res = await asMaria('GET', `/api/appointments/${ivanVisit}`);
    expect(res.json().data).toMatchObject({
      patientId: maria.userId,
      status: 'upcoming',
      forDependant: { id: ivanId, name: 'Ivan Georgiev' },
      patient: null,
    });
  });

  it('shows the doctor "child, 7, with guardian Maria Ivanova" and the child\'s own record', async () => {
    const week = await call(
      f.doctorId,
      'GET',
      '/api/doctor/appointments?from=2026-11-23&to=2026-11-29',
    );
    const entry = week.json().data.appointments.find((a: { _id: string }) => a._id === ivanVisit);
    expect(entry.patient).toEqual({
      _id: maria.userId,
      name: 'Ivan Georgiev',
      dependant: { relationship: 'child', age: 7, guardianName: 'Maria Ivanova' },
      guest: false,
    });
    const chart = await call(f.doctorId, 'GET', `/api/doctor/appointments/${ivanVisit}/patient`);
    expect(chart.statusCode).toBe(200);
    expect(chart.json().data).toMatchObject({
      firstName: 'Ivan',
      lastName: 'Georgiev',
      birthDate: '2019-05-10',
      age: 7,
      gender: 'male',
      nationalId: IVAN_EGN,
      dependant: { relationship: 'child', age: 7, guardianName: 'Maria Ivanova' },
    });
    expect(chart.body).not.toContain(BULGARIAN_PROFILE.nationalIdNumber);
  });

  it("lists the doctor's read of the child's record in Maria's \"who saw my data\"", async () => {
    const log = await asMaria('GET', '/api/privacy/access-log');
    expect(log.json().data).toContainEqual(
      expect.objectContaining({
        event: 'patient_profile.read',
        actor: { name: 'Elena Petrova', role: 'doctor' },
        about: 'Ivan Georgiev',
      }),
    );
  });

  it('issues the invoice to Maria and names Ivan as the patient', async () => {
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, ivanVisit));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.paymentId, payment!.id));
    const view = invoiceView(invoice as IssuedDocument);
    expect(view.buyer.lines[0]).toBe('Maria Ivanova');
    expect(view.item.detail).toContain('Patient: Ivan Georgiev, born May 10, 2019');
  });

  it("puts the people and their visits in Maria's export", async () => {
    const res = await asMaria('GET', '/api/privacy/export');
    const data = res.json().data;
    expect(data.dependants).toContainEqual(
      expect.objectContaining({ id: ivanId, nationalId: IVAN_EGN, relationship: 'child' }),
    );
    expect(data.appointments).toContainEqual(
      expect.objectContaining({ id: ivanVisit, dependantId: ivanId }),
    );
  });
});

describe("Petar's 18th birthday (the age policy on the test clock)", () => {
  it('refuses a hand-over while he is a minor', async () => {
    const res = await asMaria('POST', `/api/dependants/${petarId}/handover`, {
      email: 'petar@example.bg',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('dependantNotOfAge');
  });

  it('lets Maria book for him until the last second before midnight in Sofia, and not after', async () => {
    petarVisit = await bookFor(petarId, '2026-11-23', '14:00');
    clock.advance(PETAR_BIRTHDAY_IN_SOFIA.getTime() - 1000 - clock().getTime());
    const before = await f.book(await tokenOf(maria.userId), {
      date: '2026-11-27',
      slot: '10:00',
      dependantId: petarId,
    });
    expect(before.statusCode, before.body).toBe(200);
    await asMaria('POST', '/api/payments/release-hold', {
      appointmentId: before.json().data.appointmentId,
    });

    clock.advance(1000);
    const after = await f.book(await tokenOf(maria.userId), {
      date: '2026-11-27',
      slot: '10:30',
      dependantId: petarId,
    });
    expect(after.statusCode).toBe(409);
    expect(after.json().code).toBe('dependantNotBookable');
    const petar = (await asMaria('GET', '/api/dependants')).json().data[1];
    expect(petar).toMatchObject({ age: 18, state: 'of_age', mayBook: false, mayHandOver: true });
  });

  it('hands his record over by a mailed link: his account gets it, Maria loses it', async () => {
    // His consultation this afternoon took place. Until the hand-over, its records are Maria's.
    await t.app.backgroundWork.tick();
    const thread = await asMaria('PUT', `/api/messages/appointments/${petarVisit}/thread`);
    expect(thread.statusCode, thread.body).toBe(200);
    const threadId = thread.json().data._id as string;
    const wrote = await asMaria('POST', `/api/messages/threads/${threadId}/messages`, {
      text: 'Petar still has the rash on his arm.',
    });
    expect(wrote.statusCode, wrote.body).toBeLessThan(300);
    const threadIds = async () =>
      (await asMaria('GET', '/api/messages/threads'))
        .json()
        .data.items.map((th: { _id: string }) => th._id);
    expect(await threadIds()).toContain(threadId);
    for (const url of PETAR_VISIT_READS())
      expect((await asMaria('GET', url)).statusCode, url).not.toBe(404);
    const sent = await asMaria('POST', `/api/dependants/${petarId}/handover`, {
      email: 'petar@example.bg',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.handover.email).toBe('petar@example.bg');
    const token = await t.tokenFromMail('petar@example.bg', '/handover');
    const mail = (await t.mails('petar@example.bg'))[0]!;
    expect(mail.text).toContain('Maria Ivanova');
    expect(mail.text).not.toContain(PETAR_EGN);

    const own = await asMaria('POST', '/api/dependants/handover/accept', { token });
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('handoverToSelf');

    const [petarAccount] = await f.patients(1, { firstName: 'Petar', lastName: 'Georgiev' });
    const accepted = await call(petarAccount!.userId, 'POST', '/api/dependants/handover/accept', {
      token,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const profile = await call(petarAccount!.userId, 'GET', '/auth/profile');
    expect(profile.json().data).toMatchObject({
      birthday: '2008-11-24',
      gender: 'male',
      nationalIdNumber: PETAR_EGN,
    });

    const again = await call(petarAccount!.userId, 'POST', '/api/dependants/handover/accept', {
      token,
    });
    expect(again.statusCode).toBe(410);

    // Maria keeps his name and the day, and nothing else: no identifiers, no visits, no booking.
    const petar = (await asMaria('GET', '/api/dependants')).json().data[1];
    expect(petar).toMatchObject({
      state: 'handed_over',
      nationalIdNumber: null,
      mayBook: false,
      mayHandOver: false,
    });
    expect((await asMaria('GET', `/api/appointments/${petarVisit}`)).statusCode).toBe(404);
    // …nor its documents, prescriptions or the thread with the practice about it.
    for (const url of PETAR_VISIT_READS()) {
      const res = await asMaria('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe('appointmentNotFound');
    }
    const list = await asMaria('GET', '/api/appointments?status=completed');
    expect(list.json().data.map((a: { _id: string }) => a._id)).not.toContain(petarVisit);
    expect(await threadIds()).not.toContain(threadId);
    expect((await asMaria('GET', `/api/messages/threads/${threadId}`)).statusCode).toBe(404);
    const exported = (await asMaria('GET', '/api/privacy/export')).json().data;
    expect(exported.appointments.map((a: { id: string }) => a.id)).not.toContain(petarVisit);
    expect(JSON.stringify(exported.messages)).not.toContain('rash on his arm');
    const edit = await asMaria('PUT', `/api/dependants/${petarId}`, PETAR);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().code).toBe('dependantHandedOver');
    const booking = await f.book(await tokenOf(maria.userId), {
      date: '2026-11-27',
      slot: '11:00',
      dependantId: petarId,
    });
    expect(booking.json().code).toBe('dependantNotBookable');
  });
});

describe("erasing Maria's account", () => {
  it("erases her people's identifiers and names with her own (ADR 0025)", async () => {
    const res = await asMaria('POST', '/api/privacy/delete-account', { password: STRONG_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const dumps = await t.tableDumps();
    // Invoices keep what they printed (ADR 0025); the hand-over mail went to Petar himself.
    dumps.delete('invoices');
    dumps.delete('mail_outbox');
    const rest = [...dumps.values()].join('\n');
    expect(rest).not.toContain(IVAN_EGN);
    expect(rest).not.toContain('Ivan');
    expect(rest).not.toContain(KVNR);
  });
});
