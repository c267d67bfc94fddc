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

  it('moves the focus to the first invalid range on the page, and keeps each message at its range', async () => {
    const api = signedInDoctor();
    const user = userEvent.setup();
    renderApp('/doctor/availability');
    const wednesday = await screen.findByRole('group', { name: 'Wednesday' });
    const tuesday = screen.getByRole('group', { name: 'Tuesday' });
    // Wednesday's range has no end; Tuesday's, added after it, ends before it starts.
    await user.click(within(wednesday).getByRole('button', { name: 'Add hours on Wednesday' }));
    await user.click(within(tuesday).getByRole('button', { name: 'Add hours on Tuesday' }));
    fireEvent.change(within(wednesday).getByLabelText('Wednesday until'), {
      target: { value: '' },
    });
    fireEvent.change(within(tuesday).getByLabelText('Tuesday until'), {
      target: { value: '08:00' },
    });
    await user.click(screen.getByRole('button', { name: 'Save weekly hours' }));

    const tuesdayEnd = within(tuesday).getByLabelText('Tuesday until');
    expect(tuesdayEnd).toHaveFocus();
    expect(tuesdayEnd).toHaveAccessibleDescription('The end must be after the start');
    expect(within(wednesday).getByLabelText('Wednesday until')).toHaveAccessibleDescription(
      'Please enter a time as HH:MM',
    );
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);

    // Monday's range goes; the others move up the list, their messages with them.
    await user.click(screen.getByRole('button', { name: 'Remove 09:00–12:00 on Monday' }));
    expect(within(tuesday).getByLabelText('Tuesday until')).toHaveAccessibleDescription(
      'The end must be after the start',
    );
    expect(within(wednesday).getByLabelText('Wednesday until')).toHaveAccessibleDescription(
      'Please enter a time as HH:MM',
    );
  });
});
