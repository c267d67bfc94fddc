import { readFile } from 'node:fs/promises';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { totpStep } from '../apps/api/src/lib/totp.ts';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { bookWithCallDoctor, callDoctor, createCallDoctor } from './support/meetings.ts';
import { signedInPatient } from './support/patients.ts';
import { freshCode, setUpTwoFactor, signInStaffFirstTime } from './support/two-factor.ts';
import {
  button,
  DESKTOP,
  expectDashboard,
  field,
  MOBILE,
  shown,
  signIn,
  text,
  waitForPath,
} from './support/ui.ts';

// Issue #11's journey in real Chromium against the built server and its real PostgreSQL: a
// patient turns on two-factor sign-in, signs in with a code, takes her data and deletes her
// account; afterwards she cannot sign in, her doctor sees the cancellation, and the database
// holds nothing of hers outside the payment records the law keeps.

const journey = setUpJourney();
const EGN = '8506014447'; // support/patients.ts
const REASON = 'Follow-up on blood tests'; // support/meetings.ts

async function download(page: Page, name: string): Promise<{ file: Download; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), button(page, name).click()]);
  return { file, text: await readFile(await file.path(), 'utf8') };
}

describe('privacy and data rights', () => {
  it('enables two-factor sign-in, signs in with a code, exports her data and deletes her account', async () => {
    const { page, app, sink } = journey;
    const doctor = callDoctor();
    await createCallDoctor(app, doctor);
    const patient = await signedInPatient(page, app, sink, 'Radostina');
    const appointmentId = await bookWithCallDoctor(page, 'in two days');

    // (1) Two-factor sign-in, then a sign-in that asks for the code.
    await page.goto('/security');
    await expectAccessible(page, 'security (patient)');
    const secret = await setUpTwoFactor(page, patient.password);
    const setUpStep = totpStep(new Date());
    await shown(page.getByText(/Two-factor sign-in is now on/));
    await page.goto('/dashboard/profile');
    await button(page, 'Sign Out').filter({ visible: true }).first().click();
    await waitForPath(page, '/');
    await signIn(page, patient.email, patient.password);
    const login = await freshCode(secret, setUpStep);
    await field(page, '6-digit code').fill(login.code);
    await expectAccessible(page, 'two-factor sign-in step');
    await button(page, 'Verify').click();
    await expectDashboard(page);

    // (2) Her data: the JSON file and the readable page, with her EGN and her appointment.
    await page.goto('/dashboard/profile');
    const privacy = page.getByRole('region', { name: 'Privacy and your data' });
    await shown(privacy);
    await expectAccessible(page, 'profile with privacy and data');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page, 'profile with privacy and data (375×812)');
    await page.setViewportSize(DESKTOP);
    const json = await download(page, 'Download as a data file (JSON)');
    expect(json.file.suggestedFilename()).toMatch(/^vizita-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(json.text) as {
      account: { email: string };
      profile: { nationalId: string };
      appointments: { id: string; reason: string; doctor: string }[];
    };
    expect(data.account.email).toBe(patient.email);
    expect(data.profile.nationalId).toBe(EGN);
    expect(data.appointments).toEqual([
      expect.objectContaining({
        id: appointmentId,
        reason: REASON,
        doctor: expect.stringContaining('Call Doctor'),
      }),
    ]);
    await shown(text(page, 'Your data was downloaded.'));
    const readable = await download(page, 'Download as a readable page');
    expect(readable.text).toContain('<h1>Your data at Vizita</h1>');
    expect(readable.text).toContain(EGN);
    expect(readable.text).toContain(REASON);

    // (3) Deleting the account: the consequences first, then the password and a fresh code.
    await button(privacy, 'Delete my account').click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await shown(dialog);
    await expectAccessible(page, 'delete account dialog');
    await field(dialog, 'Your password').fill(patient.password);
    await field(dialog, '6-digit code from your authenticator app').fill(
      (await freshCode(secret, login.step)).code,
    );
    await button(dialog, 'Delete my account for good').click();
    await waitForPath(page, '/');
    await shown(text(page, 'Your account was deleted. Thank you for using Vizita.'));
    await expectAccessible(page, 'welcome after deletion');

    // (4) She cannot sign in any more.
    await signIn(page, patient.email, patient.password);
    await shown(text(page, 'Invalid email or password'));

    // (5) Her doctor is told, and sees the cancellation without her name.
    await sink.waitForMail({
      to: doctor.email,
      subject: /^Cancelled: consultation with Radostina/,
    });
    const doctorPage = await journey.openTab();
    const dr = doctorPage.page;
    await signInStaffFirstTime(dr, doctor.email, doctor.password, '/doctor');
    await dr.goto(`/doctor/appointments/${appointmentId}`);
    const main = dr.getByRole('main');
    await expect.poll(() => main.innerText()).toContain('Deleted account');
    await expect.poll(() => main.innerText()).toContain('Cancelled');
    expect(await main.innerText()).not.toContain('Radostina');
    await expectAccessible(dr, 'doctor: appointment of a deleted account');

    // (6) Nothing of hers is left but the invoices and credit note, kept as issued.
    const tables = await app.sql<{ table_name: string }>(
      `select table_name from information_schema.tables
        where table_schema = 'public' and table_name not in ('invoices', '__drizzle_migrations')`,
    );
    const traces = [patient.email, 'Radostina', EGN, REASON];
    for (const { table_name } of tables) {
      const [dump] = await app.sql<{ rows: string | null }>(
        `select coalesce(json_agg(t)::text, '') as rows from "${table_name}" t`,
      );
      for (const trace of traces)
        expect(dump?.rows ?? '', `${trace} in ${table_name}`).not.toContain(trace);
    }
    // The refund of the paid appointment runs as a background job (ADR 0013).
    await expect
      .poll(
        async () =>
          (
            await app.sql<{ status: string }>(
              'select status from payments where appointment_id = $1',
              [appointmentId],
            )
          )[0]?.status,
        { timeout: 60_000, interval: 1000 },
      )
      .toBe('refunded');
  });
});
