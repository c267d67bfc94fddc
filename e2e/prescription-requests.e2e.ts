import { readFile } from 'node:fs/promises';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { bookCallNow, callDoctor, createCallDoctor } from './support/meetings.ts';
import { callInPage, signedInPatient } from './support/patients.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import { button, shown, waitForPath } from './support/ui.ts';
import { expectAccessibleAtBothSizes, payOnCheckout } from './support/screens.ts';

// A repeat prescription without a call (issue #21, the spec's "Prescription Request", ADR 0039):
// a patient who saw the doctor ten days ago asks for her ibuprofen again and pays on the hosted
// checkout; the doctor finds the request in the console's queue and issues the prescription; the
// patient downloads it in German and reads it back; its QR code's link says it is authentic until
// the doctor revokes it — in real Chromium against the built server, axe on every screen.

const journey = setUpJourney();
const DOCTOR = callDoctor();

beforeAll(async () => {
  await createCallDoctor(journey.app, DOCTOR);
});

const EARLIER_PRESCRIPTION = {
  kind: 'prescription',
  content: {
    items: [
      {
        atc: 'M01AE01',
        medicine: 'Ibuprofen',
        strength: '400 mg',
        form: 'film-coated-tablet',
        dosage: '1 tablet up to three times a day',
        quantity: '1 pack of 20 tablets',
        instructions: 'Take with food.',
      },
    ],
  },
};

async function pdfText(path: string) {
  const document = await getDocumentProxy(new Uint8Array(await readFile(path)));
  // Lines wrap where the page ends them: the words are compared, not the line breaks.
  return (await extractText(document, { mergePages: true })).text.replace(/\s+/g, ' ');
}

describe('a repeat prescription without a call', () => {
  it('is requested and paid, issued from the queue, downloaded in German, verified, and revoked', async () => {
    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Greta');
    const visitId = await bookCallNow(patient, journey.app);

    const doctorTab = await journey.openTab();
    const doctor = doctorTab.page;
    // The visit ten days ago, where the doctor prescribed ibuprofen (the setting, not the journey).
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    const earlier = await callInPage(
      doctor,
      'POST',
      `/api/doctor/appointments/${visitId}/clinical-documents`,
      EARLIER_PRESCRIPTION,
    );
    expect(earlier.status).toBe(201);
    await journey.app.sql(
      `update appointments set status = 'completed', starts_at = now() - interval '10 days',
           ends_at = now() - interval '10 days' + interval '15 minutes' where id = $1`,
      [visitId],
    );

    // The patient asks for it again: the medicine from her earlier prescription, and pays.
    await patient.goto('/dashboard/appointments');
    await patient.getByRole('link', { name: 'Request a repeat prescription' }).first().click();
    await waitForPath(patient, '/dashboard/prescriptions/new');
    await shown(patient.getByRole('heading', { name: 'Request a repeat prescription' }));
    await shown(patient.getByText('Dr. Call Doctor', { exact: false }).first());
    await patient.getByRole('radio', { name: /Ibuprofen 400 mg/ }).check();
    await patient.getByLabel('Reason for the request').fill('The back pain is back after lifting');
    await patient.getByRole('radio', { name: /few days/i }).check();
    await expectAccessibleAtBothSizes(patient, 'request a repeat prescription');
    await button(patient, 'Request and pay').click();
    await payOnCheckout(patient, 'Greta Ivanova');
    await waitForPath(patient, '/booking/success');
    await shown(patient.getByText(/request/i).first());
    await expectAccessible(patient, 'request paid');

    // Its card: a Prescription Request waiting for the answer, with no call to join.
    await patient.goto('/dashboard/appointments');
    const card = patient
      .getByRole('article')
      .filter({ hasText: 'Prescription Request' })
      .filter({ hasText: 'Ibuprofen' });
    await shown(card);
    expect(await card.getByRole('button', { name: /Join/ }).count()).toBe(0);
    expect(await card.getByRole('link', { name: /Join/ }).count()).toBe(0);
    await expectAccessibleAtBothSizes(patient, 'appointments with the waiting request');

    // The doctor's queue, the request, the prescription written from it.
    await doctor.goto('/doctor');
    const queue = doctor.getByRole('region', { name: 'Prescription requests' });
    await shown(queue.getByText('Greta Ivanova'));
    await expectAccessibleAtBothSizes(doctor, 'console with the request queue');
    await queue.getByRole('link', { name: /Open/ }).first().click();
    await doctor.waitForURL(/\/doctor\/appointments\//);
    await shown(doctor.getByText('The back pain is back after lifting'));
    const panel = doctor.getByRole('region', { name: 'Prescriptions, sick notes and referrals' });
    await button(panel, 'Write a prescription').click();
    const dialog = doctor.getByRole('dialog', { name: 'Write a prescription' });
    await expect
      .poll(() => dialog.getByLabel('Medicine (active ingredient)').first().inputValue())
      .toBe('Ibuprofen');
    await dialog.getByLabel('Dosage').first().fill('1 tablet up to three times a day');
    await dialog.getByLabel('Quantity').first().fill('1 pack of 20 tablets');
    await expectAccessible(doctor, 'write the requested prescription');
    await button(dialog, 'Issue prescription').click();
    await shown(doctor.getByText('The prescription was issued.', { exact: false }));
    await doctor.goto('/doctor');
    await shown(doctor.getByRole('region', { name: 'Prescription requests' }));
    expect(
      await doctor
        .getByRole('region', { name: 'Prescription requests' })
        .getByText('Greta Ivanova')
        .count(),
    ).toBe(0);

    // The patient downloads it in German and reads it.
    await patient.reload();
    const answered = patient
      .getByRole('article')
      .filter({ hasText: 'Prescription Request' })
      .filter({ hasText: 'Ibuprofen' });
    await answered.getByText('Documents from your doctor').click();
    await answered.getByLabel('Language of the PDF').selectOption('de');
    const [download] = await Promise.all([
      patient.waitForEvent('download'),
      button(answered, 'Download PDF').click(),
    ]);
    const text = await pdfText(await download.path());
    expect(text).toContain('Privatrezept');
    expect(text).toContain('Ibuprofen');
    expect(text).toContain('Greta Ivanova');
    expect(text).toContain('kein E-Rezept');
    await expectAccessibleAtBothSizes(patient, 'the answered request');

    // Its QR code's link, opened by a pharmacy, says authentic — then revoked.
    const requestId = (
      (await callInPage(patient, 'GET', '/api/appointments?limit=50')).json.data as {
        _id: string;
        plan: string;
      }[]
    ).find((a) => a.plan === 'prescription')!._id;
    const [document] = (
      await callInPage(patient, 'GET', `/api/appointments/${requestId}/clinical-documents`)
    ).json.data as { verification: { shortCode: string; url: string } }[];
    expect(text).toContain(document!.verification.shortCode);
    const pharmacy = await journey.openTab();
    const page = pharmacy.page;
    await page.goto(new URL(document!.verification.url).pathname);
    await shown(page.getByText('Authentic', { exact: true }));
    const shownText = await page.locator('main').innerText();
    expect(shownText).not.toContain('Ibuprofen');
    expect(shownText).not.toContain('Greta');
    await expectAccessibleAtBothSizes(page, 'verification of the prescription');

    await doctor.goto(`/doctor/appointments/${requestId}`);
    const documents = doctor.getByRole('region', {
      name: 'Prescriptions, sick notes and referrals',
    });
    await button(documents, 'Revoke').click();
    const revoke = doctor.getByRole('alertdialog', { name: /^Revoke/ });
    await revoke.getByLabel('Reason').fill('Issued to the wrong pharmacy form.');
    await revoke.getByRole('button', { name: /^Revoke/ }).click();
    await shown(doctor.getByText('The document was revoked.', { exact: false }));
    await page.goto(new URL(document!.verification.url).pathname);
    await shown(page.getByText('Revoked', { exact: true }));
    await expectAccessible(page, 'verification of the revoked prescription');
  });
});
