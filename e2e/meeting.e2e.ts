import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import {
  connectedPeers,
  cutSignalling,
  openFiles,
  remoteStreamId,
  sendAndVerify,
  WATCH_THE_CALL,
} from './support/call-room.ts';
import { setUpJourney } from './support/journey.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import {
  admitPatient,
  bookAroundTheClock,
  bookCallNow,
  bookWithCallDoctor,
  callDoctor,
  createCallDoctor,
  expectConnected,
  expectRemoteVideoPlaying,
  passDeviceCheck,
  recordDeviceCheckPlaces,
  settledDeviceCheckPlaces,
  startWithinJoinWindow,
} from './support/meetings.ts';
import { callInPage, signedInPatient } from './support/patients.ts';
import { button, DESKTOP, MOBILE, shown, waitForPath } from './support/ui.ts';

// The video consultation (spec §2 Meeting, §3 file-transfer messages, §4, §9): a patient and a
// doctor in two Chromium contexts with fake cameras and microphones, on the built-in provider —
// peer-to-peer WebRTC with the server's signalling — in real time, inside the join window.

const journey = setUpJourney();
const DOCTOR = callDoctor();
/** A second doctor for the second journey: each staff member's first sign-in sets up 2FA once. */
const SECOND_DOCTOR = callDoctor();

const TEN_MB = 10_485_760;

beforeAll(async () => {
  await createCallDoctor(journey.app, DOCTOR);
  await createCallDoctor(journey.app, SECOND_DOCTOR, 'Second');
});

describe('video consultation', () => {
  it('checks devices, waits to be admitted, connects, moves 10 MB each way verified, chats, shares a screen and survives a reload', async () => {
    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Elena');
    const appointmentId = await bookCallNow(patient, journey.app);

    // The doctor signs in, lands on the doctor area and joins from it.
    const doctorTab = await journey.openTab();
    const doctor = doctorTab.page;
    await doctorTab.context.addInitScript(WATCH_THE_CALL);
    await recordDeviceCheckPlaces(doctor);
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    const today = doctor.getByRole('region', { name: 'Next consultation' });
    // The doctor area's first load (its routes are discovered, then its schedule read) can take
    // longer than expect.poll's default second on a busy machine (CI, 2026-11-28 03:58 UTC).
    await expect
      .poll(() => today.allInnerTexts(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('Elena Ivanova'));
    await expectAccessible(doctor, 'doctor area');
    await doctor.setViewportSize(MOBILE);
    await expectAccessible(doctor, 'doctor area (375×812)');
    await doctor.setViewportSize(DESKTOP);
    await today.getByRole('link', { name: 'Join' }).click();
    await waitForPath(doctor, `/doctor/meeting/${appointmentId}`);
    // The device check first; the doctor gives no consent (staff are not its data subject).
    await shown(doctor.getByRole('heading', { name: 'Rules of this room' }));
    expect(await doctor.getByRole('checkbox').count()).toBe(0);
    // "Join now" stood still while her camera opened and her devices were listed.
    expect((await settledDeviceCheckPlaces(doctor)).join).toHaveLength(1);
    await passDeviceCheck(doctor);
    await shown(doctor.getByText('Elena Ivanova has not arrived yet.', { exact: false }));

    await patient.context().addInitScript(WATCH_THE_CALL);

    // The patient joins from the appointments list, through the device check: camera preview,
    // microphone level, the connection, the room's rules and — the first time — the consent.
    await recordDeviceCheckPlaces(patient);
    await patient.goto('/dashboard/appointments');
    await patient.getByRole('link', { name: 'Join Meeting' }).first().click();
    await waitForPath(patient, `/dashboard/meeting/${appointmentId}`);
    await shown(patient.getByRole('heading', { name: 'Video Consultation' }));
    await shown(patient.getByText('Camera: works.'));
    await shown(patient.getByText('Microphone: works.'));
    // What she reaches for stood still while the camera opened and the devices were listed.
    const places = await settledDeviceCheckPlaces(patient);
    expect(places.consent).toHaveLength(1);
    expect(places.join).toHaveLength(1);
    await shown(
      patient.getByText('No recording of any kind — audio, video or screenshots — by anyone.'),
    );
    await expectAccessible(patient, 'device check');
    await patient.setViewportSize(MOBILE);
    await expectAccessible(patient, 'device check (375×812)');
    await patient.setViewportSize(DESKTOP);
    await button(patient, 'Join now').click();
    await shown(patient.getByText('Please give your consent to join the video consultation.'));
    await passDeviceCheck(patient, { consent: true });

    // The waiting room: the patient waits for the doctor, who sees them and lets them in.
    // Until then the server relays nothing between them: no connection, no media.
    await shown(patient.getByText(/Call Doctor will let you in\./).first());
    await expectAccessible(patient, 'waiting room');
    await shown(doctor.getByText(/Elena Ivanova is waiting since \d\d:\d\d/).first());
    await expectAccessible(doctor, 'waiting room (doctor)');
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(await connectedPeers(patient)).toBe(0);
    expect(await connectedPeers(doctor)).toBe(0);
    expect(await patient.locator('[data-call-state]').getAttribute('data-call-state')).toBe(
      'waiting',
    );
    await admitPatient(doctor, 'Elena Ivanova');

    await expectConnected(patient);
    await expectConnected(doctor);
    await expectRemoteVideoPlaying(patient);
    await expectRemoteVideoPlaying(doctor);
    await shown(patient.getByText('Connected', { exact: true }));
    await expectAccessible(patient, 'meeting (connected)');
    await patient.setViewportSize(MOBILE);
    await expectAccessible(patient, 'meeting (connected, 375×812)');
    expect(await patient.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      MOBILE.width,
    );
    await patient.setViewportSize(DESKTOP);

    // 10 MB each way over the data channel, verified by SHA-256 on receipt.
    await openFiles(patient);
    await openFiles(doctor);
    await sendAndVerify(patient, doctor, 'blood-tests.pdf', randomBytes(TEN_MB));
    const prescription = await sendAndVerify(
      doctor,
      patient,
      'prescription.pdf',
      randomBytes(TEN_MB),
    );
    await expectAccessible(patient, 'file transfer panel');

    // Text chat, peer to peer: the doctor sees an unread count, then the message. (The side
    // sheets take turns: the files' one is closed first, as a person would.)
    for (const page of [patient, doctor])
      await page.getByRole('button', { name: 'Close file transfer' }).click();
    await button(patient, 'Chat').click();
    const patientChat = patient.getByRole('dialog', { name: 'Chat' });
    await patientChat.getByLabel('Message', { exact: true }).fill('I sent you my blood tests.');
    await patientChat.getByLabel('Message', { exact: true }).press('Enter');
    await shown(patientChat.getByRole('log').getByText('I sent you my blood tests.'));
    await expectAccessible(patient, 'chat panel');
    await button(doctor, 'Chat 1 unread message').click();
    const doctorChat = doctor.getByRole('dialog', { name: 'Chat' });
    await shown(doctorChat.getByRole('log').getByText('I sent you my blood tests.'));
    await doctorChat.getByLabel('Message', { exact: true }).fill('Thank you, I have them.');
    await doctorChat.getByRole('button', { name: 'Send' }).click();
    await shown(patientChat.getByRole('log').getByText('Thank you, I have them.'));
    for (const page of [patient, doctor])
      await page.getByRole('button', { name: 'Close chat' }).click();

    // The doctor shares the screen: on the patient's side it is the large tile, the doctor's
    // camera small beside it; the doctor sees that they share and stops it.
    await button(doctor, 'Share screen').click();
    await shown(doctor.getByText('You are sharing your screen'));
    const screen = patient.locator('[data-testid="remote-screen"]');
    await shown(screen, 30_000);
    await expect
      .poll(() => screen.evaluate((video) => (video as HTMLVideoElement).videoWidth > 0))
      .toBe(true);
    expect(
      await patient.locator('[data-testid="remote-camera-tile"]').getAttribute('data-size'),
    ).toBe('small');
    await shown(patient.getByText(/Call Doctor is sharing their screen/).first());
    await expectAccessible(patient, 'screen shared by the doctor');
    await button(doctor, 'Stop sharing').click();
    await expect.poll(() => screen.count(), { timeout: 15_000 }).toBe(0);

    await openFiles(patient);
    await openFiles(doctor);

    // Two files at once from the patient: each with its progress, both verified on arrival.
    const two = [randomBytes(300_000), randomBytes(500_000)];
    await patient.locator('input[type="file"]').setInputFiles([
      { name: 'ecg.pdf', mimeType: 'application/pdf', buffer: two[0]! },
      { name: 'referral.pdf', mimeType: 'application/pdf', buffer: two[1]! },
    ]);
    for (const [i, name] of ['ecg.pdf', 'referral.pdf'].entries()) {
      const sha256 = createHash('sha256').update(two[i]!).digest('hex');
      const received = doctor.locator(`li[data-direction="incoming"][data-sha256="${sha256}"]`);
      await shown(received, 30_000);
      await expect.poll(() => received.innerText()).toContain(name);
    }

    // A chunk damaged on the way: the receiver drops the file and says so.
    await patient.evaluate(() => {
      const send = RTCDataChannel.prototype.send;
      let frames = 0;
      RTCDataChannel.prototype.send = function (this: RTCDataChannel, data: never) {
        const view = data as unknown;
        if (view instanceof Uint8Array && ++frames === 3) {
          const copy = view.slice();
          copy[copy.length - 1]! ^= 0xff;
          RTCDataChannel.prototype.send = send;
          return send.call(this, copy as never);
        }
        return send.call(this, data);
      };
    });
    await patient.locator('input[type="file"]').setInputFiles({
      name: 'damaged.pdf',
      mimeType: 'application/pdf',
      buffer: randomBytes(400_000),
    });
    const damaged = doctor
      .locator('li[data-direction="incoming"]')
      .filter({ hasText: 'damaged.pdf' });
    await expect.poll(() => damaged.getAttribute('data-status'), { timeout: 30_000 }).toBe('error');
    expect(await damaged.getAttribute('data-sha256')).toBeNull();
    await shown(damaged.getByText('The file was damaged on the way and was dropped.'));

    // A blip on the patient's signalling socket: the peer-to-peer link carries on untouched —
    // the doctor keeps the very same remote stream — and the patient's page reconnects.
    const before = await remoteStreamId(doctor);
    await cutSignalling(patient);
    await expectConnected(patient);
    await expectConnected(doctor);
    await expectRemoteVideoPlaying(doctor);
    expect(await remoteStreamId(doctor)).toBe(before);
    // What the patient received before the blip is still listed, verified, for download.
    await shown(
      patient.locator(`li[data-direction="incoming"][data-sha256="${prescription}"] a[download]`),
    );

    // The patient reloads: the device check again (the consent is on record), and the
    // admission holds — both are back in the call, and the doctor never left it.
    await patient.reload();
    await passDeviceCheck(patient);
    await expectConnected(patient);
    await expectConnected(doctor);
    expect(new URL(doctor.url()).pathname).toBe(`/doctor/meeting/${appointmentId}`);
    await expectRemoteVideoPlaying(doctor);
    await expectRemoteVideoPlaying(patient);

    // Leaving clears the received files and returns to the appointments list.
    await button(patient, 'Leave Meeting').click();
    await waitForPath(patient, '/dashboard/appointments');
  });

  it('holds back a patient until admitted, and lets a patient whose camera is refused join by audio', async () => {
    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Petra');
    const appointmentId = await bookAroundTheClock(patient, 'Call Second', 'next');
    await startWithinJoinWindow(journey.app, appointmentId);
    // The browser refuses the camera (as after "Block" on its prompt); the microphone works.
    await patient.context().addInitScript(`(() => {
      const devices = navigator.mediaDevices;
      const native = devices.getUserMedia.bind(devices);
      devices.getUserMedia = (constraints) =>
        constraints && constraints.video
          ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
          : native(constraints);
    })()`);
    await patient.context().addInitScript(WATCH_THE_CALL);

    const doctorTab = await journey.openTab();
    const doctor = doctorTab.page;
    await doctorTab.context.addInitScript(WATCH_THE_CALL);
    // The patient arrives first. The device check says what is wrong and how to fix it in
    // this browser, and that the call can still be joined.
    await patient.goto(`/dashboard/meeting/${appointmentId}`);
    await shown(
      patient.getByText('Camera: your browser does not allow this page to use it.'),
      30_000,
    );
    await shown(patient.getByText(/To allow them in Chrome or Edge/));
    await shown(patient.getByText('You can still join: you will be heard, but not seen.'));
    await expectAccessible(patient, 'device check (camera refused)');
    await passDeviceCheck(patient, { consent: true });
    await shown(patient.getByText(/Call Second will let you in\./).first());

    // The doctor is in the room too, but has not admitted the patient: nothing connects.
    await signInStaffFirstTime(doctor, SECOND_DOCTOR.email, SECOND_DOCTOR.password, '/doctor');
    await doctor.goto(`/doctor/meeting/${appointmentId}`);
    await passDeviceCheck(doctor);
    await shown(doctor.getByText(/Petra Ivanova is waiting since/).first());
    await new Promise((resolve) => setTimeout(resolve, 5000));
    expect(await connectedPeers(patient)).toBe(0);
    expect(await connectedPeers(doctor)).toBe(0);
    expect(await doctor.locator('[data-testid="remote-video"]').count()).toBeLessThanOrEqual(1);
    expect(
      await doctor.evaluate(
        () =>
          (
            document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]')
              ?.srcObject as MediaStream | null
          )?.getTracks().length ?? 0,
      ),
    ).toBe(0);

    // Admitted: an audio-only call, the spec's message on the patient's side.
    await admitPatient(doctor, 'Petra Ivanova');
    await expectConnected(patient);
    await expectConnected(doctor);
    await shown(
      patient.getByText(
        "Camera blocked: you can still hear and be heard. To be seen, allow the camera in your browser's site settings and rejoin.",
      ),
    );
    await expect
      .poll(() =>
        doctor.evaluate(() => {
          const stream = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]')
            ?.srcObject as MediaStream | null;
          return stream ? stream.getAudioTracks().length : 0;
        }),
      )
      .toBeGreaterThan(0);
    expect(await connectedPeers(doctor)).toBe(1);
  });

  it('refuses a third user, and shows the not-yet-available overlay outside the window', async () => {
    const owner = journey.page;
    await signedInPatient(owner, journey.app, journey.sink, 'Georgi');
    const ownersAppointment = await bookCallNow(owner, journey.app);

    const strangerTab = await journey.openTab();
    const stranger = strangerTab.page;
    await signedInPatient(stranger, journey.app, journey.sink, 'Ivan');
    await stranger.goto(`/dashboard/meeting/${ownersAppointment}`);
    await shown(stranger.getByRole('heading', { name: 'Unable to Join Meeting' }));
    await shown(stranger.getByText('Appointment not found'));
    await expectAccessible(stranger, 'meeting refused');
    // The server refuses the join itself, whatever a page would show.
    const join = await callInPage(stranger, 'POST', `/api/meetings/${ownersAppointment}/join`);
    expect(join.status).toBe(404);

    // Tomorrow's appointment: not joinable yet.
    const later = await bookWithCallDoctor(stranger, 'tomorrow');
    await stranger.goto(`/dashboard/meeting/${later}`);
    await shown(stranger.getByRole('heading', { name: 'Meeting not yet available' }));
    await shown(stranger.getByText(/The meeting will be available in \d+/));
    await expectAccessible(stranger, 'meeting not yet available');
    const early = await callInPage(stranger, 'POST', `/api/meetings/${later}/join`);
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(
      'Meeting not joinable yet. Please try again closer to the appointment time.',
    );
  });
});
