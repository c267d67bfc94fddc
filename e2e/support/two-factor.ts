import type { Page } from 'playwright-core';
import { totpAt, totpStep } from '../../apps/api/src/lib/totp.ts';
import { button, field, shown, signIn, typeIn, waitForPath } from './ui.ts';

/** The code an authenticator app shows now for `secret` (RFC 6238). */
export const currentCode = (secret: string, steps = 0) =>
  totpAt(secret, totpStep(new Date()) + steps);

/**
 * A code of the authenticator app that the server has not seen yet: each code is good once, so
 * after `usedStep` the next step's (the server allows one step of drift), or a wait for it.
 */
export async function freshCode(secret: string, usedStep: number) {
  for (;;) {
    const now = totpStep(new Date());
    const step = [now, now + 1].find((s) => s > usedStep);
    if (step !== undefined) return { code: totpAt(secret, step), step };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Sets up two-factor sign-in on the security page as a person does: the password, the key shown
 * beside the QR code (as if scanned), a code from it, then the recovery codes acknowledged.
 * Answers the secret, for later sign-ins.
 */
export async function setUpTwoFactor(page: Page, password: string): Promise<string> {
  await waitForPath(page, '/security');
  await button(page, 'Set up two-factor sign-in').click();
  await typeIn(field(page, 'Your password'), password);
  await button(page, 'Continue').click();
  const key = page.getByTestId('totp-secret');
  await shown(key);
  const secret = (await key.innerText()).replace(/\s+/g, '');
  await typeIn(field(page, '6-digit code'), currentCode(secret));
  await button(page, 'Turn on').click();
  await shown(page.getByRole('list', { name: 'Recovery codes' }));
  await button(page, 'I have saved them').click();
  return secret;
}

/**
 * A doctor's or admin's first sign-in: the password lands them on the security page, where they
 * set up two-factor sign-in before anything else (ADR 0023); then `home` opens.
 */
export async function signInStaffFirstTime(
  page: Page,
  email: string,
  password: string,
  home: string,
): Promise<string> {
  await signIn(page, email, password);
  const secret = await setUpTwoFactor(page, password);
  await page.goto(home);
  await waitForPath(page, home);
  return secret;
}

/**
 * The invitation page as an invited doctor uses it (ADR 0023): the password twice, the key shown
 * beside the QR code (as if scanned) and a code from it, then the recovery codes acknowledged.
 * Answers the secret and the code's step, for the sign-ins.
 */
export async function acceptInvitation(
  page: Page,
  password: string,
): Promise<{ secret: string; usedStep: number }> {
  const key = page.getByTestId('totp-secret');
  await shown(key);
  await field(page, 'New Password').fill(password);
  await field(page, 'Confirm New Password').fill(password);
  const secret = (await key.innerText()).replace(/\s+/g, '');
  const usedStep = totpStep(new Date());
  await field(page, '6-digit code').fill(totpAt(secret, usedStep));
  await button(page, 'Set up my account').click();
  await shown(page.getByRole('list', { name: 'Recovery codes' }));
  await button(page, 'I have saved them').click();
  await shown(page.getByRole('heading', { name: 'Your account is ready' }));
  return { secret, usedStep };
}

/**
 * Signs in with the password and a code the server has not seen since `usedStep` (each is good
 * once), as a doctor does after accepting the invitation; once the sign-in is through (the code
 * step has left the page), `home` opens.
 */
export async function signInWithCode(
  page: Page,
  email: string,
  password: string,
  { secret, usedStep }: { secret: string; usedStep: number },
  home: string,
): Promise<void> {
  await signIn(page, email, password);
  const codeField = field(page, '6-digit code');
  await codeField.fill((await freshCode(secret, usedStep)).code);
  await button(page, 'Verify').click();
  // Opening `home` while the code is still on its way would meet the guard without a session.
  await codeField.waitFor({ state: 'detached' });
  await page.goto(home);
  await waitForPath(page, home);
}
