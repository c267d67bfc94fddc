import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * Fills the welcome page's registration form (`/?register=true`) with a valid patient and sends
 * it, as a person would; with fake timers the typing advances them.
 */
export async function fillRegistration() {
  const user = userEvent.setup(
    vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {},
  );
  const form = await screen.findByRole('form', { name: 'Create Account' });
  await user.type(within(form).getByLabelText('First Name'), 'Maria');
  await user.type(within(form).getByLabelText('Last Name'), 'Ivanova');
  await user.type(within(form).getByLabelText('Email'), 'maria@example.bg');
  await user.type(within(form).getByLabelText('Password'), 'Sofia-2026!');
  await user.type(within(form).getByLabelText('Repeat Password'), 'Sofia-2026!');
  await user.click(within(form).getByLabelText('I accept the terms and conditions'));
  await user.click(within(form).getByRole('button', { name: 'Create Account' }));
  return { user, form };
}
