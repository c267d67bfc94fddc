import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import {
  admitPatient,
  callDoctor,
  createCallDoctor,
  expectConnected,
  expectRemoteVideoPlaying,
  passDeviceCheck,
  startWithinJoinWindow,
} from './support/meetings.ts';
import { button, field, MOBILE, DESKTOP, shown, waitForPath } from './support/ui.ts';

// A video consultation for a person without an account (issue #12, KBV Anlage 31b; ADR 0028):
// the doctor creates it by name and e-mail, the person receives the link by mail in German, opens
// it in their own browser — no account, no payment — goes through the device check (with the
// consent) and the waiting room, is admitted, chats and receives a file. The same link in a
// second browser is refused.

const journey = setUpJourney();
const DOCTOR = callDoctor();

beforeAll(() => createCallDoctor(journey.app, DOCTOR));

describe('a consultation without an account', () => {
  it('invites a guest by mail, who joins through the device check and the waiting room, chats and receives a file', async () => {
    const doctor = journey.page;
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    await doctor.getByRole('link', { name: 'New consultation without account' }).click();
    await waitForPath(doctor, '/doctor/guest-consultations/new');
    const guestEmail = `anna.${randomBytes(4).toString('hex')}@example.de`;
    await field(doctor, 'Name of the person').fill('Anna Schmidt');
    await field(doctor, 'E-mail address').fill(guestEmail);
    await field(doctor, 'Language of the invitation').selectOption('de');
    // The doctor works around the clock in UTC: the first free time is at most 15 minutes on —
    // after 23:45 UTC, at midnight, on tomorrow's date (today then offers none: seen at 23:56).
    const firstFreeDay = new Date(Date.now() + 15 * 60_000).toISOString().slice(0, 10);
    await field(doctor, 'Date').fill(firstFreeDay);
    const time = field(doctor, 'Time');
    await expect.poll(() => time.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    await time.selectOption({ index: 1 });
    await expectAccessible(doctor, 'new consultation without account');
    await button(doctor, 'Create and send the invitation').click();
    await shown(doctor.getByText(`The invitation was sent to ${guestEmail}.`));
    const href = await doctor
      .getByRole('link', { name: 'Open the consultation' })
      .getAttribute('href');
    const appointmentId = href!.split('/').at(-1)!;
    await startWithinJoinWindow(journey.app, appointmentId);

    // The invitation, in German, with the single-use link.
    const mail = await journey.sink.waitForMail({
      to: guestEmail,
      subject: 'Ihre Videosprechstunde',
    });
    expect(mail.text).toContain('Guten Tag Anna Schmidt,');
    const link = /https?:\/\/\S+\/guest\/[\w-]{43}/.exec(mail.text)![0];

    const guestTab = await journey.openTab({
      timezoneId: 'Europe/Berlin',
    });
    const secondTab = await journey.openTab();
    const guest = guestTab.page;
    // The link is used only on a click, then leaves the address bar.
    await guest.goto(link);
    await shown(guest.getByRole('heading', { name: 'Your video consultation' }));
    await expectAccessible(guest, 'guest link');
    await button(guest, 'Continue').click();
    await waitForPath(guest, '/guest');
    // The invitation's language: German from here on, with the guest's own name.
    await shown(guest.getByText('Sie nehmen als Anna Schmidt teil.'));
    await shown(
      guest.getByRole('heading', {
        name: 'Vor dem Beitritt: Kamera, Mikrofon und Verbindung prüfen',
      }),
      30_000,
    );
    await expectAccessible(guest, 'guest device check');
    await guest.setViewportSize(MOBILE);
    await expectAccessible(guest, 'guest device check (375×812)');
    expect(await guest.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await guest.setViewportSize(DESKTOP);

    // Another browser with the same (forwarded) link gets nothing.
    await secondTab.page.goto(link);
    await button(secondTab.page, 'Continue').click();
    await shown(
      secondTab.page.getByText(
        'This link has already been opened on another device. Please ask your practice for a new link.',
      ),
    );

    await passDeviceCheck(guest, { consent: true, language: 'de' });
    await shown(guest.getByText(/Call Doctor lässt Sie gleich herein\./).first());
    await expectAccessible(guest, 'guest waiting room');

    // The doctor joins from the consultation's page and lets the guest in, by the name given.
    const doc = doctor;
    await doc.goto(`/doctor/appointments/${appointmentId}`);
    await shown(doc.getByText('Guest without account').first());
    await doc.getByRole('link', { name: 'Join' }).click();
    await waitForPath(doc, `/doctor/meeting/${appointmentId}`);
    await passDeviceCheck(doc);
    await admitPatient(doc, 'Anna Schmidt');
    await expectConnected(guest);
    await expectConnected(doc);
    await expectRemoteVideoPlaying(guest);
    await expectRemoteVideoPlaying(doc);
    await shown(doc.getByText('Anna Schmidt', { exact: false }).first());

    // Chat and a file, peer to peer, as for any patient.
    await button(guest, 'Chat').click();
    const chat = guest.getByRole('dialog', { name: 'Chat' });
    await chat.getByLabel('Nachricht', { exact: true }).fill('Guten Tag, ich höre Sie gut.');
    await chat.getByLabel('Nachricht', { exact: true }).press('Enter');
    await button(doc, 'Chat 1 unread message').click();
    await shown(
      doc
        .getByRole('dialog', { name: 'Chat' })
        .getByRole('log')
        .getByText('Guten Tag, ich höre Sie gut.'),
    );
    await doc.getByRole('button', { name: 'Close chat' }).click();
    await guest.getByRole('button', { name: 'Chat schließen' }).click();

    const letter = randomBytes(200_000);
    const sha256 = createHash('sha256').update(letter).digest('hex');
    await button(doc, 'Files').click();
    await button(guest, 'Dateien').click();
    await doc
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ueberweisung.pdf', mimeType: 'application/pdf', buffer: letter });
    await shown(
      guest.locator(`li[data-direction="incoming"][data-sha256="${sha256}"] a[download]`),
      30_000,
    );
  });
});
