import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const signedOutStatus = { 'GET /auth/status': () => fail(401, 'sessionExpired') };

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('e-mail validation page', () => {
  it('says so when the link has no token, and offers a resend form', async () => {
    mockApi(signedOutStatus);
    renderApp('/validate-email');
    expect(await screen.findByText('No validation token provided')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend Validation Email' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/');
  });

  it('validates once, shows success and returns to login after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      ...signedOutStatus,
      'POST /auth/validate-email': () => ok({ alreadyValidated: false }),
    });
    const { router } = renderApp('/validate-email?token=abc');

    expect(
      await screen.findByRole('heading', { name: 'Email Verified Successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', '/');
    expect(calls.filter((c) => c.path === '/auth/validate-email?token=abc')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(3000));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('tells an already validated address apart', async () => {
    mockApi({
      ...signedOutStatus,
      'POST /auth/validate-email': () => ok({ alreadyValidated: true }, 'Email already validated'),
    });
    renderApp('/validate-email?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'Email Already Verified' }),
    ).toBeInTheDocument();
  });

  it('shows the failure translated and lets the user ask for a new link', async () => {
    const { calls } = mockApi({
      ...signedOutStatus,
      'POST /auth/validate-email': () => fail(400, 'validationTokenInvalid'),
      'POST /auth/resend-validation-email': () => ok(),
    });
    renderApp('/validate-email?token=old');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This validation link is invalid or has expired.',
    );

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' Maria@Example.bg ');
    await user.click(screen.getByRole('button', { name: 'Resend Validation Email' }));
    expect(
      await screen.findByText('Validation email sent! Please check your inbox.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/resend-validation-email')?.body).toEqual({
      email: 'maria@example.bg',
    });
  });

  it('translates a resend refusal', async () => {
    mockApi({
      ...signedOutStatus,
      'POST /auth/resend-validation-email': () => fail(429, 'resendWait'),
    });
    renderApp('/validate-email');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'maria@example.bg');
    await user.click(screen.getByRole('button', { name: 'Resend Validation Email' }));
    expect(
      await screen.findByText('Please wait before requesting another validation email'),
    ).toBeInTheDocument();
  });
});
