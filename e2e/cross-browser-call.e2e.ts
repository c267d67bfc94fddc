import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type Engine } from './support/browser.ts';
import {
  cutSignalling,
  expectMediaFlowing,
  openFiles,
  remoteStreamId,
  sendAndVerify,
  WATCH_THE_CALL,
} from './support/call-room.ts';
import { setUpJourney } from './support/journey.ts';
import {
  admitPatient,
  bookCallNow,
  callDoctor,
  createCallDoctor,
  expectConnected,
  expectRemoteVideoPlaying,
  passDeviceCheck,
} from './support/meetings.ts';
import { signedInPatient } from './support/patients.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import { button, shown, typeIn, waitForPath } from './support/ui.ts';

// Issue #23: a video consultation between Firefox ESR and Chromium, each way round — where
// browsers differ most (codecs, getStats() fields, data-channel message sizes). One server, a
// Firefox of the journey's own and a Chromium beside it, fake cameras and microphones on both.

const journey = setUpJourney({ engine: 'firefox' });
const TEN_MB = 10_485_760;
let chromium: Browser;

beforeAll(async () => {
  chromium = await launchBrowser('chromium');
});
afterAll(async () => {
  await chromium?.close();
});

/** A page in the given engine: the journey's own Firefox page, or a new Chromium one. */
async function pageIn(engine: Engine): Promise<Page> {
  if (engine === 'firefox') return journey.page;
  return (await journey.openTab({ in: chromium })).page;
}

/** Sends a chat message from one side and waits for it on the other. */
async function chat(from: Page, to: Page, message: string) {
  const panel = (page: Page) => page.getByRole('dialog', { name: 'Chat' });
  for (const page of [from, to]) {
    if (!(await panel(page).isVisible())) await page.getByRole('button', { name: /^Chat/ }).click();
  }
  await typeIn(panel(from).getByLabel('Message', { exact: true }), message);
  await panel(from).getByRole('button', { name: 'Send' }).click();
  await shown(panel(to).getByRole('log').getByText(message));
}

async function callBetween({ patientIn, doctorIn }: { patientIn: Engine; doctorIn: Engine }) {
  const doctorAccount = callDoctor();
  await createCallDoctor(journey.app, doctorAccount);
  const patient = await pageIn(patientIn);
  const doctor = await pageIn(doctorIn);
  await patient.context().addInitScript(WATCH_THE_CALL);
  await doctor.context().addInitScript(WATCH_THE_CALL);
  await signedInPatient(patient, journey.app, journey.sink, 'Lena');
  const appointmentId = await bookCallNow(patient, journey.app);

  // Each through the device check; the patient waits until the doctor admits her.
  await signInStaffFirstTime(doctor, doctorAccount.email, doctorAccount.password, '/doctor');
  await doctor.goto(`/doctor/meeting/${appointmentId}`);
  await passDeviceCheck(doctor);
  await patient.goto(`/dashboard/meeting/${appointmentId}`);
  await passDeviceCheck(patient, { consent: true });
  await shown(patient.getByText(/Call Doctor will let you in\./).first(), 30_000);
  await admitPatient(doctor, 'Lena Ivanova');

  // Both see and hear each other: frames decoded and sound received on each side.
  await expectConnected(patient);
  await expectConnected(doctor);
  await expectRemoteVideoPlaying(patient);
  await expectRemoteVideoPlaying(doctor);
  await expectMediaFlowing(patient);
  await expectMediaFlowing(doctor);
  // The connection-quality indicator has a reading in each browser's statistics.
  for (const page of [patient, doctor])
    await shown(page.locator('[data-quality]').getByText(/^Connection: (good|fair|poor)$/));

  // Chat both ways.
  await chat(patient, doctor, `Hello from ${patientIn}.`);
  await chat(doctor, patient, `Hello from ${doctorIn}.`);
  for (const page of [patient, doctor])
    await page.getByRole('button', { name: 'Close chat' }).click();

  // 10 MB each way through the File Transfer panels, verified by SHA-256 on arrival.
  await openFiles(patient);
  await openFiles(doctor);
  await sendAndVerify(patient, doctor, 'blood-tests.pdf', randomBytes(TEN_MB));
  await sendAndVerify(doctor, patient, 'prescription.pdf', randomBytes(TEN_MB));
  for (const page of [patient, doctor])
    await page.getByRole('button', { name: 'Close file transfer' }).click();

  // Chromium shares its screen (its fake "monitor"); Firefox shows it as the large tile.
  const [sharer, viewer] = patientIn === 'chromium' ? [patient, doctor] : [doctor, patient];
  await button(sharer, 'Share screen').click();
  await shown(sharer.getByText('You are sharing your screen'));
  const screen = viewer.locator('[data-testid="remote-screen"]');
  await shown(screen, 30_000);
  await expect
    .poll(() => screen.evaluate((video: HTMLVideoElement) => video.videoWidth), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  await button(sharer, 'Stop sharing').click();
  await expect.poll(() => screen.count(), { timeout: 15_000 }).toBe(0);

  // A blip on the Firefox side's signalling: it reconnects, the media link is never rebuilt.
  const firefoxSide = patientIn === 'firefox' ? patient : doctor;
  const otherSide = firefoxSide === patient ? doctor : patient;
  const before = await remoteStreamId(otherSide);
  await cutSignalling(firefoxSide);
  await expectConnected(firefoxSide);
  await expectConnected(otherSide);
  await expectMediaFlowing(otherSide);
  expect(await remoteStreamId(otherSide)).toBe(before);

  await button(patient, 'Leave Meeting').click();
  await waitForPath(patient, '/dashboard/appointments');
}

describe('a call between Firefox and Chromium', () => {
  it('patient in Firefox, doctor in Chromium: admitted, both see and hear, chat, 10 MB each way, quality, a shared screen and a signalling blip', async () => {
    await callBetween({ patientIn: 'firefox', doctorIn: 'chromium' });
  });

  it('patient in Chromium, doctor in Firefox: the same call the other way round', async () => {
    await callBetween({ patientIn: 'chromium', doctorIn: 'firefox' });
  });
});
