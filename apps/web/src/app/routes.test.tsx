import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { profileData } from '../test/fixtures';
import { fail, mockApi, ok, session } from '../test/mock-api';
import { renderApp } from '../test/render';
import { RESERVED_MAIN_HEIGHT } from './layouts/public-layout';

const signedOut = () => mockApi({ 'GET /auth/status': () => fail(401, 'sessionExpired') });
const signedIn = (overrides: Record<string, unknown> = {}) =>
  mockApi({
    'GET /auth/status': () => ok(session(overrides)),
    'POST /auth/logout': () => ok(),
  });

async function landsOn(router: ReturnType<typeof renderApp>['router'], pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

describe('route guards (spec §2)', () => {
  it.each([
    '/dashboard',
    '/dashboard/billing',
    '/complete-profile',
    '/calendar',
    '/booking/success',
  ])('sends a signed-out visitor of %s to the welcome page', async (path) => {
    signedOut();
    const { router } = renderApp(path);
    await landsOn(router, '/');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('sends a signed-in user with a complete profile from a guest route to /dashboard', async () => {
    signedIn();
    const { router } = renderApp('/forgot-password');
    await landsOn(router, '/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  });

  it('sends a signed-in user with an incomplete profile from a guest route to /complete-profile', async () => {
    signedIn({ isProfileComplete: false });
    const { router } = renderApp('/');
    await landsOn(router, '/complete-profile');
  });

  it.each(['/', '/dashboard', '/dashboard/appointments', '/calendar'])(
    'sends a doctor from %s to the doctor area',
    async (path) => {
      signedIn({ userType: 'doctor', isProfileComplete: false });
      const { router } = renderApp(path);
      await landsOn(router, '/doctor');
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Schedule' }),
      ).toBeInTheDocument();
    },
  );

  it('sends a patient from the doctor area to their dashboard', async () => {
    signedIn();
    const { router } = renderApp('/doctor');
    await landsOn(router, '/dashboard');
  });

  it.each(['/calendar', '/dashboard/prescriptions/new'])(
    'sends an incomplete profile from %s to /complete-profile',
    async (path) => {
      signedIn({ isProfileComplete: false });
      const { router } = renderApp(path);
      await landsOn(router, '/complete-profile');
    },
  );

  it('sends an incomplete profile from /calendar to /complete-profile', async () => {
    signedIn({ isProfileComplete: false });
    const { router } = renderApp('/calendar');
    await landsOn(router, '/complete-profile');
    expect(
      await screen.findByRole('heading', { name: 'Complete Your Profile' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Welcome back!'],
    ['/dashboard/profile', 'My Profile'],
    ['/dashboard/appointments', 'My Appointments'],
    // No such appointment in the mocked API: the meeting page renders and says so.
    ['/dashboard/meeting/abc123', 'Unable to Join Meeting'],
    ['/dashboard/billing', 'Billing History'],
    ['/dashboard/prescriptions/new', 'Request a repeat prescription'],
    ['/dashboard/edit-profile', 'Edit Profile'],
    ['/complete-profile', 'Complete Your Profile'],
    ['/calendar', 'Book Appointment'],
    // No payment answers here (the fake API says 404): the page's error block.
    ['/booking/success?session_id=s1', 'Something went wrong'],
    ['/booking/cancel', 'Payment Cancelled'],
  ])('shows %s to a signed-in user', async (path, heading) => {
    signedIn();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('shows /about to everyone', async () => {
    signedOut();
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'About Vizita' })).toBeInTheDocument();
    expect(screen.getByText('This part of Vizita is coming soon.')).toBeInTheDocument();
  });

  it.each([
    ['/home', '/dashboard'],
    ['/profile', '/dashboard/profile'],
    ['/appointments', '/dashboard/appointments'],
    ['/no/such/page', '/'],
  ])('redirects %s to %s', async (from, to) => {
    signedIn({ isProfileComplete: false });
    const { router } = renderApp(from);
    await landsOn(router, to === '/' ? '/complete-profile' : to);
  });

  it('redirects an unknown path to / for a signed-out visitor', async () => {
    signedOut();
    const { router } = renderApp('/whatever');
    await landsOn(router, '/');
  });

  it('restores the session once, however many guarded navigations follow', async () => {
    const { calls } = signedIn();
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back!' });
    await router.navigate('/dashboard/profile');
    await router.navigate('/calendar');
    await screen.findByRole('heading', { name: 'Book Appointment' });
    expect(calls.filter((c) => c.path === '/auth/status')).toHaveLength(1);
  });

  it('shows a spinner only when restoring the session takes longer than ~100 ms', async () => {
    let answer!: () => void;
    mockApi({
      'GET /auth/status': () => new Promise((resolve) => (answer = () => resolve(ok(session())))),
    });
    renderApp('/dashboard');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');
    answer();
    expect(await screen.findByRole('heading', { name: 'Welcome back!' })).toBeInTheDocument();
  });

  it('signs out to the welcome page even when the server call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session()),
      'POST /auth/logout': () => fail(500, 'internal'),
    });
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    await landsOn(router, '/');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/auth/logout')).toBe(true);
    warn.mockRestore();
  });

  it("forgets the signed-in user's data on sign-out: the next sign-in fetches it again", async () => {
    const { calls } = mockApi({
      'GET /auth/status': () => ok(session()),
      'POST /auth/logout': () => ok(),
      'POST /auth/login': () => ok(session()),
      'GET /auth/profile': () => ok(profileData()),
    });
    const profileCalls = () => calls.filter((c) => c.path === '/auth/profile').length;
    const { router } = renderApp('/dashboard/profile');
    await screen.findByRole('heading', { name: 'Elena Petrova' });
    expect(profileCalls()).toBe(1);

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Sign Out' })[0]!);
    await user.type(await screen.findByLabelText('Email'), 'maria@example.bg');
    await user.type(screen.getByLabelText('Password'), 'Sofia-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await landsOn(router, '/dashboard');
    await router.navigate('/dashboard/profile');

    // Still fresh in a kept cache (30 s), so only a new cache asks again.
    await screen.findByRole('heading', { name: 'Elena Petrova' });
    expect(profileCalls()).toBe(2);
  });
});

describe('layout while a page loads (issue #23)', () => {
  it('keeps the footer below the fold on the booking page until its doctors arrive', async () => {
    signedIn();
    renderApp('/calendar');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Book Appointment' }),
    ).toBeInTheDocument();
    // The list comes after the first paint: a footer on screen would be pushed away (CLS).
    expect(screen.getByRole('main')).toHaveClass(RESERVED_MAIN_HEIGHT);
  });

  it('leaves the welcome page its footer on screen: nothing there arrives later', async () => {
    signedOut();
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveClass(RESERVED_MAIN_HEIGHT);
  });
});
