import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LEGAL_VERSIONS } from '@vizita/shared/domain/legal';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { initI18n } from '../../../lib/i18n';
import { renderApp } from '../../../test/render';

const operator = {
  name: 'MVZ Telemedizin Berlin GmbH',
  address: ['Friedrichstraße 100', '10117 Berlin', 'Deutschland'],
  email: 'praxis@mvz.test',
  phone: '+49 30 1234567',
  representative: 'Dr. med. Jana Keller',
  dataProtectionOfficer: 'Datenschutz Nord GmbH, dsb@mvz.test',
  register: null,
  taxId: '27/123/45678',
  vatId: null,
  supervisoryAuthority: null,
  country: 'DE',
  versions: LEGAL_VERSIONS,
};
const signedOut = {
  'GET /auth/status': () => fail(401, 'sessionExpired'),
  'GET /api/legal/operator': () => ok(operator),
};

describe('the legal pages', () => {
  it('are linked from the footer and show the operator’s details, leaving out what is not set', async () => {
    mockApi(signedOut);
    const user = userEvent.setup();
    const { router } = renderApp('/');
    const footer = await screen.findByRole('navigation', { name: 'Legal information' });
    await user.click(within(footer).getByRole('link', { name: 'Imprint' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/legal/imprint');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(operator.name);
    expect(main).toHaveTextContent('Friedrichstraße 100, 10117 Berlin, Deutschland');
    expect(main).toHaveTextContent(operator.representative);
    expect(main).toHaveTextContent(operator.phone);
    // No placeholder reaches the page: a paragraph naming a detail not configured is left out.
    expect(main.textContent).not.toMatch(/\{\{|\}\}/);

    // The pages link each other (and the footer has them too).
    await user.click(screen.getByRole('link', { name: 'Privacy notice' }));
    expect(await screen.findByRole('heading', { level: 1, name: /privacy notice/i })).toBeVisible();
    expect(screen.getByRole('main')).toHaveTextContent(operator.dataProtectionOfficer);
    expect(screen.getByText(/^Version of /)).toBeVisible();
  });

  it('are in the reader’s language', async () => {
    await initI18n('de');
    mockApi(signedOut);
    renderApp('/legal/terms');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nutzungsbedingungen' }),
    ).toBeVisible();
    expect(screen.getByText(/^Fassung vom /)).toBeVisible();
  });

  it('send an unknown page to the welcome page', async () => {
    mockApi(signedOut);
    const { router } = renderApp('/legal/cookies');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('a new version of the terms', () => {
  it('is accepted once before anything else, with the versions shown', async () => {
    let due = ['terms'];
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session({ consentsDue: due })),
      'POST /auth/consents': () => {
        due = [];
        return ok(undefined, 'Thank you. Your acceptance has been recorded.');
      },
      'GET /api/appointments': () => ok([]),
      'GET /auth/profile': () => fail(404, 'notFound'),
      'GET /api/privacy/access-log': () => ok([]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard/appointments');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consent'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We have updated our terms' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      '/legal/terms',
    );
    // Who would rather not accept can take their data and leave.
    expect(screen.getByRole('button', { name: 'Download as a data file (JSON)' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(
      await screen.findByText('Please confirm that you accept the new versions'),
    ).toBeVisible();
    expect(calls.some((c) => c.path === '/auth/consents')).toBe(false);

    await user.click(screen.getByLabelText('I have read and accept the new versions'));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls.find((c) => c.path === '/auth/consents')?.body).toEqual({
      accepted: [{ document: 'terms', version: LEGAL_VERSIONS.terms }],
    });
  });

  it('says so when the texts changed meanwhile', async () => {
    mockApi({
      'GET /auth/status': () => ok(session({ consentsDue: ['terms', 'privacy'] })),
      'POST /auth/consents': () => fail(409, 'legalVersionChanged'),
      'GET /api/privacy/access-log': () => ok([]),
    });
    const user = userEvent.setup();
    renderApp('/consent');
    await user.click(await screen.findByLabelText('I have read and accept the new versions'));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/changed again/);
  });
});
