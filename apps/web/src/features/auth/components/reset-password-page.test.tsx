import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const signedOutStatus = { 'GET /auth/status': () => fail(401, 'sessionExpired') };
const validToken = { ...signedOutStatus, 'POST /auth/check-reset-token': () => ok() };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function fill(password: string, confirmation: string) {
  const user = userEvent.setup(
    vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {},
  );
  await user.type(await screen.findByLabelText('New Password'), password);
  await user.type(screen.getByLabelText('Confirm New Password'), confirmation);
  return user;
}

describe('reset password page', () => {
  it('explains a link without a token', async () => {
    mockApi(signedOutStatus);
    renderApp('/reset-password');
    expect(
      await screen.findByText('No reset token provided. Please check your email link.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/');
  });

  it('validates the token first, then shows "Invalid or Expired Link" for an expired one', async () => {
    let answer!: () => void;
    mockApi({
      ...signedOutStatus,
      'POST /auth/check-reset-token': () =>
        new Promise((resolve) => (answer = () => resolve(fail(401, 'resetTokenExpired')))),
    });
    renderApp('/reset-password?token=t1');
    expect(await screen.findByText('Validating Reset Token')).toBeInTheDocument();
    answer();
    expect(
      await screen.findByRole('heading', { name: 'Invalid or Expired Link' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Reset link has expired. Please request a new password reset.',
    );
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
  });

  it('keeps "Reset Password" disabled until both fields are filled, and checks they match', async () => {
    mockApi(validToken);
    renderApp('/reset-password?token=t1');
    const submit = await screen.findByRole('button', { name: 'Reset Password' });
    expect(submit).toBeDisabled();
    const user = await fill('Sofia-2026!', 'Sofia-2026?');
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm New Password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('applies the shared password policy (8+, upper, lower, digit, special)', async () => {
    mockApi(validToken);
    renderApp('/reset-password?token=t1');
    const user = await fill('sofia2026', 'sofia2026');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(
      await screen.findByText('Password must contain an uppercase letter'),
    ).toBeInTheDocument();
  });

  it('toggles the visibility of a password with a pressed button', async () => {
    mockApi(validToken);
    renderApp('/reset-password?token=t1');
    const input = await screen.findByLabelText('New Password');
    const toggle = screen.getByRole('button', { name: 'Show new password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(input).toHaveAttribute('type', 'text');
  });

  it('resets, shows success and returns to / after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({ ...validToken, 'POST /auth/reset-password': () => ok() });
    const { router } = renderApp('/reset-password?token=t1');
    const user = await fill('Sofia-2026!', 'Sofia-2026!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));

    expect(
      await screen.findByRole('heading', { name: 'Password Reset Successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/');
    expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({
      token: 't1',
      newPassword: 'Sofia-2026!',
    });
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    [400, 'resetTokenInvalid', 'Invalid reset token. Please request a new password reset.'],
    [401, 'resetTokenExpired', 'Reset link has expired. Please request a new password reset.'],
    [500, 'internal', 'Failed to reset password. Please try again.'],
  ])('maps a %i failure of the submit to its text', async (status, code, text) => {
    mockApi({ ...validToken, 'POST /auth/reset-password': () => fail(status, code) });
    renderApp('/reset-password?token=t1');
    const user = await fill('Sofia-2026!', 'Sofia-2026!');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
