import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { callInPage } from './patients.ts';
import type { RunningApp } from './start-app.ts';
import { shown } from './ui.ts';

// Steps of the video-call journeys: a doctor whose next slot is always joinable, booking it,
// and what "in the call" looks like from a page.

export type CallDoctor = { email: string; password: string };

export const callDoctor = (): CallDoctor => ({
  email: `dr.call.${randomBytes(4).toString('hex')}@example.test`,
  password: 'Doctor-Call-2026!',
});

/**
 * A doctor who works around the clock in UTC with 15-minute slots, so that the next free slot
 * always starts within 15 minutes: its meeting is joinable now, whenever the test runs. "Call
 * Doctor" unless another `lastName` tells a second one apart (each signs in for the first time).
 */
export async function createCallDoctor(
  app: RunningApp,
  doctor: CallDoctor,
  lastName = 'Doctor',
): Promise<void> {
  await app.admin(
    [
      'create-doctor',
      '--email',
      doctor.email,
      '--first-name',
      'Call',
      '--last-name',
      lastName,
      '--specialties',
      'general-practice',
      '--time-zone',
      'UTC',
      '--hours',
      'Mon-Sun 00:00-23:59',
      '--slot-minutes',
      '15',
    ],
    `${doctor.password}\n`,
  );
}

type Day = { date: string; slots: string[] };

/**
 * Books and pays a slot with the call doctor: the next free one, or at 12:00 UTC tomorrow or the
 * day after (always more than 24 hours ahead, so a cancellation by the patient is refunded).
 */
export function bookWithCallDoctor(
  page: Page,
  which: 'next' | 'tomorrow' | 'in two days',
): Promise<string> {
  return bookAroundTheClock(page, 'Call Doctor', which);
}

/**
 * A doctor who works around the clock still has no slot from 23:45 to midnight (a day ends at
 * 23:59), so a journey that books the next free slot then gets tomorrow's first, 15–30 minutes
 * away — longer than it can wait for the join window. Such an appointment starts two minutes from
 * now (the database's clock) instead, as the slot would have a quarter of an hour later.
 */
export async function startWithinJoinWindow(app: RunningApp, appointmentId: string) {
  await app.sql(
    `update appointments set starts_at = now() + interval '2 minutes',
       ends_at = now() + interval '17 minutes'
     where id = $1 and starts_at > now() + interval '14 minutes'`,
    [appointmentId],
  );
}

/** Books and pays the call doctor's next free slot, joinable now. */
export async function bookCallNow(page: Page, app: RunningApp): Promise<string> {
  const appointmentId = await bookWithCallDoctor(page, 'next');
  await startWithinJoinWindow(app, appointmentId);
  return appointmentId;
}

/**
 * Books and pays a slot, through the calls the booking screens make, with a doctor who works
 * around the clock in UTC (the name's end tells which): the next free one, or 12:00 tomorrow or the day after.
 */
export async function bookAroundTheClock(
  page: Page,
  doctorName: string,
  which: 'next' | 'tomorrow' | 'in two days',
  country: 'Bulgaria' | 'Germany' = 'Bulgaria',
): Promise<string> {
  const doctors = (await callInPage(page, 'GET', '/api/doctors')).json.data as {
    _id: string;
    name: string;
  }[];
  const doctorId = doctors.find((d) => d.name.endsWith(doctorName))!._id;
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const days = (
    await callInPage(
      page,
      'GET',
      `/api/availability?doctorId=${doctorId}&startDate=${iso(0)}&endDate=${iso(2)}`,
    )
  ).json.data as Day[];
  // The next free time is today's — or, in the last quarter hour of a UTC day, tomorrow's first.
  const day =
    which === 'next'
      ? days.find((d) => d.slots.length > 0)!
      : days.find((d) => d.date === iso(which === 'tomorrow' ? 1 : 2))!;
  const slot = which === 'next' ? day.slots[0]! : '12:00';
  const session = await callInPage(page, 'POST', '/api/payments/create-session', {
    doctorId,
    date: day.date,
    slot,
    reason: 'Follow-up on blood tests',
    country,
  });
  expect(session.status).toBe(200);
  const { sessionId, appointmentId } = session.json.data as {
    sessionId: string;
    appointmentId: string;
  };
  const paid = await callInPage(page, 'POST', '/api/payments/process-dev-payment', { sessionId });
  expect(paid.status).toBe(200);
  return appointmentId;
}

const callState = (page: Page) =>
  page.locator('[data-call-state]').first().getAttribute('data-call-state');

export async function expectConnected(page: Page): Promise<void> {
  await expect.poll(() => callState(page), { timeout: 30_000 }).toBe('connected');
}

/** The other side's video is on screen and moving (the fake camera's frames arrive). */
export async function expectRemoteVideoPlaying(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const video = document.querySelector<HTMLVideoElement>('[data-testid="remote-video"]');
          if (!video || video.readyState < 2 || video.videoWidth === 0) return false;
          const before = video.currentTime;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return video.currentTime > before;
        }),
      { timeout: 30_000 },
    )
    .toBe(true);
}

/** The device check's words the journeys act on, in the languages they use. */
const DEVICE_CHECK = {
  en: {
    title: 'Before you join: check your camera, microphone and connection',
    consent: /I consent to Vizita processing/,
    join: 'Join now',
  },
  de: {
    title: 'Vor dem Beitritt: Kamera, Mikrofon und Verbindung prüfen',
    consent: /Ich willige ein, dass Vizita/,
    join: 'Jetzt beitreten',
  },
} as const;

/**
 * The device check before the call (issue #12): waits for it, gives the patient's video consent
 * when this is their first join (`consent`), and presses "Join now".
 */
export async function passDeviceCheck(
  page: Page,
  { consent = false, language = 'en' }: { consent?: boolean; language?: 'en' | 'de' } = {},
): Promise<void> {
  const words = DEVICE_CHECK[language];
  await page.getByRole('heading', { name: words.title }).waitFor({ timeout: 30_000 });
  if (consent) await page.getByRole('checkbox', { name: words.consent }).check();
  await page.getByRole('button', { name: words.join }).click();
}

type Places = { join: number[]; consent: number[] };

/**
 * From the tab's next page on, records every frame where the device check's "Join now" (once it
 * can be pressed) and its consent box stand in the document, each time one moves. The check must
 * keep one layout from its first paint: a control that moves as the camera opens takes a click
 * meant for it somewhere else — a patient's tick, a doctor's "Join now" — as the journeys saw
 * now and then before the check kept room for what comes later.
 */
export async function recordDeviceCheckPlaces(page: Page): Promise<void> {
  const { join, consent } = DEVICE_CHECK.en;
  await page.addInitScript(
    ({ joinText, consentLabel }) => {
      const places: Places = { join: [], consent: [] };
      (window as unknown as { deviceCheckPlaces: Places }).deviceCheckPlaces = places;
      const note = (list: number[], element: Element | null | undefined) => {
        if (!element) return;
        const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
        if (list.at(-1) !== top) list.push(top);
      };
      const consentLabelled = new RegExp(consentLabel);
      const look = () => {
        const button = Array.from(document.querySelectorAll('button')).find(
          (candidate) => candidate.textContent?.includes(joinText) && !candidate.disabled,
        );
        note(places.join, button);
        const label = Array.from(document.querySelectorAll('label')).find((candidate) =>
          consentLabelled.test(candidate.textContent ?? ''),
        );
        note(places.consent, label?.control);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    },
    { joinText: join, consentLabel: consent.source },
  );
}

/**
 * Waits until the device check has settled — the camera open, the devices listed, the microphone
 * heard — and answers where "Join now" and the consent box have stood since
 * `recordDeviceCheckPlaces`.
 */
export async function settledDeviceCheckPlaces(page: Page): Promise<Places> {
  await shown(page.getByText('Camera: works.'));
  await expect
    .poll(() => page.getByRole('combobox', { name: 'Camera' }).isEnabled(), { timeout: 15_000 })
    .toBe(true);
  await shown(page.getByText('Your microphone hears you.'));
  return page.evaluate(
    () =>
      (window as unknown as { deviceCheckPlaces?: Places }).deviceCheckPlaces ?? {
        join: [],
        consent: [],
      },
  );
}

/** The doctor lets the waiting patient in, once the waiting room shows them. */
export async function admitPatient(doctor: Page, patientName: string): Promise<void> {
  await doctor.getByRole('button', { name: `Admit ${patientName}` }).click({ timeout: 30_000 });
}
