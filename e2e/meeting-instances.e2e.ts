import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpJourney } from './support/journey.ts';
import { signInStaffFirstTime } from './support/two-factor.ts';
import {
  bookCallNow,
  callDoctor,
  createCallDoctor,
  expectConnected,
  expectRemoteVideoPlaying,
  passDeviceCheck,
  admitPatient,
} from './support/meetings.ts';
import { signedInPatient } from './support/patients.ts';
import { startApp, type RunningApp } from './support/start-app.ts';

// Two API processes of one deployment on one database, their signalling joined by PostgreSQL
// LISTEN/NOTIFY (BROADCASTER=postgres): the patient's browser talks to one, the doctor's to the
// other, and they still meet (issue #6, ARCHITECTURE.md §1).

const BROADCASTER = { BROADCASTER: 'postgres' };
const journey = setUpJourney({ env: BROADCASTER });
const DOCTOR = callDoctor();
let second: RunningApp;

beforeAll(async () => {
  second = await startApp({ env: BROADCASTER, sameDeploymentAs: journey.app });
  await createCallDoctor(journey.app, DOCTOR);
});
afterAll(() => second?.stop());

describe('a call across two API instances', () => {
  it('connects a patient on one instance with a doctor on the other', async () => {
    expect(second.url).not.toBe(journey.app.url);
    const patient = journey.page;
    await signedInPatient(patient, journey.app, journey.sink, 'Maria');
    const appointmentId = await bookCallNow(patient, journey.app);

    const doctorTab = await journey.openTab({ url: second.url });
    const doctor = doctorTab.page;
    await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
    await doctor.goto(`/doctor/meeting/${appointmentId}`);
    await passDeviceCheck(doctor);
    await patient.goto(`/dashboard/meeting/${appointmentId}`);
    await passDeviceCheck(patient, { consent: true });
    // The waiting room holds across instances: the doctor on one admits the patient on the other.
    await admitPatient(doctor, 'Maria Ivanova');

    await expectConnected(patient);
    await expectConnected(doctor);
    await expectRemoteVideoPlaying(patient);
    await expectRemoteVideoPlaying(doctor);
    // Each page's signalling socket is on its own instance.
    expect(new URL(patient.url()).origin).toBe(journey.app.url);
    expect(new URL(doctor.url()).origin).toBe(second.url);
  });
});
