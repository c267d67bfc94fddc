import type { Browser } from 'puppeteer-core';
import { apiPatient, bookPaidByApi } from '../e2e/support/patients.ts';
import type { SmtpSink } from '../e2e/support/smtp-sink.ts';
import type { RunningApp } from '../e2e/support/start-app.ts';

// The patient the benches sign in as, for the pages only she sees.

export type Patient = { email: string; password: string };

/**
 * A patient with a completed profile and one paid appointment, so My Appointments lists one
 * as a patient's usually does; created through the calls the screens make.
 */
export async function preparePatient(
  app: RunningApp,
  sink: SmtpSink,
  name: string,
): Promise<Patient> {
  const { user, call } = await apiPatient(app.url, sink, name);
  await bookPaidByApi(call, {
    fromDay: 1,
    toDay: 14,
    reason: 'A cough that has lasted three weeks',
  });
  return { email: user.email, password: user.password };
}

/**
 * Signs in inside the browser, as the sign-in form does: the refresh cookie (and the session
 * marker, ADR 0049) land in the browser's own jar, which Lighthouse keeps (it clears caches, not
 * cookies). A Cookie header in Lighthouse's extraHeaders would not do: the session restore rotates
 * the refresh token on every load, and replaying a rotated one ends the session (ADR 0004).
 */
export async function signIn(browser: Browser, app: RunningApp, patient: Patient): Promise<void> {
  const page = await browser.newPage();
  // The app's page: its CSP lets it call the API (an API answer's `default-src 'none'` would not).
  await page.goto(`${app.url}/`);
  const status = await page.evaluate(async (body) => {
    const response = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    return response.status;
  }, JSON.stringify(patient));
  if (status !== 200) throw new Error(`Signing in answered ${status}`);
  await page.close();
}
