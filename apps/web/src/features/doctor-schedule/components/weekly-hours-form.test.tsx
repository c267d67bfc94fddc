import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { signedInDoctor } from './schedule-test-data';

describe('the weekly hours form', () => {
  it('refuses a range shorter than one slot before sending, at the range', async () => {
    const api = signedInDoctor();
    renderApp('/doctor/availability');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    fireEvent.change(within(monday).getByLabelText('Monday until'), {
      target: { value: '09:20' },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(
      await within(monday).findByText('This range is shorter than one appointment slot'),
    ).toBeVisible();
    expect(within(monday).getByLabelText('Monday until')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("shows the server's verdict at the range it names", async () => {
    signedInDoctor({
      'PUT /api/doctor/schedule/weekly': () =>
        fail(400, 'validationFailed', {
          errors: [{ path: 'ranges.0.end', code: 'scheduleOverlap', msg: 'overlap' }],
        }),
    });
    renderApp('/doctor/availability');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    await userEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(
      await within(monday).findByText('This range overlaps another one on the same day'),
    ).toBeVisible();
    expect(screen.queryByText('The change could not be saved. Please try again.')).toBeNull();
  });
});
