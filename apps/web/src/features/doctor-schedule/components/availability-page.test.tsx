import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { CONFLICT, SCHEDULE, signedInDoctor as doctor } from './schedule-test-data';

describe('the doctor sets their own hours (/doctor/availability)', () => {
  it('shows the week day by day, upcoming changes and the free slots', async () => {
    doctor();
    renderApp('/doctor/availability');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('Monday from')).toHaveValue('09:00');
    expect(
      within(screen.getByRole('group', { name: 'Sunday' })).getByText('Not working'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Upcoming changes' })).toHaveTextContent('Holiday');
    expect(await screen.findByText('09:00')).toBeVisible();
  });

  it('checks overlapping ranges before sending, with the message at the range', async () => {
    const api = doctor();
    renderApp('/doctor/availability');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    await userEvent.click(within(monday).getByRole('button', { name: 'Add hours on Monday' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    expect(
      await within(monday).findByText('This range overlaps another one on the same day'),
    ).toBeVisible();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('names the bookings in the way, and cancels them only with a reason', async () => {
    let attempts = 0;
    const api = doctor({
      'PUT /api/doctor/schedule/weekly': (call) =>
        ++attempts === 1
          ? CONFLICT
          : ok({
              schedule: SCHEDULE,
              cancelled: (call.body as { cancelBooked?: boolean }).cancelBooked
                ? CONFLICT.body.conflicts
                : [],
            }),
    });
    renderApp('/doctor/availability');
    const monday = await screen.findByRole('group', { name: 'Monday' });
    await userEvent.click(
      within(monday).getByRole('button', { name: 'Remove 09:00–12:00 on Monday' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save weekly hours' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Booked appointments are in the way',
    });
    expect(dialog).toHaveTextContent('Maria Ivanova');
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel them and refund the patients' }),
    );
    expect(within(dialog).getByText(/at least 10 characters/)).toBeVisible();
    await userEvent.type(
      within(dialog).getByLabelText('Reason for the patients'),
      'I am on leave that week.',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel them and refund the patients' }),
    );
    expect(await screen.findByText('Your weekly hours are saved.')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)!.body).toEqual({
      ranges: [],
      cancelBooked: true,
      cancelReason: 'I am on leave that week.',
    });
  });
});
