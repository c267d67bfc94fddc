import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { changeLocale } from '../../../lib/i18n';
import { renderApp } from '../../../test/render';

const signedOut = () => fail(401, 'authRequired');
const PASSWORD = 'Kolev-Heart-2026!';

describe('the invitation page', () => {
  it('lets the invited doctor choose a password under the policy, then sign in', async () => {
    let accepted: unknown;
    const { calls } = mockApi({
      'GET /auth/status': signedOut,
      'POST /auth/accept-invite/check': () => ok({ email: 'ivo@clinic.test', firstName: 'Ivo' }),
      'POST /auth/accept-invite': (call) => {
        accepted = call.body;
        return ok({ email: 'ivo@clinic.test' });
      },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/accept-invite?token=abc');
    expect(await screen.findByRole('heading', { name: 'Welcome to Vizita, Ivo' })).toBeVisible();
    // The token goes in a body, never in a URL that access logs keep.
    expect(calls.find((c) => c.path === '/auth/accept-invite/check')?.body).toEqual({
      token: 'abc',
    });
    const password = screen.getByLabelText('New Password');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('At least 8 characters'));
    await user.type(password, 'weak');
    await user.type(screen.getByLabelText('Confirm New Password'), 'weak');
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(accepted).toBeUndefined();
    await user.clear(password);
    await user.type(password, PASSWORD);
    await user.clear(screen.getByLabelText('Confirm New Password'));
    await user.type(screen.getByLabelText('Confirm New Password'), PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save my password' }));
    expect(await screen.findByRole('heading', { name: 'Your password is set' })).toHaveFocus();
    expect(accepted).toEqual({ token: 'abc', password: PASSWORD });
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
    });
    renderApp('/accept-invite?token=abc');
    expect(
      await screen.findByRole('heading', { name: 'Willkommen bei Vizita, Anna' }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Mein Passwort speichern' })).toBeVisible();
  });
});
