import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { egnCheckDigit } from '@vizita/shared/domain/egn';
import { BULGARIAN_PROFILE, createTestApp, signUp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => (t = await createTestApp()));
afterAll(() => t.close());

type Session = Awaited<ReturnType<typeof signUp>>;
const auth = (s: Session) => ({ authorization: `Bearer ${s.accessToken}` });
const complete = (s: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/auth/complete-profile', headers: auth(s), payload });
const update = (s: Session, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/auth/profile', headers: auth(s), payload });
const profile = async (s: Session) =>
  (await t.app.inject({ method: 'GET', url: '/auth/profile', headers: auth(s) })).json().data;
const status = async (s: Session) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/auth/status',
      cookies: { vizita_rt: s.refreshToken },
    })
  ).json().data;
const codes = (res: { json: () => { errors?: { code: string }[] } }) =>
  res.json().errors?.map((e) => e.code);

const EGN = '9004126543'.slice(0, 9); // born 1990-04-12
const VALID_EGN = `${EGN}${egnCheckDigit(EGN)}`;
const bulgarian = { ...BULGARIAN_PROFILE, nationalIdNumber: VALID_EGN };

describe('PUT /auth/complete-profile', () => {
  it('completes a Bulgarian profile; status reflects it at once', async () => {
    const s = await signUp(t);
    expect((await status(s)).isProfileComplete).toBe(false);
    const res = await complete(s, bulgarian);
    expect(res.statusCode).toBe(200);
    expect((await status(s)).isProfileComplete).toBe(true);
    expect(await profile(s)).toMatchObject({
      fullName: 'Maria Ivanova',
      gender: 'female',
      birthday: '1990-04-12',
      address: {
        street: 'bul. Vitosha',
        number: '12',
        postCode: '1000',
        city: 'Sofia',
        country: { code: 'BG', name: 'Bulgaria' },
      },
      nationalIdNumber: VALID_EGN,
      insurance: null,
      emailVerified: true,
      isComplete: true,
      completionPercentage: 100,
    });
  });

  it.each([
    ['missing', undefined, 'nationalIdRequired'],
    ['bad checksum', `${EGN}${(egnCheckDigit(EGN) + 1) % 10}`, 'egnInvalid'],
    ['impossible date', '9013126540', 'egnInvalid'],
    ['too short', '900412654', 'egnInvalid'],
    ['too long', '90041265431', 'egnInvalid'],
    ['letters', '90041265a3', 'egnInvalid'],
  ])('refuses a Bulgarian EGN that is %s', async (_name, nationalIdNumber, code) => {
    const s = await signUp(t);
    const res = await complete(s, { ...bulgarian, nationalIdNumber });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toContain(code);
    if (code === 'egnInvalid') expect(res.json().message).toBe('Please enter a valid 10-digit EGN');
    if (code === 'nationalIdRequired')
      expect(res.json().message).toBe('National ID number is required for Bulgarian residents');
  });

  it('refuses an EGN that disagrees with the birth date', async () => {
    const s = await signUp(t);
    const res = await complete(s, { ...bulgarian, birthDate: '1991-04-12' });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['egnBirthDateMismatch']);
  });

  it('requires insurance type, company and number for Germany, with the spec messages', async () => {
    const s = await signUp(t);
    const german = {
      ...bulgarian,
      country: 'DE',
      countryName: 'Germany',
      nationalIdNumber: undefined,
      city: 'Berlin',
      postCode: '10115',
    };
    const noType = await complete(s, german);
    expect(noType.statusCode).toBe(400);
    expect(noType.json().message).toBe('Insurance type is required for German residents');
    const noParts = await complete(s, { ...german, insurance: { type: 'state' } });
    expect(codes(noParts)).toEqual(['insuranceCompanyRequired', 'insuranceNumberRequired']);
    const wrongList = await complete(s, {
      ...german,
      insurance: { type: 'state', company: 'DEBEKA', number: 'A123456780' },
    });
    expect(codes(wrongList)).toEqual(['insuranceCompanyInvalid']);
    const ok = await complete(s, {
      ...german,
      insurance: { type: 'public', company: 'Barmer', number: 'A123456780' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await profile(s)).insurance).toEqual({
      type: 'state',
      company: 'Barmer',
      number: 'A123456780',
    });
  });

  it('checks the statutory KVNR by its check digit, and takes an ЛНЧ instead of an EGN', async () => {
    const s = await signUp(t);
    const badKvnr = await complete(s, {
      ...bulgarian,
      country: 'DE',
      countryName: 'Germany',
      nationalIdNumber: undefined,
      insurance: { type: 'state', company: 'Barmer', number: 'A123456789' },
    });
    expect(codes(badKvnr)).toEqual(['kvnrInvalid']);
    // Private insurers number their members their own way.
    const privately = await complete(s, {
      ...bulgarian,
      country: 'DE',
      countryName: 'Germany',
      nationalIdNumber: undefined,
      insurance: { type: 'private', company: 'DEBEKA', number: 'PKV-998877' },
    });
    expect(privately.statusCode).toBe(200);

    const foreigner = s;
    // 1234567893 is a valid ЛНЧ (and no EGN: month 34); its birth date is not checked.
    const withLnch = await complete(foreigner, { ...bulgarian, nationalIdNumber: '1234567893' });
    expect(withLnch.statusCode).toBe(200);
    expect((await profile(foreigner)).nationalIdNumber).toBe('1234567893');
    const { rows } = await t.pool.query('select national_id_encrypted from patient_profiles');
    expect(JSON.stringify(rows)).not.toContain('1234567893');
    const neither = await complete(foreigner, { ...bulgarian, nationalIdNumber: '1234567890' });
    expect(codes(neither)).toEqual(['egnInvalid']);
  });

  it('keeps only the identifiers of the chosen market', async () => {
    const s = await signUp(t);
    await complete(s, {
      ...bulgarian,
      country: 'FR',
      countryName: 'France',
      insurance: { type: 'private', company: 'DEBEKA', number: 'X1' },
    });
    expect(await profile(s)).toMatchObject({
      nationalIdNumber: null,
      insurance: null,
      address: { country: { code: 'FR', name: 'France' } },
    });
  });

  it('requires the names, the terms and the facts that make a profile complete', async () => {
    const s = await signUp(t);
    const res = await complete(s, {
      firstName: ' M ',
      lastName: '',
      termsAccepted: false,
      country: 'US',
    });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(
      expect.arrayContaining([
        'firstNameMin',
        'lastNameRequired',
        'profileTermsRequired',
        'genderRequired',
        'birthDateRequired',
        'streetRequired',
        'cityRequired',
      ]),
    );
  });

  it('refuses a birth date in the future or before 1900', async () => {
    const s = await signUp(t);
    const base = { ...bulgarian, country: 'US', nationalIdNumber: undefined };
    expect(codes(await complete(s, { ...base, birthDate: '2099-01-01' }))).toEqual([
      'birthDateInvalid',
    ]);
    expect(codes(await complete(s, { ...base, birthDate: '1899-12-31' }))).toEqual([
      'birthDateInvalid',
    ]);
    expect(codes(await complete(s, { ...base, birthDate: '2001-02-29' }))).toEqual([
      'birthDateInvalid',
    ]);
  });
});

describe('PUT /auth/profile', () => {
  it('moves a Bulgarian resident to Germany with private insurance, clearing the EGN', async () => {
    const s = await signUp(t);
    await complete(s, bulgarian);
    const res = await update(s, {
      country: 'DE',
      city: 'Munich',
      postCode: '80331',
      insurance: { type: 'private', company: 'DEBEKA', number: 'PKV-998877' },
    });
    expect(res.statusCode).toBe(200);
    expect(await profile(s)).toMatchObject({
      address: { city: 'Munich', street: 'bul. Vitosha', country: { code: 'DE', name: 'Germany' } },
      nationalIdNumber: null,
      insurance: { type: 'private', company: 'DEBEKA', number: 'PKV-998877' },
    });
  });

  it('checks the market rules against the stored profile, not only the payload', async () => {
    const s = await signUp(t);
    await complete(s, bulgarian);
    const res = await update(s, { birthDate: '1985-01-01' });
    expect(res.statusCode).toBe(400);
    expect(codes(res)).toEqual(['egnBirthDateMismatch']);
    expect((await update(s, { country: 'DE' })).json().message).toBe(
      'Insurance type is required for German residents',
    );
  });

  it('offers only the two markets and refuses unknown fields', async () => {
    const s = await signUp(t);
    await complete(s, bulgarian);
    expect(codes(await update(s, { country: 'FR' }))).toEqual(['countryInvalid']);
    expect((await update(s, { userId: '00000000-0000-0000-0000-000000000000' })).statusCode).toBe(
      400,
    );
  });

  it('requires authentication', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/profile' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/auth/profile', payload: { city: 'Sofia' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('health identifiers at rest', () => {
  it('stores national ID and insurance number only as ciphertext', async () => {
    const bg = await signUp(t);
    await complete(bg, bulgarian);
    const de = await signUp(t);
    await complete(de, {
      ...bulgarian,
      country: 'DE',
      nationalIdNumber: undefined,
      insurance: { type: 'state', company: 'AOK Bayern', number: 'Z987654321' },
    });
    const { rows } = await t.pool.query('select * from patient_profiles');
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(VALID_EGN);
    expect(dump).not.toContain('Z987654321');
    expect(
      rows.find((r: { user_id: string }) => r.user_id === bg.userId).national_id_encrypted,
    ).toMatch(/^v1\./);
  });

  it('gives each user only their own profile: copying a ciphertext onto another row does not reveal it', async () => {
    const owner = await signUp(t);
    await complete(owner, bulgarian);
    const other = await signUp(t);
    await complete(other, { ...bulgarian, country: 'US', nationalIdNumber: undefined });
    expect((await profile(other)).nationalIdNumber).toBeNull();
    // An attacker with database write access moves the owner's ciphertext to their row.
    await t.pool.query(
      'update patient_profiles set national_id_encrypted = (select national_id_encrypted from patient_profiles where user_id = $1), country_code = $3 where user_id = $2',
      [owner.userId, other.userId, 'BG'],
    );
    const res = await t.app.inject({ method: 'GET', url: '/auth/profile', headers: auth(other) });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain(VALID_EGN);
  });
});
