import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { DOCTOR, adminSession } from './admin-test-data';

const SCHEDULE = {
  timeZone: 'Europe/Sofia',
  slotMinutes: 30,
  weekly: [{ weekday: 1, start: '09:00', end: '12:00' }],
  exceptions: [{ _id: 'x1', date: '2026-12-24', kind: 'off', start: null, end: null, note: null }],
};

describe("a doctor's hours, set by the clinic", () => {
  it('saves the week, names the bookings in the way, adds and removes time off', async () => {
    const sent: unknown[] = [];
    let refuse = true;
    const { calls } = mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/doctors': () => ok([DOCTOR]),
      'GET /api/admin/doctors/d1/schedule': () => ok(SCHEDULE),
      'PUT /api/admin/doctors/d1/schedule/weekly': (call) => {
        sent.push(call.body);
        if (refuse) {
          refuse = false;
          return fail(409, 'scheduleConflict', {
            conflicts: [
              { _id: 'a1', date: '2026-11-30', slot: '10:00', patientName: 'Maria Ivanova' },
            ],
          });
        }
        return ok({ schedule: SCHEDULE, cancelled: [] });
      },
      'POST /api/admin/doctors/d1/schedule/exceptions': (call) => {
        sent.push(call.body);
        return ok({ schedule: SCHEDULE, cancelled: [] });
      },
      'DELETE /api/admin/doctors/d1/schedule/exceptions/x1': () =>
        ok({ schedule: SCHEDULE, cancelled: [] }),
    });
    const user = userEvent.setup();
    renderApp('/admin');
    await user.click(await screen.findByRole('button', { name: 'Hours of Dr. Elena Petrova' }));
    const dialog = screen.getByRole('dialog', { name: 'Hours of Dr. Elena Petrova' });
    const monday = await within(dialog).findByLabelText('Monday');
    expect(monday).toHaveValue('09:00-12:00');
    const tuesday = within(dialog).getByLabelText('Tuesday');
    await user.type(tuesday, '9 to 5');
    await user.click(within(dialog).getByRole('button', { name: 'Save weekly hours' }));
    expect(tuesday).toHaveAccessibleDescription(expect.stringContaining('HH:MM'));
    expect(sent).toEqual([]);
    await user.clear(tuesday);
    await user.type(tuesday, '14:00-16:00');
    await user.clear(monday);
    await user.click(within(dialog).getByRole('button', { name: 'Save weekly hours' }));
    expect(await within(dialog).findByText('2026-11-30 at 10:00: Maria Ivanova')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save weekly hours' }));
    expect(await within(dialog).findByText(/weekly hours are saved/)).toBeVisible();
    expect(sent[0]).toEqual({ ranges: [{ weekday: 2, start: '14:00', end: '16:00' }] });

    await user.type(within(dialog).getByLabelText('Date'), '2026-12-01');
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    await screen.findByRole('button', { name: 'Remove: Time off on 2026-12-24: whole day' });
    expect(sent.at(-1)).toEqual({ date: '2026-12-01', kind: 'off' });
    await user.click(
      within(dialog).getByRole('button', { name: 'Remove: Time off on 2026-12-24: whole day' }),
    );
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
