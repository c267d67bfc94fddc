import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const signedOutStatus = { 'GET /auth/status': () => fail(401, 'sessionExpired') };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

async function submit(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  return user;
}

describe('forgot password page', () => {
  it('sends the e-mail lower-cased and trimmed, then says to check the inbox', async () => {
    const { calls } = mockApi({ ...signedOutStatus, 'POST /auth/forgot-password': () => ok() });
    renderApp('/forgot-password');
    const user = await submit('  Maria@Example.BG ');

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toHaveFocus();
    expect(calls.find((c) => c.path === '/auth/forgot-password')?.body).toEqual({
      email: 'maria@example.bg',
    });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');

    await user.click(screen.getByRole('button', { name: 'Send Another Email' }));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toBeInTheDocument();
  });

  it('requires a well-formed address before calling the API', async () => {
    const { calls } = mockApi(signedOutStatus);
    renderApp('/forgot-password');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await submit('nope');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/auth/forgot-password')).toBe(false);
  });

  it.each([
    [400, 'resetWait', 'Please wait before requesting another reset email'],
    [404, 'notFound', 'No account found with this email address'],
    [500, 'internal', 'Failed to send reset email. Please try again.'],
  ])('maps a %i failure to its text', async (status, code, text) => {
    mockApi({ ...signedOutStatus, 'POST /auth/forgot-password': () => fail(status, code) });
    renderApp('/forgot-password');
    await submit('maria@example.bg');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });
});
