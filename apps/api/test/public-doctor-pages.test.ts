import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorProfiles, users } from '../src/db/schema.ts';
import { createAdminService } from '../src/modules/admin/service.ts';
import { parseWeeklyHours } from '../src/modules/admin/weekly-hours.ts';
import { assignMissingSlugs, slugOfName } from '../src/modules/doctors/slugs.ts';
import { createBookingFixture } from './booking-fixture.ts';
import { createTestApp, testClock, type TestApp } from './test-app.ts';

// Monday 2026-11-23 08:00 UTC: 10:00 in Sofia, 09:00 in Berlin.
const clock = testClock(new Date('2026-11-23T08:00:00Z'));
let t: TestApp;
let f: Awaited<ReturnType<typeof createBookingFixture>>;
let weber: { id: string; email: string };
let cyrillic: { id: string; email: string };

async function doctor(
  over: Partial<Parameters<ReturnType<typeof createAdminService>['createDoctor']>[0]>,
) {
  const email = `dr-${randomUUID()}@vizita.test`;
  const id = await createAdminService(t.db, clock).createDoctor({
    email,
    password: 'Doctor-2026!',
    firstName: 'Jonas',
    lastName: 'Weber',
    specialties: ['cardiology'],
    languages: ['de', 'en'],
    timeZone: 'Europe/Berlin',
    slotMinutes: 30,
    feeMinor: 9000,
    city: 'Berlin',
    country: 'DE',
    bios: { en: 'Cardiologist in Berlin.', de: 'Kardiologe in Berlin.' },
    weekly: parseWeeklyHours('Mon-Fri 09:00-17:00'),
    ...over,
  });
  return { id, email };
}

const get = (url: string, language?: string) =>
  t.app.inject({ url, headers: language ? { 'accept-language': language } : {} });

/** The schema.org block of a page, parsed. */
function jsonLdOf(body: string) {
  const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(body)?.[1];
  return block ? (JSON.parse(block) as Record<string, unknown>) : undefined;
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  f = await createBookingFixture(t);
  await t.db
    .update(doctorProfiles)
    .set({ languages: ['bg', 'en'], city: 'Sofia', country: 'BG', feeMinor: 6000 })
    .where(eq(doctorProfiles.userId, f.doctorId));
  weber = await doctor({});
  cyrillic = await doctor({
    firstName: 'Щерю',
    lastName: 'Цветков',
    specialties: ['pediatrics'],
    languages: ['bg'],
    timeZone: 'Europe/Sofia',
    city: 'Plovdiv',
    country: 'BG',
    feeMinor: 4000,
    bios: { en: 'Paediatrician </script><script>alert(1)</script> & more.' },
  });
  await t.app.availability.changed();
});
afterAll(() => t.close());

describe('slugs', () => {
  it('are made from the name once, in Bulgarian transliteration, and never repeat', async () => {
    expect(slugOfName('Георги', 'Димитров')).toBe('georgi-dimitrov');
    expect(slugOfName('Щерю', 'Ъгълов')).toBe('shteryu-agalov');
    expect(slugOfName('Jürgen', 'Weiß')).toBe('juergen-weiss');
    const slugs = await t.db
      .select({ id: doctorProfiles.userId, slug: doctorProfiles.slug })
      .from(doctorProfiles);
    const slugOf = (id: string) => slugs.find((s) => s.id === id)?.slug;
    expect(slugOf(f.doctorId)).toBe('elena-petrova');
    expect(slugOf(weber.id)).toBe('jonas-weber');
    expect(slugOf(cyrillic.id)).toBe('shteryu-tsvetkov');
    // A second Dr. Weber gets a page of his own.
    const twin = await doctor({});
    expect(
      (await t.db.select().from(doctorProfiles).where(eq(doctorProfiles.userId, twin.id)))[0]?.slug,
    ).toBe('jonas-weber-2');
    await t.db.update(users).set({ deactivatedAt: clock() }).where(eq(users.id, twin.id));
    await t.app.availability.changed();
  });

  it('are given at boot to doctors made before them', async () => {
    await t.db
      .update(doctorProfiles)
      .set({ slug: null })
      .where(eq(doctorProfiles.userId, weber.id));
    await assignMissingSlugs(t.db);
    const [row] = await t.db
      .select()
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, weber.id));
    expect(row?.slug).toBe('jonas-weber');
  });
});

describe('a doctor’s public page', () => {
  it('is whole HTML without script: name, fee, next free times, schema.org Physician', async () => {
    const res = await get('/doctors/jonas-weber?lang=en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const body = res.body;
    expect(body).toContain(
      '<h1 class="mb-2 text-2xl font-bold">Dr. Jonas Weber</h1>'.replace('mb-2 ', ''),
    );
    expect(body).toContain('Cardiology');
    expect(body).toContain('€90.00');
    // The first free time of Monday in Berlin: 09:00 has begun at 08:00 UTC; 09:30 is next.
    expect(body).toContain('>09:30<');
    expect(body).toContain('href="/book/jonas-weber?at=2026-11-23T08:30:00.000Z&amp;lang=en"');
    expect(body).not.toMatch(/<script(?! type="application\/ld\+json")/);
    expect(jsonLdOf(body)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Physician',
      name: 'Dr. Jonas Weber',
      url: 'http://vizita.test/doctors/jonas-weber?lang=en',
      medicalSpecialty: ['https://schema.org/Cardiovascular'],
      knowsLanguage: ['de', 'en'],
      address: { '@type': 'PostalAddress', addressLocality: 'Berlin', addressCountry: 'DE' },
    });
  });

  it('names its canonical address and its three languages for search engines', async () => {
    const body = (await get('/doctors/jonas-weber?lang=de')).body;
    expect(body).toMatch(/<html lang="de">/);
    expect(body).toContain(
      '<link rel="canonical" href="http://vizita.test/doctors/jonas-weber?lang=de"',
    );
    for (const lang of ['en', 'bg', 'de'])
      expect(body).toMatch(
        new RegExp(
          `hreflang="${lang}"\\s+href="http://vizita.test/doctors/jonas-weber\\?lang=${lang}"`,
        ),
      );
    expect(body).toMatch(
      /hreflang="x-default"\s+href="http:\/\/vizita.test\/doctors\/jonas-weber"/,
    );
    // The languages are named in themselves, each with its lang attribute.
    expect(body).toMatch(/lang="bg"[^>]*>Български</);
  });

  it('is its own canonical address without ?lang= too, never another language of itself', async () => {
    // A canonical that names one hreflang alternate from another is a conflict (issue #23).
    for (const path of ['/doctors/jonas-weber', '/doctors']) {
      const body = (await get(path, 'de')).body;
      expect(body).toMatch(/<html lang="de">/);
      expect(body).toContain(`<link rel="canonical" href="http://vizita.test${path}" />`);
    }
  });

  it("chooses the browser's first language we speak and says so; ?lang= overrides it", async () => {
    const german = await get('/doctors/jonas-weber', 'fr-FR,fr;q=0.9,de;q=0.8,en;q=0.5');
    expect(german.body).toMatch(/<html lang="de">/);
    expect(german.body).toContain('Kardiologie');
    expect(german.body).toContain('Kardiologe in Berlin.');
    expect(german.body).toContain('der ersten Sprache Ihres Browsers');
    expect(german.headers.vary).toContain('Accept-Language');
    const chosen = await get('/doctors/jonas-weber?lang=bg', 'de');
    expect(chosen.body).toMatch(/<html lang="bg">/);
    expect(chosen.body).toContain('Кардиология');
    expect(chosen.body).not.toContain('първият от езиците на браузъра');
  });

  it('shows no e-mail, no account id and nothing about patients', async () => {
    // A patient booked Dr. Petrova with a reason: her page shows one time less, nothing else.
    const [patient] = await f.patients(1);
    await f.bookPaid(patient!.token, '2026-11-24', '09:00');
    for (const url of ['/doctors/elena-petrova', '/doctors', '/sitemap.xml']) {
      const body = (await get(url)).body;
      for (const secret of [
        f.doctorEmail,
        f.doctorId,
        weber.email,
        weber.id,
        patient!.email,
        patient!.userId,
      ])
        expect(body).not.toContain(secret);
    }
  });

  it('keeps what doctors typed as text: a bio cannot become markup or end the JSON-LD', async () => {
    const body = (await get('/doctors/shteryu-tsvetkov?lang=en')).body;
    expect(body).toContain(
      'Paediatrician &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; more.',
    );
    expect(jsonLdOf(body)?.description).toBe(
      'Paediatrician </script><script>alert(1)</script> & more.',
    );
    expect(body.match(/<script/g)).toHaveLength(1);
  });

  it('is 404 for a deactivated doctor, an unknown slug and a malformed one', async () => {
    expect((await get('/doctors/jonas-weber-2')).statusCode).toBe(404);
    expect((await get('/doctors/nobody-here')).statusCode).toBe(404);
    const odd = await get('/doctors/%3Cscript%3E');
    expect(odd.statusCode).toBe(404);
    expect(odd.body).not.toContain('<script>');
  });

  it('is the same page for every role: the signed-in see nothing more', async () => {
    const anonymous = (await get('/doctors/jonas-weber?lang=en')).body;
    const [patient] = await f.patients(1);
    const staff = await f.otherStaff();
    for (const userId of [patient!.userId, staff.otherDoctorId, staff.adminId]) {
      const { token } = await f.signIn(userId);
      const res = await t.app.inject({
        url: '/doctors/jonas-weber?lang=en',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.body).toBe(anonymous);
    }
  });
});

describe('the directory', () => {
  const names = (body: string) =>
    [...body.matchAll(/<h3[^>]*>\s*<a\s+href="\/doctors\/([a-z0-9-]+)/g)].map((m) => m[1]);

  it('lists the active doctors with their next free time, filtered as the visitor asks', async () => {
    const all = await get('/doctors?lang=en');
    expect(all.statusCode).toBe(200);
    // The role test above added the fixture's other doctor, a Dr. Weber without a city.
    expect(names(all.body).sort()).toEqual([
      'elena-petrova',
      'jonas-weber',
      'jonas-weber-3',
      'shteryu-tsvetkov',
    ]);
    expect(all.body).toMatch(/>\s*4 doctors\s*</);
    expect(names((await get('/doctors?lang=en&specialty=pediatrics')).body)).toEqual([
      'shteryu-tsvetkov',
    ]);
    expect(names((await get('/doctors?lang=en&language=de')).body)).toEqual(['jonas-weber']);
    expect(names((await get('/doctors?lang=en&place=BG')).body).sort()).toEqual([
      'elena-petrova',
      'shteryu-tsvetkov',
    ]);
    expect(names((await get('/doctors?lang=en&place=BG%2FPlovdiv')).body)).toEqual([
      'shteryu-tsvetkov',
    ]);
    expect(names((await get('/doctors?lang=en&maxFee=60')).body).sort()).toEqual([
      'elena-petrova',
      'jonas-weber-3',
      'shteryu-tsvetkov',
    ]);
    // Everyone is free today; an empty select is no filter.
    expect(names((await get('/doctors?lang=en&within=1&specialty=')).body)).toHaveLength(4);
  });

  it('leaves out a doctor whose next free time is later than the visitor wants', async () => {
    // Monday in the test's clock; she works on Saturdays only, five days on.
    await doctor({
      firstName: 'Mila',
      lastName: 'Saturday',
      weekly: parseWeeklyHours('Sat 09:00-12:00'),
    });
    await t.app.availability.changed();
    expect(names((await get('/doctors?lang=en&within=1')).body)).not.toContain('mila-saturday');
    expect(names((await get('/doctors?lang=en&within=3')).body)).not.toContain('mila-saturday');
    expect(names((await get('/doctors?lang=en&within=7')).body)).toContain('mila-saturday');
  });

  it('answers a filter it does not understand with 400 and says so on the page', async () => {
    const res = await get('/doctors?lang=de&specialty=astrology');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('Ein Filter wurde nicht verstanden');
  });

  it('keeps the filters when the visitor changes the language', async () => {
    const body = (await get('/doctors?lang=en&specialty=cardiology')).body;
    expect(body).toContain('href="/doctors?specialty=cardiology&amp;lang=de"');
  });
});

describe('sitemap and robots', () => {
  it('lists every active doctor in three languages and no deactivated one', async () => {
    const res = await get('/sitemap.xml');
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const slug of ['elena-petrova', 'jonas-weber', 'shteryu-tsvetkov'])
      for (const lang of ['en', 'bg', 'de'])
        expect(locs).toContain(`http://vizita.test/doctors/${slug}?lang=${lang}`);
    expect(locs).toContain('http://vizita.test/doctors?lang=en');
    expect(res.body).not.toContain('jonas-weber-2');
  });

  it('points robots to the sitemap and keeps them out of the signed-in app', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Sitemap: http://vizita.test/sitemap.xml');
    expect(res.body).toContain('Disallow: /api/');
    expect(res.body).not.toMatch(/Disallow: \/doctors/);
  });
});
