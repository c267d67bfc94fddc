import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { fillRegistration } from '../../../test/registration';
import { renderApp } from '../../../test/render';
import { getSessionState } from '../session-store';

const signedOutStatus = { 'GET /auth/status': () => fail(401, 'sessionExpired') };

async function fillLogin(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

describe('welcome page', () => {
  it('makes the promises of spec §1', async () => {
    mockApi(signedOutStatus);
    renderApp('/');
    expect(await screen.findByText('Secure video consultations')).toBeInTheDocument();
    expect(screen.getByText(/certified healthcare professionals/)).toBeInTheDocument();
    expect(screen.getByText('Available 24/7')).toBeInTheDocument();
    expect(screen.getByText('Encrypted in transit and at rest')).toBeInTheDocument();
    // The spec's compliance card, in words true for patients in the EU (ADR 0024).
    expect(screen.getByText('GDPR compliant')).toBeInTheDocument();
    expect(screen.queryByText(/HIPAA/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it("links a visitor to the server's doctor directory in the page's language", async () => {
    mockApi(signedOutStatus);
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Find a doctor' })).toHaveAttribute(
      'href',
      '/doctors?lang=en',
    );
  });

  it('validates a field on blur and clears the error as soon as the user types', async () => {
    mockApi(signedOutStatus);
    renderApp('/');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email');

    await user.type(email, 'not-an-email');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email');

    await user.type(email, 'x');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('signs in with the device label, loads the status and goes to /dashboard', async () => {
    const { calls } = mockApi({
      'GET /auth/status': ({ headers }) =>
        headers.get('Authorization') ? ok(session({ accessToken: 'access-2' })) : fail(401, 'x'),
      'POST /auth/login': () => ok(session()),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/');

    await fillLogin('maria@example.bg', 'Sofia-2026!');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/auth/login')?.body).toEqual({
      email: 'maria@example.bg',
      password: 'Sofia-2026!',
      ip: 'web-app',
    });
    expect(calls.filter((c) => c.path === '/auth/status')).toHaveLength(2);
    expect(getSessionState()).toMatchObject({
      isAuthenticated: true,
      accessToken: 'access-2',
      user: { userId: 'user-1', isProfileComplete: true },
    });
  });

  it.each([
    [401, { code: 'invalidCredentials' }, 'Invalid email or password'],
    [500, { code: 'internal' }, 'Server error occurred'],
    [429, { code: 'tooManyLoginAttempts' }, 'Too many login attempts, please try again later'],
    [
      503,
      { code: 'serviceBusy' },
      'Many people are signing in right now. Please try again in a few seconds.',
    ],
    [418, { code: 'somethingElse' }, 'An error occurred during login'],
  ])('maps a login failure %i to its text', async (status, extra, text) => {
    mockApi({
      ...signedOutStatus,
      'POST /auth/login': () => fail(status, extra.code, { message: 'server English' }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    await fillLogin('maria@example.bg', 'Sofia-2026!');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('server English')).not.toBeInTheDocument();
    expect(getSessionState().lastLoginError).toMatchObject({ status });
  });

  it('offers to resend the validation e-mail when the address is not validated yet', async () => {
    const { calls } = mockApi({
      ...signedOutStatus,
      'POST /auth/login': () => fail(403, 'emailNotValidated', { isEmailValidated: false }),
      'POST /auth/resend-validation-email': () => ok(),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    const user = await fillLogin('Maria@Example.bg', 'Sofia-2026!');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please validate your email before logging in',
    );
    await user.click(screen.getByRole('button', { name: 'Resend Validation Email' }));
    expect(
      await screen.findByText('Validation email sent! Please check your inbox.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/resend-validation-email')?.body).toEqual({
      email: 'maria@example.bg',
    });
  });
});

describe('registration view (?register=true)', () => {
  it('opens from the login view and goes back with "Back to Login"', async () => {
    mockApi(signedOutStatus);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Create Account' }));
    expect(router.state.location.search).toBe('?register=true');
    // The router commits the new view in a transition: wait for it rather than race it.
    expect(await screen.findByRole('region', { name: 'Create Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Login' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('registers without the repeat field, clears the form and returns to login after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = mockApi({
      ...signedOutStatus,
      'POST /auth/register-minimal': () => ({
        status: 201,
        body: { success: true, data: { emailValidationRequired: true } },
      }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router } = renderApp('/?register=true');
    const { form } = await fillRegistration();

    expect(
      await screen.findByText(
        'Registration successful! Please check your email to validate your account.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/register-minimal')?.body).toEqual({
      firstName: 'Maria',
      lastName: 'Ivanova',
      email: 'maria@example.bg',
      password: 'Sofia-2026!',
      termsAccepted: true,
    });
    expect(within(form).getByLabelText('First Name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Continue to Login' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('shows the rules of the shared schema on blur, translated', async () => {
    mockApi(signedOutStatus);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/?register=true');
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Create Account' });
    await user.type(within(form).getByLabelText('Password'), 'short');
    await user.tab();
    expect(await screen.findByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms and conditions')).toBeInTheDocument();
  });

  it.each([
    [
      429,
      'registrationRateLimited',
      'Too many registrations from this address, please try again later.',
    ],
    [
      503,
      'serviceBusy',
      'Many requests are arriving right now. Please try again in a few seconds.',
    ],
    [500, 'internal', 'Registration failed. Please try again.'],
  ])('translates a %i failure by its code', async (status, code, text) => {
    mockApi({ ...signedOutStatus, 'POST /auth/register-minimal': () => fail(status, code) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/?register=true');
    await fillRegistration();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('puts the API field errors on their fields, translated', async () => {
    mockApi({
      ...signedOutStatus,
      'POST /auth/register-minimal': () =>
        fail(400, 'validationFailed', {
          errors: [
            { path: 'email', msg: 'Please enter a valid email address', code: 'emailInvalid' },
          ],
        }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/?register=true');
    const { form } = await fillRegistration();
    await waitFor(() =>
      expect(within(form).getByLabelText('Email')).toHaveAccessibleDescription(
        'Please enter a valid email address',
      ),
    );
  });
});
