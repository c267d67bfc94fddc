import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { expectAccessibleAtBothSizes } from './support/screens.ts';
import { button, field, shown, text, waitForPath } from './support/ui.ts';
import { newUser } from './support/users.ts';

// Issue #22 parts 1, 2 and 5: the public doctor pages the server renders, read by a visitor
// without an account, and a booking carried from them through registration, the validation mail
// and the profile to the hosted checkout — in German, as her browser asks.

const journey = setUpJourney();
const DOCTOR = 'Dr. Georgi Dimitrov';

describe('the open door', () => {
  it('shows a doctor page without JavaScript: name, next times, JSON-LD; the sitemap lists it', async () => {
    const res = await fetch(`${journey.app.url}/doctors/georgi-dimitrov`, {
      headers: { 'accept-language': 'de-DE,de;q=0.9' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 class="text-2xl font-bold">${DOCTOR}</h1>`);
    expect(html).toMatch(/href="\/book\/georgi-dimitrov\?at=[^"]+&amp;lang=de"/);
    const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({ '@type': 'Physician', name: DOCTOR });
    const sitemap = await (await fetch(`${journey.app.url}/sitemap.xml`)).text();
    expect(sitemap).toContain(`${journey.app.url}/doctors/georgi-dimitrov?lang=de`);
  });

  it('a German visitor finds a German-speaking cardiologist, registers, and pays the time she chose', async () => {
    const { page } = await journey.openTab({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    await page.goto('/doctors');
    await shown(
      page.getByRole('heading', { name: 'Ärztin oder Arzt für eine Videosprechstunde finden' }),
    );
    // The page says which language it chose, and names every language in itself.
    await shown(page.getByRole('status').filter({ hasText: 'ersten Sprache Ihres Browsers' }));
    await shown(page.getByRole('link', { name: 'Български' }));
    await expectAccessibleAtBothSizes(page, 'doctor directory (de)');

    await page.getByLabel('Fachrichtung').selectOption('cardiology');
    await page.getByLabel('Gesprochene Sprache').selectOption('de');
    await button(page, 'Ärztinnen und Ärzte anzeigen').click();
    await shown(page.getByRole('heading', { name: '1 Ärztin oder Arzt' }));
    await page.getByRole('link', { name: DOCTOR }).click();

    await shown(page.getByRole('heading', { name: DOCTOR, level: 1 }));
    await shown(text(page, 'Kardiologie'));
    await expectAccessibleAtBothSizes(page, 'doctor page (de)');
    // The second time when there is one: the first may begin while she registers, and a time
    // that has begun is no longer offered (CI at 07:30 UTC chose 07:30).
    const times = page.getByRole('link', { name: /buchen$/ });
    const time = (await times.count()) > 1 ? times.nth(1) : times.first();
    const href = (await time.getAttribute('href')) ?? '';
    const at = new URL(href, journey.app.url).searchParams.get('at') ?? '';
    const slot = (await time.innerText()).trim();
    expect(at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    await time.click();

    // Signed out: the welcome page remembers the time; she creates her account.
    await waitForPath(page, '/');
    await shown(page.getByText(`Termin bei ${DOCTOR}`, { exact: false }));
    await expectAccessible(page, 'welcome with a chosen time (de)');
    const user = newUser('Lena');
    await page.goto('/?register=true');
    const form = page.locator('form').filter({ has: button(page, 'Konto erstellen') });
    await field(form, 'Vorname').fill(user.firstName);
    await field(form, 'Nachname').fill('Schneider');
    await field(form, 'E-Mail').fill(user.email);
    await field(form, 'Passwort').fill(user.password);
    await field(form, 'Passwort wiederholen').fill(user.password);
    await form.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
    await button(form, 'Konto erstellen').click();

    // The validation link brings her back to the time she chose, whatever browser opens it.
    const link = await journey.sink.waitForLink({ to: user.email, linkPath: '/validate-email' });
    await page.goto(link.toString());
    await shown(page.getByRole('button', { name: 'Anmelden' }).last(), 20_000);
    await shown(page.getByText(`Termin bei ${DOCTOR}`, { exact: false }));
    await field(page.locator('form').filter({ has: button(page, 'Anmelden') }), 'E-Mail').fill(
      user.email,
    );
    await page.getByLabel('Passwort', { exact: true }).fill(user.password);
    await button(page, 'Anmelden').last().click();

    // The profile the booking needs, then straight on to that time's confirmation.
    await waitForPath(page, '/complete-profile');
    await page.getByLabel('Geschlecht', { exact: true }).selectOption({ label: 'Weiblich' });
    await field(page, 'Geburtsdatum').fill('1990-04-12');
    await field(page, 'Straße').fill('Hauptstraße');
    await field(page, 'Hausnummer').fill('5');
    await field(page, 'Postleitzahl').fill('10115');
    await field(page, 'Ort').fill('Berlin');
    await page.getByLabel('Land', { exact: true }).selectOption('DE');
    await page
      .getByLabel('Versicherungsart', { exact: true })
      .selectOption({ label: 'Gesetzlich' });
    await page.getByLabel('Krankenversicherung', { exact: true }).selectOption('Barmer');
    await field(page, 'Versichertennummer').fill('A123456780');
    await page.getByLabel('Ich akzeptiere die Allgemeinen Geschäftsbedingungen').check();
    await button(page, 'Profil vervollständigen').click();
    const dialog = page.getByRole('dialog', { name: 'Termin bestätigen' });
    await shown(dialog, 20_000);
    await expect.poll(() => dialog.innerText()).toContain(DOCTOR);
    await expectAccessible(page, 'confirm the chosen time (de)');
    await button(dialog, 'Bezahlen').click();

    await page.waitForURL(/\/checkout\/cs_local_/);
    await page.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await page.getByLabel('Gültig bis (MM/JJ)').fill('12/30');
    await page.getByLabel('Prüfnummer (CVC)').fill('123');
    await page.getByLabel('Name auf der Karte').fill('Lena Schneider');
    await page.getByRole('button', { name: /^Bezahlen/ }).click();
    await page.waitForURL(/\/booking\/success/);
    await shown(page.getByRole('heading', { name: 'Zahlung erfolgreich!' }), 20_000);
    await expect.poll(() => page.locator('main').innerText()).toContain(DOCTOR);
    // The time she chose on the public page, not another one.
    const booked = await page.evaluate(async () => {
      const status = await (await fetch('/auth/status', { credentials: 'include' })).json();
      const res = await fetch('/api/appointments', {
        headers: { authorization: `Bearer ${status.data.accessToken}` },
      });
      return (await res.json()).data as { startsAt: string; status: string }[];
    });
    expect(booked.map((a) => [new Date(a.startsAt).toISOString(), a.status])).toEqual([
      [at, 'upcoming'],
    ]);
    expect(slot).toMatch(/^\d{2}:\d{2}$/);
  });
});
