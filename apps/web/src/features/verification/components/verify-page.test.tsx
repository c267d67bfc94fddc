import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DocumentVerification } from '@vizita/shared/contracts/verification';
import { initI18n } from '../../../lib/i18n';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';
import { expectNoAxeViolations } from '../../../test/axe';

const ID = '0b0e4a5e-8f7c-4d2a-9a51-2f1d7c3b9e10';
const answer = (over: Partial<DocumentVerification> = {}): DocumentVerification => ({
  id: ID,
  shortCode: 'ABCDE-FGHJK',
  kind: 'prescription',
  authentic: true,
  issuedAt: '2026-11-23T09:30:00.000Z',
  validFrom: '2026-11-23',
  validUntil: '2027-02-23',
  validity: 'current',
  revoked: false,
  revokedAt: null,
  doctor: { name: 'Dr. Elena Petrova' },
  clinic: {
    name: 'MVZ Telemedizin Berlin GmbH',
    address: ['Friedrichstraße 100', '10117 Berlin'],
    country: 'DE',
    email: 'praxis@mvz.test',
    phone: '+49 30 1234567',
  },
  ...over,
});
const signedOut = { 'GET /auth/status': () => fail(401, 'sessionExpired') };

describe('/verify', () => {
  it('takes the short code as typed from paper and shows the document as authentic', async () => {
    const { calls } = mockApi({
      ...signedOut,
      'GET /api/verify/ABCDE1GHJK': () => ok(answer({ shortCode: 'ABCDE-1GHJK' })),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/verify');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Check a document' }),
    ).toBeVisible();
    await expectNoAxeViolations();

    const field = screen.getByLabelText('Code on the document');
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Invalid value')).toBeVisible();
    expect(calls.some((c) => c.path.startsWith('/api/verify'))).toBe(false);

    await user.clear(field);
    // Lower case, a space, and an I where Crockford reads a 1.
    await user.type(field, 'abcde igHjk');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Authentic')).toBeVisible();
    expect(router.state.location.pathname).toBe('/verify/ABCDE1GHJK');
    expect(screen.getByRole('heading', { level: 1, name: 'Document check' })).toHaveFocus();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Prescription');
    expect(main).toHaveTextContent('Dr. Elena Petrova');
    expect(main).toHaveTextContent('MVZ Telemedizin Berlin GmbH');
    expect(main).toHaveTextContent('Friedrichstraße 100');
    expect(main).toHaveTextContent('November 23, 2026 to February 23, 2027');
    expect(main).toHaveTextContent('Valid today');
    expect(main).toHaveTextContent('ABCDE-1GHJK');
    await expectNoAxeViolations();
  });

  it('says plainly when a document was revoked, and when it is not authentic', async () => {
    mockApi({
      ...signedOut,
      [`GET /api/verify/${ID}`]: () =>
        ok(answer({ revoked: true, revokedAt: '2026-11-25T10:00:00.000Z' })),
      'GET /api/verify/ZZZZZZZZZZ': () => ok(answer({ authentic: false })),
    });
    const user = userEvent.setup();
    renderApp(`/verify/${ID}`);
    expect(await screen.findByText('Revoked')).toBeVisible();
    expect(screen.getByText(/revoked this document on November 25, 2026/)).toBeVisible();
    expect(screen.queryByText('Valid today')).toBeNull();
    expect(screen.queryByText('Authentic')).toBeNull();

    await user.type(screen.getByLabelText('Code on the document'), 'ZZZZZ-ZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Not authentic')).toBeVisible();
    expect(screen.getByText(/does not match what Vizita issued/)).toBeVisible();
  });

  it('says when no document has the code, and when there were too many checks', async () => {
    mockApi({
      ...signedOut,
      'GET /api/verify/ABCDEFGHJK': () => fail(404, 'documentNotFound'),
      'GET /api/verify/ZZZZZZZZZZ': () => fail(429, 'tooManyRequests'),
    });
    const user = userEvent.setup();
    renderApp('/verify/ABCDEFGHJK');
    expect(await screen.findByRole('alert')).toHaveTextContent('No document with this code');
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('Code on the document'), 'ZZZZZ-ZZZZZ');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many checks from this network'),
    );
  });

  it('is the same page for a signed-in patient', async () => {
    mockApi({
      'GET /auth/status': () => ok(session()),
      [`GET /api/verify/${ID}`]: () => ok(answer({ kind: 'invoice', validUntil: null })),
    });
    renderApp(`/verify/${ID}`);
    expect(await screen.findByText('Authentic')).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent('Invoice');
    expect(screen.getByRole('main')).toHaveTextContent('from November 23, 2026');
  });

  it.each([
    ['bg', 'Проверка на документ', 'Истински', 'Рецепта'],
    ['de', 'Dokumentprüfung', 'Echt', 'Privatrezept'],
  ] as const)('is in the reader’s language: %s', async (locale, heading, verdict, kind) => {
    await initI18n(locale);
    mockApi({ ...signedOut, [`GET /api/verify/${ID}`]: () => ok(answer()) });
    renderApp(`/verify/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(screen.getByText(verdict)).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent(kind);
  });
});
