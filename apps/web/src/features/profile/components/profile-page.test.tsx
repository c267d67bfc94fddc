import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bulgarianProfile, EGN, profileData } from '../../../test/fixtures';
import { fail, mockApi, ok, session } from '../../../test/mock-api';
import { renderApp } from '../../../test/render';

type Handlers = Parameters<typeof mockApi>[0];

function signedIn(handlers: Handlers) {
  return mockApi({
    'GET /auth/status': () => ok(session()),
    'POST /auth/logout': () => ok(),
    'GET /api/privacy/access-log': () => ok([]),
    'GET /api/notifications/preferences': () => ok({ email: [] }),
    ...handlers,
  });
}

/** The value shown for a label in one of the profile's cards. */
function detail(card: HTMLElement, label: string): string | null {
  const term = within(card).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

const card = (title: string) => screen.getByRole('heading', { name: title }).parentElement!;

describe('profile page', () => {
  it('shows "Not provided" for what is missing, and no empty cards', async () => {
    signedIn({ 'GET /auth/profile': () => ok(profileData()) });
    renderApp('/dashboard/profile');
    expect(await screen.findByRole('heading', { level: 2, name: 'Elena Petrova' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(screen.getByText('elena@example.bg')).toBeInTheDocument();
    expect(screen.getByText('Verified Account')).toBeInTheDocument();

    const personal = card('Personal Information');
    expect(detail(personal, 'Gender')).toBe('Not provided');
    expect(detail(personal, 'Date of Birth')).toBe('Not provided');
    expect(detail(personal, 'Address')).toBe('Not provided');
    expect(within(personal).queryByText('National ID Number (EGN)')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Insurance Information' }),
    ).not.toBeInTheDocument();

    const account = card('Account Settings');
    expect(detail(account, 'Email Status')).toBe('Verified');
    expect(detail(account, 'Member Since')).toBe('January 15, 2026');
  });

  it('offers to complete an incomplete profile, with its percentage', async () => {
    signedIn({ 'GET /auth/profile': () => ok(profileData({ completionPercentage: 40 })) });
    renderApp('/dashboard/profile');
    const banner = (
      await screen.findByRole('heading', { name: 'Your profile is incomplete' })
    ).closest('section')!;
    expect(banner).toHaveTextContent('Your profile is 40% complete.');
    expect(within(banner).getByRole('link', { name: 'Complete Profile' })).toHaveAttribute(
      'href',
      '/complete-profile',
    );
  });

  it('shows a complete Bulgarian profile: date in US English, address on one line, the EGN', async () => {
    signedIn({ 'GET /auth/profile': () => ok(bulgarianProfile()) });
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Elena Petrova' });
    const personal = card('Personal Information');
    expect(detail(personal, 'Gender')).toBe('Female');
    expect(detail(personal, 'Date of Birth')).toBe('April 12, 1990');
    expect(detail(personal, 'Address')).toBe('bul. Vitosha 12, 1000 Sofia, Bulgaria');
    expect(detail(personal, 'National ID Number (EGN)')).toBe(EGN);
    expect(screen.queryByText('Your profile is incomplete')).not.toBeInTheDocument();
  });

  it('shows the insurance card of a German profile, in the chosen language', async () => {
    signedIn({
      'GET /auth/profile': () =>
        ok(
          bulgarianProfile({
            nationalIdNumber: null,
            address: {
              street: 'Leopoldstraße',
              number: '5',
              postCode: '80331',
              city: 'Munich',
              country: { code: 'DE', name: 'Germany' },
            },
            insurance: { type: 'private', company: 'DEBEKA', number: 'PKV-998877' },
          }),
        ),
    });
    renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Elena Petrova' });
    const insurance = card('Insurance Information');
    expect(detail(insurance, 'Insurance Type')).toBe('Private');
    expect(detail(insurance, 'Insurance Company')).toBe('DEBEKA');
    expect(detail(insurance, 'Insurance Number')).toBe('PKV-998877');
    expect(detail(card('Personal Information'), 'Address')).toBe(
      'Leopoldstraße 5, 80331 Munich, Germany',
    );
  });

  it('shows a spinner while loading, then the error with Try Again', async () => {
    let answer: () => { status: number; body?: unknown } = () => fail(404, 'notFound');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    signedIn({
      'GET /auth/profile': async () => {
        await gate;
        return answer();
      },
    });
    renderApp('/dashboard/profile');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your profile…');
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load your profile data. Please try again.',
    );

    answer = () => ok(profileData());
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Elena Petrova' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('leads to editing and to the billing history', async () => {
    signedIn({ 'GET /auth/profile': () => ok(profileData()) });
    const { router } = renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Elena Petrova' });
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'View Billing History' })).toHaveAttribute(
      'href',
      '/dashboard/billing',
    );
    await userEvent.click(within(main).getByRole('button', { name: 'Edit Profile' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/edit-profile'));
  });

  it('signs out to the welcome page', async () => {
    const { calls } = signedIn({ 'GET /auth/profile': () => ok(profileData()) });
    const { router } = renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Elena Petrova' });
    // The top bar has its own Sign Out; this is the profile's action.
    await userEvent.click(
      within(screen.getByRole('main')).getByRole('button', { name: 'Sign Out' }),
    );
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/logout')).toBe(true);
  });

  it('never writes health identifiers to the console', async () => {
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
      vi.spyOn(console, level),
    );
    signedIn({
      'GET /auth/profile': () =>
        ok(
          bulgarianProfile({
            insurance: { type: 'state', company: 'Barmer', number: 'A123456780' },
          }),
        ),
    });
    renderApp('/dashboard/profile');
    await screen.findByText(EGN);
    const written = spies.flatMap((spy) => spy.mock.calls.flat().map(String)).join('\n');
    expect(written).not.toContain(EGN);
    expect(written).not.toContain('A123456780');
    for (const spy of spies) spy.mockRestore();
  });
});
