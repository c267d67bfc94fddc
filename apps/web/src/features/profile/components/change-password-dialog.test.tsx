import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profileData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Reply = { status: number; body?: unknown };

function profileWith(changePassword: () => Reply | Promise<Reply>) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'GET /auth/profile': () => ok(profileData()),
    'POST /auth/change-password': changePassword,
  });
}

async function openDialog() {
  const user = userEvent.setup(
    vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {},
  );
  renderApp('/dashboard/profile');
  const opener = await screen.findByRole('button', { name: 'Change Password' });
  await user.click(opener);
  const dialog = screen.getByRole('dialog', { name: 'Change Password' });
  return { user, opener, dialog };
}

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  current: string,
  next = 'Munich-2026!',
) {
  await user.type(within(dialog).getByLabelText('Current Password'), current);
  await user.type(within(dialog).getByLabelText('New Password'), next);
  await user.type(within(dialog).getByLabelText('Confirm New Password'), next);
}

const submitOf = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: 'Change Password' });

describe('change password dialog', () => {
  it('is a modal dialog: focus moves in, stays in, and Escape returns it to the opener', async () => {
    profileWith(() => ok());
    const { user, opener, dialog } = await openDialog();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    // The page behind is out of reach of keyboard, pointer and screen readers meanwhile.
    expect(opener.closest('[inert]')).not.toBeNull();
    expect(dialog.closest('[inert]')).toBeNull();
    const current = within(dialog).getByLabelText('Current Password');
    expect(current).toHaveFocus();

    // Shift+Tab from the first control wraps to the last (Cancel: the submit is disabled while
    // the fields are empty), Tab from the last back to the first.
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(current).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(opener.closest('[inert]')).toBeNull();
  });

  it('keeps "Change Password" disabled while a field is empty; each field has a toggle', async () => {
    profileWith(() => ok());
    const { user, dialog } = await openDialog();
    const submit = submitOf(dialog);
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Current Password'), 'Sofia-2026!');
    await user.type(within(dialog).getByLabelText('New Password'), 'Munich-2026!');
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Confirm New Password'), 'Munich-2026!');
    expect(submit).toBeEnabled();

    for (const name of [
      'Show current password',
      'Show new password',
      'Show password confirmation',
    ]) {
      expect(within(dialog).getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Show current password' }));
    expect(within(dialog).getByLabelText('Current Password')).toHaveAttribute('type', 'text');
  });

  it('applies the registration password policy, not six characters (ADR 0003)', async () => {
    const { calls } = profileWith(() => ok());
    const { user, dialog } = await openDialog();
    await fill(user, dialog, 'Sofia-2026!', 'abcdef');
    await user.click(submitOf(dialog));
    expect(within(dialog).getByLabelText('New Password')).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 8 characters'),
    );
    expect(calls.some((c) => c.path === '/auth/change-password')).toBe(false);
  });

  it('shows a wrong current password under that field until it is edited', async () => {
    profileWith(() =>
      fail(400, 'currentPasswordIncorrect', { message: 'Current password is incorrect' }),
    );
    const { user, dialog } = await openDialog();
    await fill(user, dialog, 'Wrong-Password-1!');
    await user.click(submitOf(dialog));

    const current = within(dialog).getByLabelText('Current Password');
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('Current password is incorrect');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();

    await user.type(current, 'x');
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Current password is incorrect')).not.toBeInTheDocument();
  });

  it.each([
    [
      fail(400, 'validationFailed', {
        errors: [{ path: 'newPassword', msg: 'x', code: 'passwordSpecial' }],
      }),
      'Please check the highlighted fields.',
    ],
    [
      fail(400, 'malformedBody'),
      'Your password could not be changed. Please check your entries and try again.',
    ],
    [fail(500, 'internal'), 'Failed to change password. Please try again.'],
  ])('shows other failures as a general error (%#)', async (reply, text) => {
    profileWith(() => reply);
    const { user, dialog } = await openDialog();
    await fill(user, dialog, 'Sofia-2026!');
    await user.click(submitOf(dialog));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(text);
    expect(within(dialog).getByLabelText('Current Password')).not.toHaveAttribute('aria-invalid');
  });

  it('stays open while the request runs, then says so and closes after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer!: () => void;
    const { calls } = profileWith(
      () => new Promise<Reply>((resolve) => (answer = () => resolve(ok()))),
    );
    const { user, opener, dialog } = await openDialog();
    await fill(user, dialog, 'Sofia-2026!');
    await user.click(submitOf(dialog));

    expect(submitOf(dialog)).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.click(dialog.parentElement!); // the overlay
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();

    await act(async () => answer());
    expect(await within(dialog).findByText('Password changed successfully!')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/change-password')?.body).toEqual({
      currentPassword: 'Sofia-2026!',
      newPassword: 'Munich-2026!',
    });

    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on a click on the overlay when idle, and opens with empty fields again', async () => {
    profileWith(() => ok());
    const { user, opener, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Current Password'), 'Sofia-2026!');
    await user.click(within(dialog).getByRole('heading', { name: 'Change Password' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument(); // a click inside is not outside

    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(opener);
    const reopened = screen.getByRole('dialog', { name: 'Change Password' });
    expect(within(reopened).getByLabelText('Current Password')).toHaveValue('');
    expect(submitOf(reopened)).toBeDisabled();
  });
});
