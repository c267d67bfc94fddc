import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { openPage } from './support/browser.ts';
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
import { button, gone, shown, waitForPath } from './support/ui.ts';
import { expectAccessibleAtBothSizes, payOnCheckout } from './support/screens.ts';

// Care between visits (issue #20): the bell, messages with the practice, the follow-up visit the
// doctor proposes after a call, and the earlier time offered to a waiting patient — in real
// Chromium against the built server, with its live bell socket, its background pass and real SMTP.

const journey = setUpJourney();
const DOCTOR = callDoctor();
/** The doctor whose freed time the second journey offers: a calendar of its own. */
const WAITLIST_DOCTOR = callDoctor();

/** A real 1×1 PNG: the server checks a file's type by its content. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  await createCallDoctor(journey.app, DOCTOR);
  await createCallDoctor(journey.app, WAITLIST_DOCTOR, 'Waitlist');
});

/** The top bar's bell, named by its unread count ("Notifications (2 unread)"). */
const bell = (page: Page, unread: number) =>
  page.getByRole('button', { name: `Notifications (${unread} unread)`, exact: true });

/** Opens the bell's panel once it shows `unread`, and answers it. */
async function openBell(page: Page, unread: number): Promise<Locator> {
  // Live: the count changes over the socket, without a reload (60 s: the background pass runs
  // every 30 s, and an earlier time is offered on it).
  await shown(bell(page, unread), 60_000);
  await bell(page, unread).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await shown(panel);
  return panel;
}

/** The visually hidden radio or checkbox of a choice is picked by clicking its label. */
const choose = (input: Locator) => input.locator('xpath=ancestor::label').click();

const isoDay = (daysAhead: number) =>
  new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** Books and pays 12:00 UTC `daysAhead` days from now with a doctor, as the booking screens do. */
async function bookNoonIn(page: Page, doctorName: string, daysAhead: number, reason: string) {
  const doctors = (await callInPage(page, 'GET', '/api/doctors')).json.data as {
    _id: string;
    name: string;
  }[];
  const session = await callInPage(page, 'POST', '/api/payments/create-session', {
    doctorId: doctors.find((d) => d.name.endsWith(doctorName))!._id,
    date: isoDay(daysAhead),
    slot: '12:00',
    reason,
    country: 'Bulgaria',
  });
  expect(session.status).toBe(200);
  const { sessionId } = session.json.data as { sessionId: string };
  expect(
    (await callInPage(page, 'POST', '/api/payments/process-dev-payment', { sessionId })).status,
  ).toBe(200);
}

/** A card of the appointments list, by the reason given at booking. */
const card = (page: Page, reason: string) => page.getByRole('article').filter({ hasText: reason });

describe('between visits', () => {
  it('tells the patient on the bell, carries a photo to the doctor and the reply back, and books the follow-up the doctor proposes after the call', async () => {
    const patient = journey.page;
    const mila = await signedInPatient(patient, journey.app, journey.sink, 'Mila');
    const appointmentId = await bookCallNow(patient, journey.app);

    // The booking is on the bell: one unread notification, in the panel, without health words.
    await patient.goto('/dashboard');
    let panel = await openBell(patient, 1);
    await shown(
      panel.getByRole('link', { name: /Your appointment with .*Call Doctor on .* is confirmed/ }),
    );
    expect(await panel.innerText()).not.toContain('blood tests');
    await expectAccessibleAtBothSizes(patient, 'notifications panel');
    await patient.keyboard.press('Escape');
    await gone(panel);
    await expect
      .poll(() => bell(patient, 1).evaluate((el) => el === document.activeElement))
      .toBe(true);

    // Before the visit she writes to her doctor from the appointment's card, with a photo.
    await patient.goto('/dashboard/appointments');
    await card(patient, 'Follow-up on blood tests')
      .getByRole('link', { name: 'Message the doctor' })
      .click();
    await patient.waitForURL(/\/dashboard\/messages\/(?!appointment\/)[^/]+$/);
    const threadPath = new URL(patient.url()).pathname;
    await patient
      .getByLabel('Your message', { exact: false })
      .fill('The rash came back this morning; a photo is attached.');
    await patient
      .getByLabel('Attach files')
      .setInputFiles({ name: 'rash.png', mimeType: 'image/png', buffer: PHOTO });
    await button(patient, 'Send').click();
    await shown(patient.getByText('Your message was sent.'));
    const patientLog = patient.getByRole('log');
    await shown(patientLog.getByText('The rash came back this morning; a photo is attached.'));
    await shown(patientLog.getByRole('img', { name: 'Picture rash.png' }));
    await expectAccessibleAtBothSizes(patient, 'conversation (patient)');
    // Nothing of the message is in the mail that tells the doctor about it.
    const mail = await journey.sink.waitForMail({
      to: DOCTOR.email,
      subject: 'You have a new message at Vizita',
    });
    expect(mail.text).not.toContain('rash');

    const doctorTab = await openPage(journey.browser, journey.app.url);
    const doctor = doctorTab.page;
    try {
      // The doctor finds the message on the bell (the booking came first) and reads it.
      await signInStaffFirstTime(doctor, DOCTOR.email, DOCTOR.password, '/doctor');
      panel = await openBell(doctor, 2);
      await expectAccessible(doctor, 'notifications panel (doctor)');
      await panel.getByRole('link', { name: 'New message from Mila Ivanova' }).click();
      await waitForPath(doctor, threadPath.replace('/dashboard/', '/doctor/'));
      const doctorLog = doctor.getByRole('log');
      await shown(doctorLog.getByText('The rash came back this morning; a photo is attached.'));
      const photo = doctorLog.getByRole('img', { name: 'Picture rash.png' });
      await shown(photo);
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
      await expectAccessibleAtBothSizes(doctor, 'conversation (doctor)');

      // Her open conversation shows the reply as it arrives, and that hers were read.
      await doctor
        .getByLabel('Your message', { exact: false })
        .fill('Thank you. Keep it dry; we will look at it in the call.');
      await button(doctor, 'Send').click();
      await shown(doctor.getByText('Your message was sent.'));
      await shown(patientLog.getByText('Thank you. Keep it dry; we will look at it in the call.'));
      await shown(patientLog.getByText('Read').first());
      await shown(bell(patient, 2));

      // The call.
      await doctor.goto(`/doctor/meeting/${appointmentId}`);
      await passDeviceCheck(doctor);
      await patient.goto(`/dashboard/meeting/${appointmentId}`);
      await passDeviceCheck(patient, { consent: true });
      await admitPatient(doctor, 'Mila Ivanova');
      await expectConnected(patient);
      await expectConnected(doctor);
      await button(patient, 'Leave Meeting').click();
      await waitForPath(patient, '/dashboard/appointments');

      // After it the doctor proposes a follow-up: two of their times five days later, a note.
      await doctor.goto(`/doctor/appointments/${appointmentId}`);
      const followUp = doctor.getByRole('region', { name: 'Follow-up visit' });
      await button(followUp, 'Propose a follow-up').click();
      const dialog = doctor.getByRole('dialog', { name: 'Propose a follow-up' });
      await shown(dialog);
      await dialog.getByLabel('Day').selectOption(isoDay(5));
      for (const time of ['10:00', '10:15'])
        await choose(dialog.getByRole('checkbox', { name: time, exact: true }));
      await shown(dialog.getByText('2 of at most 5 times chosen'));
      await dialog.getByLabel('Note for the patient').fill('Let us look at the skin again.');
      await expectAccessible(doctor, 'propose a follow-up');
      await button(dialog, 'Send proposal').click();
      await shown(doctor.getByText('The proposal was sent to the patient.'));
      await shown(followUp.getByText('Waiting for the patient'));
      await expectAccessibleAtBothSizes(doctor, 'consultation with its proposal');
    } finally {
      await doctorTab.context.close();
    }

    // The patient is told on the bell and by mail, sees it on the card, chooses a time and pays.
    panel = await openBell(patient, 3);
    await shown(panel.getByRole('link', { name: /proposes a follow-up visit/ }));
    await patient.keyboard.press('Escape');
    await journey.sink.waitForMail({
      to: mila.email,
      subject: 'Your doctor proposes a follow-up visit',
    });
    const visit = card(patient, 'Follow-up on blood tests');
    await shown(visit.getByText('Follow-up Visit'));
    await visit.getByRole('link', { name: 'Choose a time' }).click();
    await patient.waitForURL(/\/dashboard\/follow-ups\/[^/]+$/);
    await shown(patient.getByText('Let us look at the skin again.'));
    await expectAccessibleAtBothSizes(patient, 'follow-up visit');
    await choose(patient.getByRole('radio').first());
    await button(patient, 'Continue to payment').click();
    await payOnCheckout(patient, 'Mila Ivanova');
    await patient.waitForURL(/\/booking\/success/);
    await shown(patient.getByRole('heading', { name: 'Payment Successful!' }));
    await patient.goto('/dashboard/appointments');
    await shown(patient.getByText('Follow-up Visit').first());
    await expect
      .poll(async () => (await callInPage(patient, 'GET', '/api/appointments')).json.data)
      .toContainEqual(expect.objectContaining({ plan: 'follow-up', status: 'upcoming' }));
  });

  it('offers a freed earlier time to the patient waiting for one, who takes it without paying again', async () => {
    // Anna holds a time in two days; Boris one in four days, and asks for an earlier one.
    const anna = journey.page;
    await signedInPatient(anna, journey.app, journey.sink, 'Anna');
    await bookNoonIn(anna, 'Call Waitlist', 2, 'Annual skin check');

    const borisTab = await openPage(journey.browser, journey.app.url);
    const boris = borisTab.page;
    try {
      const borisUser = await signedInPatient(boris, journey.app, journey.sink, 'Boris');
      await bookNoonIn(boris, 'Call Waitlist', 4, 'Knee pain after running');
      await boris.goto('/dashboard/appointments');
      const borisCard = card(boris, 'Knee pain after running');
      await button(borisCard, 'Tell me if something earlier frees up').click();
      await shown(boris.getByText(/When a time frees up, you’ll get a notification and an e-mail/));
      await expectAccessibleAtBothSizes(boris, 'appointments with an earlier-time alert');
      await boris.goto('/dashboard');

      // Anna cancels hers.
      await anna.goto('/dashboard/appointments');
      await button(card(anna, 'Annual skin check'), 'Cancel').click();
      const cancel = anna.getByRole('dialog', { name: 'Cancel Appointment' });
      await cancel.getByLabel('Reason for cancellation').fill('I have to travel that week.');
      await button(cancel, 'Cancel Appointment').click();
      await gone(cancel);

      // Boris is offered her time, live on his bell (his booking's confirmation is the first).
      const panel = await openBell(boris, 2);
      await panel
        .getByRole('link', { name: /An earlier time is free with .*Call Waitlist/ })
        .click();
      await boris.waitForURL(/\/dashboard\/waitlist\/offers\/[^/]+$/);
      await shown(boris.getByRole('heading', { name: 'An earlier time is free' }));
      await expectAccessibleAtBothSizes(boris, 'earlier-time offer');
      const mail = await journey.sink.waitForMail({
        to: borisUser.email,
        subject: 'An earlier appointment time is free',
      });
      expect(mail.text).not.toContain('Anna');
      await button(boris, 'Take it').click();
      await shown(boris.getByText(/Done: your appointment is now on/));

      // It is his appointment, moved, and paid once.
      const appointments = (await callInPage(boris, 'GET', '/api/appointments')).json.data as {
        date: string;
        status: string;
      }[];
      expect(appointments).toEqual([expect.objectContaining({ status: 'upcoming' })]);
      expect(appointments[0]!.date.slice(0, 10)).toBe(isoDay(2));
    } finally {
      await borisTab.context.close();
    }
  });
});
