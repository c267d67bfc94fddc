import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEGAL_VERSIONS } from '@vizita/shared/domain/legal';
import { loadConfig } from '../src/config.ts';
import { auditLog, consents } from '../src/db/schema.ts';
import {
  BULGARIAN_PROFILE,
  createTestApp,
  createTestDoctor,
  PRODUCTION_ENV,
  signInStaff,
  signUp,
  testClock,
  type TestApp,
} from './test-app.ts';

// Consent to the versioned terms and privacy notice (GDPR Art. 7(1)), asked again once a new
// version is in force, and the operator's details of the legal pages (issue #11, ADR 0024).

const clock = testClock(new Date('2026-11-24T09:00:00Z'));
let t: TestApp;
beforeAll(async () => (t = await createTestApp({ clock })));
afterAll(() => t.close());

const status = async (accessToken: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/auth/status',
      headers: { authorization: `Bearer ${accessToken}` },
    })
  ).json().data;
const accept = (token: string | undefined, accepted: object[]) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/consents',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { accepted },
  });
const current = [
  { document: 'terms', version: LEGAL_VERSIONS.terms },
  { document: 'privacy', version: LEGAL_VERSIONS.privacy },
];

describe('consent to the legal documents', () => {
  it('records at registration which versions the patient accepted, and when', async () => {
    const s = await signUp(t);
    const rows = await t.db.select().from(consents).where(eq(consents.userId, s.userId));
    expect(rows.map((r) => [r.document, r.version, r.context]).sort()).toEqual([
      ['privacy', LEGAL_VERSIONS.privacy, 'registration'],
      ['terms', LEGAL_VERSIONS.terms, 'registration'],
    ]);
    expect(rows[0]!.acceptedAt).toEqual(clock());
    expect((await status(s.accessToken)).consentsDue).toEqual([]);
  });

  it('asks once for a new version at the next sign-in, and only with the version shown', async () => {
    const s = await signUp(t);
    // As if the patient had accepted an earlier text, and the terms changed since.
    await t.db.update(consents).set({ version: '2025-01-01' }).where(eq(consents.userId, s.userId));
    expect((await status(s.accessToken)).consentsDue).toEqual(['terms', 'privacy']);

    const stale = await accept(s.accessToken, [{ document: 'terms', version: '2025-01-01' }]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'legalVersionChanged' });

    clock.advance(60_000);
    expect((await accept(s.accessToken, current)).statusCode).toBe(200);
    expect((await status(s.accessToken)).consentsDue).toEqual([]);
    const rows = await t.db.select().from(consents).where(eq(consents.userId, s.userId));
    // The earlier acceptance stays as evidence beside the new one.
    expect(rows).toHaveLength(4);
    expect(rows.filter((r) => r.context === 'update').map((r) => r.acceptedAt)).toEqual([
      clock(),
      clock(),
    ]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.event, 'consent.accepted'));
    expect(entry).toMatchObject({ userId: s.userId });

    // Accepting again is harmless.
    expect((await accept(s.accessToken, current)).statusCode).toBe(200);
    expect(await t.db.select().from(consents).where(eq(consents.userId, s.userId))).toHaveLength(4);
  });

  it('records the acceptance of completing the profile', async () => {
    const s = await signUp(t);
    await t.db.delete(consents).where(eq(consents.userId, s.userId));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/auth/complete-profile',
      headers: { authorization: `Bearer ${s.accessToken}` },
      payload: BULGARIAN_PROFILE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await t.db.select().from(consents).where(eq(consents.userId, s.userId));
    expect(rows.map((r) => r.context)).toEqual(['profile', 'profile']);
  });

  it('is a patient’s: no sign-in is 401, doctors and admins are not asked and cannot post', async () => {
    expect((await accept(undefined, current)).statusCode).toBe(401);
    const { email, password } = await createTestDoctor(t);
    const doctor = await signInStaff(t, email, password);
    const res = await accept(doctor, current);
    expect(res.statusCode).toBe(403);
    expect((await status(doctor)).consentsDue).toEqual([]);
    const patient = await signUp(t);
    const unknown = await accept(patient.accessToken, [{ document: 'cookies', version: 'x' }]);
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the legal pages’ operator details', () => {
  it('come from the configuration, public, with the versions in force', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/legal/operator' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: expect.stringContaining('not a real business'),
      dataProtectionOfficer: expect.stringContaining('CLINIC_DPO'),
      versions: LEGAL_VERSIONS,
    });
  });

  it('are linked from every mail, in its language', async () => {
    const s = await signUp(t);
    const [mail] = await t.mails(s.email);
    for (const page of ['imprint', 'privacy', 'terms'])
      expect(mail!.text).toContain(`http://vizita.test/legal/${page}`);
    expect(mail!.html).toContain('>Privacy notice</a>');
    const german = await t.app.inject({
      method: 'POST',
      url: '/auth/register-minimal',
      headers: { 'accept-language': 'de-DE' },
      payload: {
        firstName: 'Jonas',
        lastName: 'Weber',
        email: 'jonas.weber@example.de',
        password: 'Berlin-2026!',
        termsAccepted: true,
      },
    });
    expect(german.statusCode).toBe(201);
    const [deMail] = await t.mails('jonas.weber@example.de');
    expect(deMail!.text).toContain('Impressum: http://vizita.test/legal/imprint');
  });

  it('are required in production', () => {
    const { CLINIC_DPO: _dpo, CLINIC_PHONE: _phone, ...withoutThem } = PRODUCTION_ENV;
    expect(() => loadConfig(withoutThem)).toThrow(/CLINIC_PHONE: required in production/);
    expect(() => loadConfig(withoutThem)).toThrow(/CLINIC_DPO: required in production/);
    expect(loadConfig(PRODUCTION_ENV).clinic).toMatchObject({
      representative: PRODUCTION_ENV.CLINIC_REPRESENTATIVE,
      dataProtectionOfficer: PRODUCTION_ENV.CLINIC_DPO,
      register: null,
    });
  });
});
