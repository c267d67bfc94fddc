import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBookingFixture } from './booking-fixture.ts';
import { jpegOf, pngOf } from './image-fixtures.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let patientId: string;

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  patientId = (await f.patients(1))[0]!.userId;
});
afterAll(() => t.close());

const as = async (userId: string) => ({
  authorization: `Bearer ${(await f.signIn(userId)).token}`,
});
const PROFILE = {
  title: 'Dr.',
  specialties: ['cardiology', 'internal-medicine'],
  languages: ['bg', 'de', 'en'],
  bios: { en: 'Heart doctor.', bg: 'Кардиолог.', de: 'Herzärztin.' },
  experienceYears: 14,
};

describe("the doctor's public profile", () => {
  it('is edited by the doctor and shown to patients in their language', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/profile',
      headers: await as(f.doctorId),
      payload: PROFILE,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ ...PROFILE, timeZone: 'Europe/Sofia' });
    const list = await t.app.inject({ url: '/api/doctors', headers: { 'accept-language': 'bg' } });
    expect(list.json().data[0]).toMatchObject({
      specialties: ['cardiology', 'internal-medicine'],
      languages: ['bg', 'de', 'en'],
      bio: 'Кардиолог.',
      experience: 14,
    });
  });

  it('takes only catalogue specialties and known languages', async () => {
    for (const change of [
      { specialties: ['Cardiology'] },
      { specialties: [] },
      { languages: ['klingon'] },
      { bios: { en: 'x'.repeat(1001) } },
      { experienceYears: -1 },
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/doctor/profile',
        headers: await as(f.doctorId),
        payload: { ...PROFILE, ...change },
      });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
    }
  });

  it('is for doctors only', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/doctor/profile',
      headers: await as(patientId),
      payload: PROFILE,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('doctorRequired');
    expect((await t.app.inject({ url: '/api/doctor/profile' })).statusCode).toBe(401);
  });
});

describe("the doctor's photo", () => {
  const upload = async (type: string, body: Buffer, userId = f.doctorId) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/doctor/profile/photo',
      headers: { ...(await as(userId)), 'content-type': type },
      payload: body,
    });

  it('is checked, stored and served with its type, a cache header and an ETag', async () => {
    const photo = pngOf(400, 400);
    const res = await upload('image/png', photo);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().data.photoUrl;
    expect(url).toMatch(new RegExp(`^/api/doctors/${f.doctorId}/photo\\?v=\\d+$`));
    const served = await t.app.inject(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=86400');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(served.rawPayload.equals(photo)).toBe(true);
    const again = await t.app.inject({
      url,
      headers: { 'if-none-match': served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await upload('image/jpeg', jpegOf(300, 400))).statusCode).toBe(200);
  });

  it('refuses what is not a real image of sane size, never with a 500', async () => {
    expect((await upload('image/jpeg', pngOf(400, 400))).statusCode).toBe(415);
    expect((await upload('image/png', Buffer.from('<html><script>1</script>'))).statusCode).toBe(
      415,
    );
    expect((await upload('image/svg+xml', Buffer.from('<svg/>'))).statusCode).toBe(415);
    const tiny = await upload('image/png', pngOf(1, 1));
    expect(tiny.statusCode).toBe(415);
    expect(tiny.json().code).toBe('photoDimensionsInvalid');
    expect((await upload('image/png', pngOf(10_000, 400))).statusCode).toBe(415);
    const huge = Buffer.concat([pngOf(400, 400), Buffer.alloc(3 * 1024 * 1024)]);
    expect((await upload('image/png', huge)).statusCode).toBe(413);
    expect((await upload('image/png', pngOf(400, 400), patientId)).statusCode).toBe(403);
  });

  it('can be removed; a doctor without a photo has none to serve', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/doctor/profile/photo',
      headers: await as(f.doctorId),
    });
    expect(res.json().data.photoUrl).toBeNull();
    expect((await t.app.inject(`/api/doctors/${f.doctorId}/photo`)).statusCode).toBe(404);
  });
});
