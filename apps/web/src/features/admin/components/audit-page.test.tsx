import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@vizita/shared/constants';
import { AUDIT_EVENTS } from '@vizita/shared/domain/audit-events';
import { loadAllResources } from '../../../lib/i18n';
import { mockApi, ok } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { adminSession } from './admin-test-data';

const entry = (n: number) => ({
  _id: `e${n}`,
  at: '2026-11-23T08:00:00.000Z',
  event: 'admin.doctor_deactivated',
  actor: { _id: 'admin1', name: 'Olga Ops' },
  subject: { _id: 'd1', name: 'Elena Petrova' },
  ip: null,
  meta: { reason: `n${n}` },
});

describe('the audit log', () => {
  it('filters by who, action and whose record, and pages', async () => {
    const { calls } = mockApi({
      'GET /auth/status': adminSession,
      'GET /api/admin/audit': () =>
        ok({ total: 30, page: 1, items: Array.from({ length: 25 }, (_, i) => entry(i)) }),
    });
    const user = userEvent.setup();
    renderApp('/admin/audit');
    const log = await screen.findByRole('region', { name: 'Entries: 30' });
    expect(within(log).getAllByRole('row')).toHaveLength(26);
    expect(within(log).getAllByText('Olga Ops')[0]).toBeVisible();
    // Named in words, the code beside it (what the action filter matches).
    expect(within(log).getAllByText('Deactivated a doctor')[0]).toBeVisible();
    expect(within(log).getAllByText('admin.doctor_deactivated')[0]).toBeVisible();
    await user.type(screen.getByLabelText('Who (name, e-mail or id)'), 'olga');
    await user.type(screen.getByLabelText('Action'), 'admin.');
    await user.type(screen.getByLabelText('Whose record (name, e-mail or id)'), 'petrova');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // The page's read follows the click (and the session's own calls may come between): the
    // newest read of the log is awaited, not whatever call happened last.
    const lastRead = () => {
      const read = calls.filter((c) => c.path.startsWith('/api/admin/audit')).at(-1)!;
      return Object.fromEntries(new URL(read.path, 'http://x').searchParams);
    };
    await waitFor(() =>
      expect(lastRead()).toEqual({
        actor: 'olga',
        action: 'admin.',
        subject: 'petrova',
        page: '2',
      }),
    );
    // Read only: nothing on the page writes.
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('names every event the server records, in every language', async () => {
    const resources = await loadAllResources();
    for (const locale of LOCALES)
      for (const event of AUDIT_EVENTS) {
        const [group, name] = event.split('.') as [string, string];
        const events = resources[locale].admin.audit.events as Record<
          string,
          Record<string, string>
        >;
        expect(events[group]?.[name], `${locale} ${event}`).toMatch(/\S/);
      }
  });
});
