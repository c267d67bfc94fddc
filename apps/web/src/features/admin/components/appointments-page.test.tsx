import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { APPOINTMENT, adminSession } from './admin-test-data';

describe('appointments and payments', () => {
  it('searches by patient, doctor, status and dates, and opens a result', async () => {
    const { calls } = mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments': () => ok({ total: 1, page: 1, items: [APPOINTMENT] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/appointments');
    const results = await screen.findByRole('region', { name: 'Results: 1' });
    // A table for wide screens and cards for phones; CSS shows one of them.
    const table = within(results).getByRole('table');
    expect(within(table).getByRole('row', { name: /Maria Ivanova/ })).toHaveTextContent(
      '60.00 EUR, status: paid',
    );
    await user.type(screen.getByLabelText('Patient (name or e-mail)'), 'ivanova');
    await user.type(screen.getByLabelText('Doctor (name or e-mail)'), 'petrova');
    await user.selectOptions(screen.getByLabelText('Status'), 'Cancelled');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const searched = calls.filter((c) => c.path.startsWith('/api/admin/appointments')).at(-1)!;
    const query = new URL(searched.path, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toEqual({
      patient: 'ivanova',
      doctor: 'petrova',
      status: 'cancelled',
      from: '2026-11-01',
      page: '1',
    });
    await user.click(within(table).getAllByRole('link')[0]!);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/admin/appointments/a1'));
  });

  it('says so when nothing matches', async () => {
    mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/appointments': () => ok({ total: 0, page: 1, items: [] }),
    });
    renderApp('/admin/appointments');
    expect(await screen.findByText('No appointments match this search.')).toBeVisible();
  });
});
