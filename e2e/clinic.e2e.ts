import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { setUpJourney } from './support/journey.ts';
import { acceptInvitation, setUpTwoFactor, signInWithCode } from './support/two-factor.ts';
import {
  admitPatient,
  bookAroundTheClock,
  expectConnected,
  passDeviceCheck,
  startWithinJoinWindow,
} from './support/meetings.ts';
import { callInPage, signedInPatient } from './support/patients.ts';
import {
  button,
  DESKTOP,
  field,
  MOBILE,
  shown,
  signIn,
  switchLanguage,
  waitForPath,
} from './support/ui.ts';

// The clinic side of issue #10 in real Chromium against the built server: an admin invites a
// doctor, the doctor chooses a password and sets hours and a day off; a patient in Berlin, reading
// German, finds the doctor by the German specialty and books in her own time; the doctor is
// mailed, sees the booking in the week, opens the patient's profile, joins, writes notes and a
// summary and marks the visit completed; the patient reads the summary; the doctor cancels another
// booking with a refund; the admin finds both in the appointments and the audit log. axe-core on
// every new screen, at desktop and phone width.

const journey = setUpJourney();
const suffix = randomBytes(3).toString('hex');
const ADMIN = { email: `ops.${suffix}@clinic.test`, password: 'Clinic-Ops-2026!' };
const DOCTOR = { email: `ivo.${suffix}@clinic.test`, password: 'Kolev-Heart-2026!' };
const SUMMARY = 'Please measure your blood pressure twice a day for a week.';
const PATIENT_ZONE = 'Europe/Berlin';

async function checkBothWidths(page: Page, screen: string) {
  await expectAccessible(page, screen);
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, `${screen} (375×812)`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    MOBILE.width,
  );
  await page.setViewportSize(DESKTOP);
}

/** HH:MM of an instant on a Berlin wall clock: what the patient must read. */
const berlinClock = (instant: string) =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: PATIENT_ZONE,
  }).format(new Date(instant));

describe('the clinic runs Vizita from the browser', () => {
  it('invites a doctor who sets hours, meets a patient from Berlin, writes a summary, completes and cancels with a refund', async () => {
    const { app, sink } = journey;

    // (1) The admin invites the doctor; no password passes through the administration.
    await app.admin(
      ['create-admin', '--email', ADMIN.email, '--first-name', 'Olga', '--last-name', 'Ops'],
      `${ADMIN.password}\n`,
    );
    const admin = journey.page;
    // Staff set up two-factor sign-in before they see anything else (ADR 0023).
    await signIn(admin, ADMIN.email, ADMIN.password);
    await setUpTwoFactor(admin, ADMIN.password);
    await checkBothWidths(admin, 'security (two-factor on)');
    await admin.goto('/admin');
    await waitForPath(admin, '/admin');
    await field(admin, 'E-mail').fill(DOCTOR.email);
    await field(admin, 'First name').fill('Ivo');
    await field(admin, 'Last name').fill('Kolev');
    await field(admin, 'Specialty').selectOption({ label: 'Cardiology' });
    await field(admin, 'Language spoken').selectOption({ label: 'German' });
    await field(admin, "Language of the doctor's e-mails").selectOption({ label: 'English' });
    await field(admin, 'Time zone (IANA, e.g. Europe/Sofia)').fill('UTC');
    await field(admin, 'Consultation length (minutes)').fill('15');
    await button(admin, 'Send invitation').click();
    await shown(admin.getByText(`The invitation was sent to ${DOCTOR.email}.`));
    await checkBothWidths(admin, 'admin doctors');

    // The doctor chooses a password and connects the authenticator app through the single-use
    // invitation, then signs in with both (ADR 0023).
    const link = await sink.waitForLink({ to: DOCTOR.email, linkPath: '/accept-invite' });
    const doctorTab = await journey.openTab();
    const doctor = doctorTab.page;
    const patientTab = await journey.openTab({ timezoneId: PATIENT_ZONE });
    const patient = patientTab.page;
    await doctor.goto(link.pathname + link.search);
    await shown(doctor.getByRole('heading', { name: 'Welcome to Vizita, Ivo' }));
    await shown(doctor.getByRole('img', { name: 'QR code for your authenticator app' }));
    await checkBothWidths(doctor, 'accept invitation');
    const authenticator = await acceptInvitation(doctor, DOCTOR.password);
    await signInWithCode(doctor, DOCTOR.email, DOCTOR.password, authenticator, '/doctor');

    // Weekly hours around the clock (the journey must find a slot now), and a day off.
    await doctor.getByRole('link', { name: 'Availability' }).click();
    for (const day of [
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]) {
      await button(doctor, `Add hours on ${day}`).click();
      await field(doctor, `${day} from`).fill('00:00');
      await field(doctor, `${day} until`).fill('23:45');
    }
    await button(doctor, 'Save weekly hours').click();
    await shown(doctor.getByText('Your weekly hours are saved.'));
    const dayOff = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
    await field(doctor, 'Date').fill(dayOff);
    await button(doctor, 'Add').click();
    await shown(
      doctor.getByRole('region', { name: 'Upcoming changes' }).getByText('Time off, whole day'),
    );
    await checkBothWidths(doctor, 'doctor availability');
    // The day off is gone from what patients are offered, at once.
    const offered = await callInPage(
      doctor,
      'GET',
      `/api/availability?doctorId=${(await kolev(doctor))._id}&date=${dayOff}`,
    );
    expect(offered.json.data).toEqual([]);

    // (2) A patient in Berlin, reading German, finds the doctor by the German specialty and
    // books through the booking screens, reading every time in her own zone.
    const lena = await signedInPatient(patient, app, sink, 'Lena');
    await switchLanguage(patient, 'de');
    // Calls the journey makes itself from her page go out as the German interface sends them
    // (a booking records the language the client states).
    await patient.setExtraHTTPHeaders({ 'accept-language': 'de' });
    await patient.goto('/calendar');
    await shown(patient.getByRole('button', { name: /Dr\. Ivo Kolev Kardiologie/ }));
    await field(patient, 'Gesprochene Sprache').selectOption({ label: 'Deutsch' });
    await field(patient, 'Fachgebiet').selectOption({ label: 'Kardiologie' });
    await checkBothWidths(patient, 'booking filters (de)');
    await patient.getByRole('button', { name: /Dr\. Ivo Kolev/ }).click();
    await patient.getByRole('grid').getByRole('button', { disabled: false }).first().click();
    await shown(patient.getByText(/^Uhrzeiten in Ihrer Zeitzone \(Berlin\)/));
    const slot = patient.getByRole('button', { name: /Uhr in UTC$/ }).first();
    await shown(slot);
    // "19:15" over "18:15 Uhr in UTC": her time first, the doctor's under it.
    const [own, doctorsTime] = (await slot.innerText()).match(/\d{2}:\d{2}/g)!;
    // The doctor works in UTC: his time today, on her clock (the offset of today's season).
    const today = new Date().toISOString().slice(0, 10);
    expect(own).toBe(berlinClock(`${today}T${doctorsTime}:00Z`));
    expect(own).not.toBe(doctorsTime);
    await slot.click();
    const confirm = patient.getByRole('dialog', { name: 'Termin bestätigen' });
    await shown(confirm);
    await expect.poll(() => confirm.innerText()).toContain('Kardiologie');
    await expect.poll(() => confirm.innerText()).toContain(`${own} Uhr (Ortszeit Berlin)`);
    await expectAccessible(patient, 'confirm appointment (de, Berlin)');
    await confirm.getByLabel('Grund des Besuchs').fill('Blutdruck zu hoch');
    await button(confirm, 'Bezahlen').click();
    await patient.waitForURL(/\/checkout\/cs_local_/);
    await patient.getByLabel('Kartennummer').fill('4242 4242 4242 4242');
    await patient.getByLabel('Gültig bis (MM/JJ)').fill('12/30');
    await patient.getByLabel('Prüfnummer (CVC)').fill('123');
    await patient.getByLabel('Name auf der Karte').fill('Lena Ivanova');
    await patient.getByRole('button', { name: /^Bezahlen/ }).click();
    await shown(patient.getByRole('heading', { name: 'Zahlung erfolgreich!' }));
    await shown(patient.getByText(`${own} Uhr (Ortszeit Berlin)`));
    const { _id: appointmentId, startsAt } = await bookedAppointment(patient, own);
    // Her confirmation names the time in her zone too.
    const confirmation = await sink.waitForMail({ to: lena.email, subject: /bestätigt/ });
    expect(confirmation.text).toContain(own);
    expect(confirmation.text).toContain(PATIENT_ZONE);
    const other = await bookAroundTheClock(patient, 'Ivo Kolev', 'tomorrow', 'Germany');

    // (3) The doctor is told by mail with a calendar entry, sees the booking in the week,
    // reads the profile, joins, writes notes and a summary, and records the outcome.
    const notice = await sink.waitForMail({
      to: DOCTOR.email,
      subject: /^New booking: Lena Ivanova/,
    });
    // In the doctor's language (English, "7:00 PM") and on his clock (UTC).
    const doctorsClock = new Intl.DateTimeFormat('en-US', {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    }).format(new Date(startsAt));
    expect(notice.text).toContain(`Time: ${doctorsClock}`);
    expect(notice.attachments.find((a) => a.filename === 'invite.ics')?.text).toContain(
      'METHOD:REQUEST',
    );
    await startWithinJoinWindow(app, appointmentId);
    await doctor.goto('/doctor');
    const next = doctor.getByRole('region', { name: 'Next consultation' });
    await expect.poll(() => next.innerText()).toContain('Lena Ivanova');
    const week = doctor.getByRole('region', { name: /^Week of / });
    await expect.poll(() => week.innerText()).toContain('Lena Ivanova');
    await checkBothWidths(doctor, 'doctor schedule');
    await doctor.goto(`/doctor/appointments/${appointmentId}`);
    await button(doctor, "Show the patient's profile").click();
    await shown(doctor.getByText('8506014447'));
    await doctor.getByRole('link', { name: 'Join' }).click();
    await waitForPath(doctor, `/doctor/meeting/${appointmentId}`);
    await passDeviceCheck(doctor);
    await patient.goto(`/dashboard/meeting/${appointmentId}`);
    await passDeviceCheck(patient, { consent: true, language: 'de' });
    await admitPatient(doctor, 'Lena Ivanova');
    await expectConnected(patient);
    await expectConnected(doctor);
    // The console's schedule keeps how long the patient waited.
    await doctor.goto('/doctor');
    await expect
      .poll(() => doctor.getByRole('region', { name: 'Next consultation' }).innerText())
      .toMatch(/The patient waited \d+ minutes? before being admitted/);
    await doctor.goto(`/doctor/appointments/${appointmentId}`);
    await field(doctor, 'Private clinical notes').fill('Suspected white-coat hypertension.');
    await field(doctor, 'Summary for the patient').fill(SUMMARY);
    await button(doctor, 'Save notes').click();
    await shown(doctor.getByText('Saved as version 1.'));
    await checkBothWidths(doctor, 'doctor consultation');
    // The consultation took place: its start is twenty minutes ago (no journey waits for that).
    await app.sql(
      `update appointments set starts_at = now() - interval '20 minutes',
           ends_at = now() - interval '5 minutes' where id = $1`,
      [appointmentId],
    );
    await doctor.reload();
    await button(doctor, 'Mark as completed').click();
    await shown(doctor.getByText('Recorded: Completed.', { exact: false }));

    // (4) The patient reads the summary (never the private notes) and is mailed in German.
    await patient.goto('/dashboard/appointments');
    await shown(patient.getByRole('article').filter({ hasText: SUMMARY }));
    expect(await patient.content()).not.toContain('white-coat');
    await sink.waitForMail({ to: lena.email, subject: /Zusammenfassung/ });
    await sink.waitForMail({
      to: lena.email,
      subject: /Vielen Dank für Ihre Vizita-Sprechstunde/,
    });

    // (5) The doctor cancels the other booking; the patient is refunded and told, and both
    // calendars lose the entry.
    await doctor.goto(`/doctor/appointments/${other}`);
    await button(doctor, 'Cancel appointment').click();
    const dialog = doctor.getByRole('dialog', { name: 'Cancel this appointment' });
    await field(dialog, 'Reason for the patient').fill('I am away at a conference, sorry.');
    await button(dialog, 'Cancel and refund').click();
    await shown(doctor.getByText('The appointment was cancelled and the patient refunded.'));
    const history = (await callInPage(patient, 'GET', '/api/payments/history')).json.data as {
      status: string;
    }[];
    expect(history.filter((p) => p.status === 'refunded')).toHaveLength(1);
    const cancelled = await sink.waitForMail({ to: lena.email, subject: /abgesagt/ });
    expect(cancelled.attachments.find((a) => a.filename === 'invite.ics')?.text).toContain(
      'METHOD:CANCEL',
    );
    const doctorCancelled = await sink.waitForMail({
      to: DOCTOR.email,
      subject: /^Cancelled: consultation with Lena Ivanova/,
    });
    expect(doctorCancelled.attachments[0]?.text).toContain('METHOD:CANCEL');

    // The admin finds the cancellation and every read of the patient's record.
    await admin.getByRole('link', { name: 'Appointments' }).click();
    await field(admin, 'Status').selectOption({ label: 'Cancelled' });
    await admin.getByRole('search').getByRole('button').click();
    await shown(admin.getByRole('row').filter({ hasText: 'Lena Ivanova' }));
    await checkBothWidths(admin, 'admin appointments');
    await admin.getByRole('link', { name: 'Audit log' }).click();
    await shown(admin.getByRole('row').filter({ hasText: 'patient_profile.read' }));
    await checkBothWidths(admin, 'admin audit log');
  });
});

/** Dr. Kolev as the booking page lists him. */
async function kolev(page: Page) {
  const doctors = (await callInPage(page, 'GET', '/api/doctors')).json.data as {
    _id: string;
    name: string;
    nextAvailable: { date: string } | null;
  }[];
  return doctors.find((d) => d.name.endsWith('Ivo Kolev'))!;
}

/**
 * The patient's upcoming appointment at `own` on her Berlin clock (her only one at that time).
 * By the time, not the date: around midnight her day, the doctor's and the server's differ.
 */
async function bookedAppointment(page: Page, own: string) {
  const list = (await callInPage(page, 'GET', '/api/appointments?status=upcoming')).json.data as {
    _id: string;
    startsAt: string;
  }[];
  const found = list.filter((a) => berlinClock(a.startsAt) === own);
  expect(found).toHaveLength(1);
  return found[0]!;
}
