import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

// The code step of a sign-in with two-factor sign-in on (ADR 0023).

function signingIn(twoFactor: (body: Record<string, unknown>) => ReturnType<typeof ok>) {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return mockApi({
    'GET /auth/status': ({ headers }) =>
      headers.get('Authorization') ? ok(session({ twoFactor: 'on' })) : fail(401, 'x'),
    'POST /auth/login': () => ok({ twoFactorRequired: true, challenge: 'proof-1' }),
    'POST /auth/login/two-factor': (call) => twoFactor(call.body as Record<string, unknown>),
  });
}

async function passwordStep() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'maria@example.bg');
  await user.type(screen.getByLabelText('Password'), 'Sofia-2026!');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  // The step replaces the form: its heading takes the focus, for keyboard and screen readers.
  expect(await screen.findByRole('heading', { name: 'Two-factor sign-in' })).toHaveFocus();
  return user;
}

describe('signing in with two-factor sign-in on', () => {
  it('asks for the code after the password, checks it first, and remembers the device when asked', async () => {
    const { calls } = signingIn(() => ok(session({ twoFactor: 'on' })));
    const { router } = renderApp('/');
    const user = await passwordStep();
    const code = screen.getByLabelText('6-digit code');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('Please enter the code from your authenticator app');
    await user.type(code, '12 34');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveAccessibleDescription('The code has 6 digits');
    expect(calls.some((c) => c.path === '/auth/login/two-factor')).toBe(false);
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByLabelText('Remember this device for 30 days'));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/auth/login/two-factor')?.body).toEqual({
      challenge: 'proof-1',
      code: '123456',
      rememberDevice: true,
    });
  });

  it('takes a recovery code instead, and says why a code was refused', async () => {
    let tries = 0;
    const { calls } = signingIn(() =>
      ++tries === 1 ? fail(400, 'twoFactorCodeWrong') : fail(401, 'twoFactorChallengeExpired'),
    );
    renderApp('/');
    const user = await passwordStep();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-fgh23');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('That code is not right. Please try again with the current code.'),
    ).toBeVisible();
    expect(calls.find((c) => c.path === '/auth/login/two-factor')?.body).toMatchObject({
      recoveryCode: 'ABCDEFGH23',
    });
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The sign-in took too long. Please sign in again.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in again' }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
