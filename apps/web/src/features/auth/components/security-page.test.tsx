import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

const codes = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);

describe('sign-in and security', () => {
  it('sends a doctor without two-factor sign-in to set it up, then lets them into the console', async () => {
    let twoFactor = 'required';
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session({ userType: 'doctor', twoFactor })),
      'GET /auth/two-factor': () =>
        ok({ enabled: twoFactor === 'on', required: true, recoveryCodesLeft: 0 }),
      'POST /auth/two-factor/setup': (call) =>
        (call.body as { password: string }).password === 'Doctor-2026!'
          ? ok({
              secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
              otpauthUri: 'otpauth://x',
              qrSvg: '<svg/>',
            })
          : fail(400, 'currentPasswordIncorrect'),
      'POST /auth/two-factor/enable': () => {
        twoFactor = 'on';
        return ok({ recoveryCodes: codes });
      },
      'GET /auth/sessions': () => ok([]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/doctor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/security'));
    expect(
      await screen.findByText(/requires two-factor sign-in for doctors and administrators/),
    ).toBeVisible();
    // No devices list for a restricted session: it can only set the second factor up.
    expect(screen.queryByRole('heading', { name: 'Signed-in devices' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(screen.getByLabelText('Your password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your password is not correct.')).toBeVisible();
    await user.clear(screen.getByLabelText('Your password'));
    await user.type(screen.getByLabelText('Your password'), 'Doctor-2026!');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Download as a text file' })).toHaveAttribute(
      'download',
      'vizita-recovery-codes.txt',
    );
    expect(calls.find((c) => c.path === '/auth/two-factor/enable')?.body).toEqual({
      code: '123456',
    });
    await user.click(screen.getByRole('button', { name: 'I have saved them' }));
    expect(await screen.findByText(/Two-factor sign-in is now on/)).toBeVisible();
    // The session is full now: the console opens.
    await router.navigate('/doctor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/doctor'));
  });

  it('lists the signed-in devices and signs one out', async () => {
    let devices = [
      {
        id: 'd1',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0 Safari/537.36',
        createdAt: '2026-11-20T08:00:00.000Z',
        lastUsedAt: '2026-11-23T08:00:00.000Z',
        current: true,
      },
      {
        id: 'd2',
        userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1',
        createdAt: '2026-11-21T08:00:00.000Z',
        lastUsedAt: null,
        current: false,
      },
    ];
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session({ twoFactor: 'off' })),
      'GET /auth/two-factor': () => ok({ enabled: false, required: false, recoveryCodesLeft: 0 }),
      'GET /auth/sessions': () => ok(devices),
      'DELETE /auth/sessions/d2': () => {
        devices = devices.filter((d) => d.id !== 'd2');
        return ok(undefined, 'The device is signed out.');
      },
    });
    const user = userEvent.setup();
    renderApp('/security');
    const section = await screen.findByRole('region', { name: 'Signed-in devices' });
    expect(await within(section).findByText('Chrome on Windows')).toBeVisible();
    expect(within(section).getByText('This device')).toBeVisible();
    await user.click(within(section).getByRole('button', { name: 'Sign out (Safari on iPhone)' }));
    await waitFor(() => expect(within(section).queryByText('Safari on iPhone')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/auth/sessions/d2')).toBe(true);
  });
});
