import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import {
  admitPatient,
  bookCallNow,
  callDoctor,
  createCallDoctor,
  expectConnected,
  passDeviceCheck,
} from './support/meetings.ts';
import { callInPage, signedInPatient } from './support/patients.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import { button, DESKTOP, MOBILE, shown, waitForPath } from './support/ui.ts';

// Documents the doctor issues after a call (issue #21): a sick note written in the console, read
// back from its PDF in Bulgarian and German by the patient, checked by its QR link and by its
// short code on the public /verify page, and revoked — in real Chromium against the built server.

const journey = setUpJourney();
const DOCTOR = callDoctor();

beforeAll(async () => {
  await createCallDoctor(journey.app, DOCTOR);
});

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function pdfText(path: string) {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  // Lines wrap where the page ends them: the words are compared, not the line breaks.
  return (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
}

async function expectAccessibleAtBothSizes(page: Page, screen: string) {
  await expectAccessible(page, screen);
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, `${screen} (375×812)`);
  await page.setViewportSize(DESKTOP);
}

describe('documents after the call', () => {
  it('issues a 3-day sick note, which the patient reads in Bulgarian and German and anyone can verify until it is revoked', async () => {
    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Nadia');
    const appointmentId = await bookCallNow(patient, journey.app);
    const { date: consultationDay } = (
      await callInPage(patient, 'GET', `/api/appointments/${appointmentId}`)
    ).json.data as { date: string };

    const doctorTab = await journey.openTab();
    const doctor = doctorTab.page;
    // The call.
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    await doctor.goto(`/doctor/meeting/${appointmentId}`);
    await passDeviceCheck(doctor);
    await patient.goto(`/dashboard/meeting/${appointmentId}`);
    await passDeviceCheck(patient, { consent: true });
    await admitPatient(doctor, 'Nadia Ivanova');
    await expectConnected(patient);
    await button(patient, 'Leave Meeting').click();
    await waitForPath(patient, '/dashboard/appointments');

    // The doctor writes a sick note for three days: the form says why not more.
    await doctor.goto(`/doctor/appointments/${appointmentId}`);
    const panel = doctor.getByRole('region', { name: 'Prescriptions, sick notes and referrals' });
    await button(panel, 'Write a sick note').click();
    const dialog = doctor.getByRole('dialog', { name: 'Write a sick note' });
    await shown(dialog.getByText(/At most 3 calendar days for a patient new to the practice/));
    await dialog.getByLabel('First day').fill(consultationDay);
    await dialog.getByLabel('Last day').fill(addDays(consultationDay, 2));
    await shown(dialog.getByText('3 calendar days'));
    await expectAccessible(doctor, 'write a sick note');
    await button(dialog, 'Issue sick note').click();
    await shown(doctor.getByText('The sick note was issued.', { exact: false }));
    await expectAccessibleAtBothSizes(doctor, 'consultation with its sick note');

    // The patient downloads it in Bulgarian and German, and reads it.
    await patient.reload();
    const card = patient.getByRole('article').filter({ hasText: 'Follow-up on blood tests' });
    await card.getByText('Documents from your doctor').click();
    await shown(card.getByText('Sick note', { exact: true }));
    await card.getByLabel('Language of the PDF').selectOption('bg+de');
    const [download] = await Promise.all([
      patient.waitForEvent('download'),
      button(card, 'Download PDF').click(),
    ]);
    const text = await pdfText(await download.path());
    expect(text).toContain(
      'Удостоверение за временна неработоспособност / Ärztliche Bescheinigung über Arbeitsunfähigkeit',
    );
    expect(text).toContain('Nadia Ivanova');
    expect(text).toContain('3 календарни дни');
    expect(text).toContain('3 Kalendertage');
    expect(text).toContain('keine elektronische Arbeitsunfähigkeitsbescheinigung (eAU)');
    await expectAccessibleAtBothSizes(patient, 'appointment with its sick note');

    // Its QR code's link, opened signed out, says it is authentic — and nothing about health.
    const [document] = (
      await callInPage(patient, 'GET', `/api/appointments/${appointmentId}/clinical-documents`)
    ).json.data as { verification: { id: string; shortCode: string; url: string } }[];
    expect(text).toContain(document!.verification.shortCode);
    const checker = await journey.openTab();
    const page = checker.page;
    await page.goto(new URL(document!.verification.url).pathname);
    await shown(page.getByText('Authentic', { exact: true }));
    await shown(page.getByText('Call Doctor', { exact: false }));
    expect(await page.locator('main').innerText()).not.toContain('Nadia');
    await expectAccessibleAtBothSizes(page, 'verification (authentic)');
    // The short code typed on /verify finds the same document.
    await page.goto('/verify');
    await page.getByLabel('Code on the document').fill(document!.verification.shortCode);
    await button(page, 'Check').click();
    await shown(page.getByText('Authentic', { exact: true }));

    // The doctor revokes it; the same page then says so.
    await button(panel, 'Revoke').click();
    const revoke = doctor.getByRole('alertdialog', { name: /^Revoke/ });
    await revoke.getByLabel('Reason').fill('The dates were wrong.');
    await expectAccessible(doctor, 'revoke a sick note');
    await revoke.getByRole('button', { name: /^Revoke/ }).click();
    await shown(doctor.getByText('The document was revoked.', { exact: false }));
    await page.goto(new URL(document!.verification.url).pathname);
    await shown(page.getByText('Revoked', { exact: true }));
    expect(await page.locator('main').innerText()).not.toContain('The dates were wrong.');
    await expectAccessible(page, 'verification (revoked)');
  });
});
