import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import {
  admitPatient,
  callDoctor,
  createCallDoctor,
  expectConnected,
  expectRemoteVideoPlaying,
  passDeviceCheck,
} from './support/meetings.ts';
import { signedInPatient } from './support/patients.ts';
import { expectAccessibleAtBothSizes, payOnCheckout } from './support/screens.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import { button, shown, waitForPath } from './support/ui.ts';

// "See a doctor now" (issue #22 part 4, ADR 0042), in real Chromium against the built server: a
// patient presses "Start Video Call", asks for a general practitioner who speaks English, pays the
// clinic's fee on the hosted checkout and waits in the queue; a doctor available now takes her
// within seconds and both meet in the room. A second patient whom nobody takes is refunded in
// full and offered the next free times. Axe on every new screen.

const journey = setUpJourney();
const DOCTOR = callDoctor();

beforeAll(async () => {
  await createCallDoctor(journey.app, DOCTOR);
  // The call doctor consults in English (the command line sets no languages).
  await journey.app.sql(
    `update doctor_profiles set languages = '{en}'
       where user_id = (select id from users where email = $1)`,
    [DOCTOR.email],
  );
});

/** From the dashboard's quick action to the checkout of the on-demand fee, and back paid. */
async function joinQueue(patient: Page, cardholder: string, reason: string) {
  await patient.goto('/dashboard');
  await patient.getByRole('link', { name: 'Start Video Call' }).click();
  await waitForPath(patient, '/dashboard/see-a-doctor-now');
  await shown(patient.getByRole('heading', { name: 'See a doctor now' }));
  await patient.getByLabel('Specialty').selectOption('general-practice');
  await patient.getByLabel('Language of the consultation').selectOption('en');
  await patient.getByLabel('Reason for the consultation').fill(reason);
  await expectAccessibleAtBothSizes(patient, 'see a doctor now');
  await button(patient, 'Pay and join the queue').click();
  await payOnCheckout(patient, cardholder);
  await patient.waitForURL(/\/dashboard\/see-a-doctor-now\/[0-9a-f-]{36}/);
  return new URL(patient.url()).pathname.split('/').pop()!;
}

describe('see a doctor now', () => {
  it('a doctor available now takes the waiting patient within seconds and the call starts', async () => {
    const doctorTab = await journey.openTab();
    const doctor = doctorTab.page;
    // The doctor says she is available for the next hour.
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    const panel = doctor.getByRole('region', { name: 'See a doctor now' });
    await panel.getByLabel('Available for').selectOption('60');
    await button(panel, 'Be available now').click();
    await shown(panel.getByText(/Available now until \d\d:\d\d/));
    await shown(panel.getByText('Nobody is waiting.'));

    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Lena');
    const id = await joinQueue(patient, 'Lena Ivanova', 'Fever and sore throat since yesterday');
    await shown(patient.getByText('You are number 1 in the queue.'));
    await shown(patient.getByText(/any moment now|about 1 minute/));
    await expectAccessibleAtBothSizes(patient, 'queue');
    const queuedAt = Date.now();

    // The console shows her waiting (it asks every few seconds) and the doctor takes her.
    await shown(panel.getByText('1 patient is waiting.'));
    await button(panel, 'Take the next patient').click();
    await waitForPath(doctor, `/doctor/meeting/${id}`);
    // Her page follows on its own into the room.
    await waitForPath(patient, `/dashboard/meeting/${id}`);
    expect(Date.now() - queuedAt).toBeLessThan(15_000);

    await passDeviceCheck(doctor);
    await passDeviceCheck(patient, { consent: true });
    await admitPatient(doctor, 'Lena Ivanova');
    await expectConnected(patient);
    await expectConnected(doctor);
    await expectRemoteVideoPlaying(patient);
    await expectRemoteVideoPlaying(doctor);
    await expectAccessible(patient, 'call from the queue');
  });

  it('a patient whom nobody takes is refunded in full and offered the next free times', async () => {
    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Nadia');
    const id = await joinQueue(patient, 'Nadia Petrova', 'Rash on both arms since this morning');
    // The doctor of the first journey is in her call with Lena: nobody takes Nadia.
    await shown(patient.getByText('You are number 1 in the queue.'));
    // Her twenty minutes are up (the setting, not the journey): her page ends the wait itself.
    await journey.app.sql(
      `update on_demand_requests set gives_up_at = now() where appointment_id = $1`,
      [id],
    );
    await shown(patient.getByText('Nobody could take you in time.'));
    await shown(patient.getByText(/Your payment of .*49\.00.* is refunded in full./));
    await shown(patient.getByRole('heading', { name: 'The next free times' }));
    const offered = patient.getByRole('link', { name: /Call Doctor/ }).first();
    await expect.poll(() => offered.getAttribute('href')).toMatch(/^\/book\/call-doctor\?at=/);
    await expectAccessibleAtBothSizes(patient, 'refunded from the queue');

    // The billing history shows the refund.
    await patient.goto('/dashboard/billing');
    await shown(patient.getByText('See a doctor now').first());
    await shown(patient.getByText('Refunded').first());
  });
});
