import { randomBytes } from 'node:crypto';
import type { SmtpSink } from './smtp-sink.ts';

export type TestUser = { firstName: string; lastName: string; email: string; password: string };

/** A user no other test or earlier run has registered, with a password the policy accepts. */
export function newUser(firstName = 'Maria'): TestUser {
  const suffix = randomBytes(4).toString('hex');
  return {
    firstName,
    lastName: 'Ivanova',
    email: `${firstName.toLowerCase()}.${suffix}@example.test`,
    password: `Sofia-${suffix}-Aa1!`,
  };
}

async function call(url: string, init: RequestInit & { expect: number }): Promise<void> {
  const response = await fetch(url, {
    ...init,
    // Fastify refuses an empty body that claims to be JSON, so only a body gets the header.
    headers: init.body ? { 'content-type': 'application/json' } : {},
    signal: AbortSignal.timeout(15_000),
  });
  if (response.status !== init.expect) {
    throw new Error(`${init.method} ${url} answered ${response.status}: ${await response.text()}`);
  }
}

/**
 * Registers and validates a user through the API and the real mail, for journeys that start
 * after registration (the registration screens have their own journey).
 */
export async function registerValidatedUser(
  appUrl: string,
  sink: SmtpSink,
  user: TestUser,
): Promise<void> {
  await call(`${appUrl}/auth/register-minimal`, {
    method: 'POST',
    body: JSON.stringify({ ...user, termsAccepted: true }),
    expect: 201,
  });
  const link = await sink.waitForLink({ to: user.email, linkPath: '/validate-email' });
  const token = link.searchParams.get('token') ?? '';
  await call(`${appUrl}/auth/validate-email?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    expect: 200,
  });
}
