import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { changeLocale } from '../../../lib/i18n';
import { renderApp } from '../../../test/render';

const signedOut = () => fail(401, 'authRequired');
const PASSWORD = 'Kolev-Heart-2026!';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);

describe('the invitation page', () => {
  it('lets the invited doctor choose a password and set up two-factor sign-in at once, then sign in', async () => {
    let accepted: unknown;
    const { calls } = mockApi({
      'GET /auth/status': signedOut,
      'POST /auth/accept-invite/check': () => ok({ email: 'ivo@clinic.test', firstName: 'Ivo' }),
      'POST /auth/accept-invite/two-factor': () =>
        ok({ secret: SECRET, otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' }),
      'POST /auth/accept-invite': (call) => {
        accepted = call.body;
        return (call.body as { code: string }).code === '123456'
          ? ok({ email: 'ivo@clinic.test', recoveryCodes: CODES })
          : fail(400, 'twoFactorCodeWrong');
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/accept-invite?token=abc');
    expect(await screen.findByRole('heading', { name: 'Welcome to Vizita, Ivo' })).toBeVisible();
    // The token goes in a body, never in a URL that access logs keep.
    expect(calls.find((c) => c.path === '/auth/accept-invite/check')?.body).toEqual({
      token: 'abc',
    });
    // The second factor is part of the invitation: the QR code and its key, as on /security.
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    expect(calls.find((c) => c.path === '/auth/accept-invite/two-factor')?.body).toEqual({
      token: 'abc',
    });
    const password = screen.getByLabelText('New Password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('At least 8 characters'));
    await user.type(password, 'weak');
    await user.type(screen.getByLabelText('Confirm New Password'), 'weak');
    await user.type(screen.getByLabelText('6-digit code'), '12');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('6-digit code')).toHaveAttribute('aria-invalid', 'true');
    expect(accepted).toBeUndefined();
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), PASSWORD);
    // A wrong code is said so, and may be tried again.
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(
      await screen.findByText('That code is not right. Please try again with the current code.'),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '123 456');
    await user.click(screen.getByRole('button', { name: 'Set up my account' }));
    // The recovery codes, shown this once.
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(accepted).toEqual({ token: 'abc', password: PASSWORD, code: '123456' });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toHaveFocus();
    expect(screen.getByText(/a code from your authenticator app/)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Go to sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('explains an expired link and a used one', async () => {
    mockApi({
      'GET /auth/status': signedOut,
      'POST /auth/accept-invite/check': (call) =>
        (call.body as { token: string }).token === 'old'
          ? fail(410, 'inviteTokenExpired')
          : fail(400, 'inviteTokenInvalid'),
    });
    const { unmount } = renderApp('/accept-invite?token=old');
    expect(await screen.findByText(/The link has expired/)).toBeVisible();
    unmount();
    renderApp('/accept-invite?token=used');
    expect(await screen.findByText(/invalid or has already been used/)).toBeVisible();
  });

  it('is in German for a German reader', async () => {
    await changeLocale('de');
    mockApi({
      'GET /auth/status': signedOut,
      'POST /auth/accept-invite/check': () => ok({ email: 'anna@praxis.de', firstName: 'Anna' }),
      'POST /auth/accept-invite/two-factor': () =>
        ok({ secret: SECRET, otpauthUri: 'otpauth://totp/x', qrSvg: '<svg/>' }),
    });
    renderApp('/accept-invite?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'Willkommen bei Vizita, Anna' }),
    ).toBeVisible();
    expect(
      await screen.findByRole('img', { name: 'QR-Code für Ihre Authenticator-App' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mein Konto einrichten' })).toBeVisible();
  });
});
