import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { CONFLICT, SCHEDULE, signedInDoctor } from './schedule-test-data';

// Two days on, so that the date is ahead in any zone the test machine runs in.
const soon = () => new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

const form = async () => {
  const heading = await screen.findByRole('heading', { name: 'Time off and extra hours' });
  return heading.closest('form')!;
};

describe('time off and extra hours', () => {
  it('refuses a day that is over, at the date, without sending', async () => {
    const api = signedInDoctor();
    renderApp('/doctor/availability');
    const f = await form();
    fireEvent.change(within(f).getByLabelText(/^Date/), { target: { value: '2000-01-03' } });
    await userEvent.click(within(f).getByRole('button', { name: 'Add' }));
    expect(await within(f).findByText('Please choose today or a later date')).toBeVisible();
    expect(within(f).getByLabelText(/^Date/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('asks for both times of part of a day off, at the field', async () => {
    signedInDoctor();
    renderApp('/doctor/availability');
    const f = await form();
    fireEvent.change(within(f).getByLabelText(/^Date/), { target: { value: '2099-01-07' } });
    await userEvent.click(within(f).getByLabelText('The whole day'));
    fireEvent.change(within(f).getByLabelText(/^From/), { target: { value: '13:00' } });
    await userEvent.click(within(f).getByRole('button', { name: 'Add' }));
    expect(await within(f).findByText('Please give both a start and an end time')).toBeVisible();
  });

  it("shows the server's verdict at the date", async () => {
    signedInDoctor({
      'POST /api/doctor/schedule/exceptions': () =>
        fail(400, 'validationFailed', {
          errors: [{ path: 'date', code: 'scheduleDateTooFar', msg: 'too far' }],
        }),
    });
    renderApp('/doctor/availability');
    const f = await form();
    fireEvent.change(within(f).getByLabelText(/^Date/), { target: { value: soon() } });
    await userEvent.click(within(f).getByRole('button', { name: 'Add' }));
    expect(await within(f).findByText('Please choose a date within the next year')).toBeVisible();
    expect(within(f).getByLabelText(/^Date/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('names the booking in the way of a day off, and cancels it with a reason', async () => {
    let attempts = 0;
    const api = signedInDoctor({
      'POST /api/doctor/schedule/exceptions': () =>
        ++attempts === 1
          ? CONFLICT
          : ok({ schedule: SCHEDULE, cancelled: CONFLICT.body.conflicts }),
    });
    renderApp('/doctor/availability');
    const f = await form();
    fireEvent.change(within(f).getByLabelText(/^Date/), { target: { value: soon() } });
    await userEvent.click(within(f).getByRole('button', { name: 'Add' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Booked appointments are in the way',
    });
    expect(dialog).toHaveTextContent('Maria Ivanova');
    await userEvent.type(
      within(dialog).getByLabelText('Reason for the patients'),
      'I am at a conference that day.',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel them and refund the patients' }),
    );
    expect(await within(f).findByText('Saved.')).toBeVisible();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      date: soon(),
      kind: 'off',
      cancelBooked: true,
      cancelReason: 'I am at a conference that day.',
    });
  });

  it('removes an upcoming change, asking first when bookings depend on it', async () => {
    let attempts = 0;
    const api = signedInDoctor({
      'DELETE /api/doctor/schedule/exceptions/e1': () =>
        ++attempts === 1 ? CONFLICT : ok({ schedule: SCHEDULE, cancelled: [] }),
    });
    renderApp('/doctor/availability');
    const list = await screen.findByRole('region', { name: 'Upcoming changes' });
    await userEvent.click(within(list).getByRole('button', { name: /^Remove/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(
      within(dialog).getByLabelText('Reason for the patients'),
      'The extra hours are cancelled.',
    );
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Cancel them and refund the patients' }),
    );
    await screen.findByRole('region', { name: 'Upcoming changes' });
    const deletes = api.calls.filter((c) => c.method === 'DELETE');
    expect(deletes).toHaveLength(2);
    expect(deletes[1]!.path).toContain('cancelBooked=true');
    expect(deletes[1]!.path).toContain('cancelReason=The+extra+hours+are+cancelled.');
  });
});
