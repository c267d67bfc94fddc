import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EGN, profileData } from '../../test/fixtures';
import { fail, mockApi, ok, session } from '../../test/mock-api';
import { fillRegistration } from '../../test/registration';
import { renderApp } from '../../test/render';

// Issue #22, "Booking before an account": /book/<slug>?at=<instant>&lang=<locale>, the public
// doctor page's "Book this time", carried through sign-in, registration, e-mail validation and
// the profile to the booking page (whose own part is in calendar-page.test.tsx).

const AT = '2026-12-01T08:30:00.000Z';
// As the public page writes it (URLSearchParams escapes the colons).
const LINK = `/book/elena-petrova?${new URLSearchParams({ at: AT, lang: 'en' }).toString()}`;
const CALENDAR = `/calendar?doctor=elena-petrova&at=${AT}`;

const doctor = {
  _id: '0b5c8f6e-3a1d-4f7e-9c2b-1d2e3f4a5b6c',
  slug: 'elena-petrova',
  name: 'Dr. Elena Petrova',
  specialties: ['cardiology'],
  timeZone: 'UTC',
  slotMinutes: 30,
  languages: ['bg', 'en'],
  fee: { amountMinor: 7500, currency: 'EUR' },
  nextAvailable: null,
};

type Handlers = Parameters<typeof mockApi>[0];
const signedOut = (handlers: Handlers = {}) =>
  mockApi({
    'GET /auth/status': () => fail(401, 'sessionExpired'),
    'GET /api/doctors': () => ok([doctor]),
    ...handlers,
  });
const signedIn = (overrides: Record<string, unknown> = {}, handlers: Handlers = {}) =>
  mockApi({
    'GET /auth/status': () => ok(session(overrides)),
    'GET /api/doctors': () => ok([doctor]),
    'GET /api/availability': () =>
      ok([{ date: '2026-12-01', slots: ['08:30'], times: [{ slot: '08:30', startsAt: AT }] }]),
    'GET /auth/profile': () => ok(profileData()),
    ...handlers,
  });

const stored = () => JSON.parse(localStorage.getItem('bookingIntent') ?? 'null') as unknown;
const remember = () =>
  localStorage.setItem(
    'bookingIntent',
    JSON.stringify({
      slug: 'elena-petrova',
      at: AT,
      doctorName: 'Dr. Elena Petrova',
      savedAt: Date.now(),
    }),
  );

async function landsOn(router: ReturnType<typeof renderApp>['router'], path: string) {
  await waitFor(() =>
    expect(router.state.location.pathname + router.state.location.search).toBe(path),
  );
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('/book/<slug>?at=… (a public page\'s "Book this time")', () => {
  it('signed out: remembers the time and asks to sign in or register, naming doctor and time', async () => {
    signedOut();
    const { router } = renderApp(LINK);
    await landsOn(router, '/');
    const notice = await screen.findByText(
      'Sign in or create an account to book Dr. Elena Petrova on Tuesday, December 1, 2026 at 08:30.',
    );
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(stored()).toEqual({
      slug: 'elena-petrova',
      at: AT,
      doctorName: 'Dr. Elena Petrova',
      savedAt: expect.any(Number),
    });

    // She may also change her mind.
    await userEvent.setup().click(screen.getByRole('button', { name: "Don't book this time" }));
    expect(screen.queryByText(/to book Dr\. Elena Petrova/)).not.toBeInTheDocument();
    expect(stored()).toBeNull();
  });

  it('switches to the language of the public page', async () => {
    signedOut();
    const { router } = renderApp(
      `/book/elena-petrova?${new URLSearchParams({ at: AT, lang: 'de' }).toString()}`,
    );
    await landsOn(router, '/');
    expect(
      await screen.findByText(
        'Melden Sie sich an oder erstellen Sie ein Konto, um den Termin bei Dr. Elena Petrova am Dienstag, 1. Dezember 2026 um 08:30 Uhr zu buchen.',
      ),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('locale')).toBe('de');
  });

  it('remembers the time without the name when the doctors cannot be asked', async () => {
    signedOut({ 'GET /api/doctors': () => fail(500, 'internal') });
    const { router } = renderApp(LINK);
    await landsOn(router, '/');
    expect(
      await screen.findByText(
        'Sign in or create an account to book the time you chose: Tuesday, December 1, 2026 at 08:30.',
      ),
    ).toBeInTheDocument();
    expect(stored()).toMatchObject({ slug: 'elena-petrova', at: AT });
  });

  it('signed in with an incomplete profile: remembers the time and asks for the profile', async () => {
    signedIn({ isProfileComplete: false });
    const { router } = renderApp(LINK);
    await landsOn(router, '/complete-profile');
    expect(stored()).toMatchObject({ slug: 'elena-petrova', at: AT });
  });

  it('signed in with a complete profile: straight to the booking page of the time', async () => {
    signedIn();
    const { router } = renderApp(LINK);
    await landsOn(router, CALENDAR);
    expect(await screen.findByRole('dialog', { name: 'Confirm Appointment' })).toHaveTextContent(
      'Dr. Elena Petrova',
    );
  });

  it.each([
    ['a doctor', { userType: 'doctor', isProfileComplete: false }],
    ['an admin', { userType: 'patient', isAdmin: true }],
  ])('tells %s plainly that booking is for patients', async (_who, overrides) => {
    const { calls } = signedIn(overrides);
    renderApp(LINK);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You are signed in with a staff account (doctor or clinic administration). Appointments are booked by patients',
    );
    expect(screen.getByRole('link', { name: 'Go to your area' })).toHaveAttribute('href', '/');
    expect(stored()).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/api/doctors'))).toBe(false);
  });

  it.each([
    ['no time', '/book/elena-petrova'],
    ['words for a time', '/book/elena-petrova?at=tomorrow'],
    ['a day that does not exist', '/book/elena-petrova?at=2026-02-30T08:30:00.000Z'],
    ['a slug out of shape', `/book/Elena%20Petrova?at=${AT}`],
  ])('drops a link with %s, saying so', async (_what, path) => {
    signedOut();
    renderApp(path);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This booking link cannot be read: the time in it is not valid.',
    );
    expect(screen.getByRole('link', { name: 'See our doctors' })).toHaveAttribute(
      'href',
      '/doctors',
    );
    expect(stored()).toBeNull();
  });

  it('says so when no doctor has the slug', async () => {
    signedOut();
    renderApp(`/book/nobody-here?at=${AT}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not find the doctor this booking link names.',
    );
    expect(stored()).toBeNull();
  });
});

describe('the remembered time after signing in', () => {
  it('sends the patient from the sign-in form to the booking of the time', async () => {
    mockApi({
      'GET /auth/status': ({ headers }) =>
        headers.get('Authorization') ? ok(session({ accessToken: 'access-2' })) : fail(401, 'x'),
      'POST /auth/login': () => ok(session()),
      'GET /api/doctors': () => ok([doctor]),
      'GET /api/availability': () => ok([]),
    });
    remember();
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await user.type(await screen.findByLabelText('Email'), 'maria@example.bg');
    await user.type(screen.getByLabelText('Password'), 'Sofia-2026!');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await landsOn(router, CALENDAR);
  });

  it('sends a signed-in patient who opens the app to the booking of the time', async () => {
    signedIn();
    remember();
    const { router } = renderApp('/');
    await landsOn(router, CALENDAR);
  });

  it('goes on to the booking once the profile is complete', async () => {
    let complete = false;
    mockApi({
      'GET /auth/status': () => ok(session({ isProfileComplete: complete })),
      'GET /auth/profile': () => ok(profileData()),
      'PUT /auth/complete-profile': () => {
        complete = true;
        return ok(undefined, 'Profile completed successfully');
      },
      'GET /api/doctors': () => ok([doctor]),
      'GET /api/availability': () => ok([]),
    });
    remember();
    const user = userEvent.setup();
    const { router } = renderApp('/complete-profile');
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Elena'));
    await user.selectOptions(screen.getByLabelText('Gender'), 'Female');
    await user.type(screen.getByLabelText('Date of Birth'), '1990-04-12');
    await user.type(screen.getByLabelText('Street Address'), 'bul. Vitosha');
    await user.type(screen.getByLabelText('City'), 'Sofia');
    await user.selectOptions(screen.getByLabelText('Country'), 'BG');
    await user.type(screen.getByLabelText('National ID Number (EGN)'), EGN);
    await user.click(screen.getByLabelText('I accept the terms and conditions'));
    await user.click(screen.getByRole('button', { name: 'Complete Profile' }));
    await landsOn(router, CALENDAR);
  });
});

describe('registering with a remembered time', () => {
  it('sends its booking link for the validation mail to bring her back', async () => {
    const { calls } = signedOut({
      'POST /auth/register-minimal': () => ({
        status: 201,
        body: { success: true, data: { emailValidationRequired: true } },
      }),
    });
    remember();
    renderApp('/?register=true');
    await fillRegistration();
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/auth/register-minimal')?.body).toMatchObject({
        email: 'maria@example.bg',
        returnTo: `/book/elena-petrova?at=${AT}&lang=en`,
      }),
    );
  });

  it('comes back from the validation link, in any browser, to sign in for the time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signedOut({ 'POST /auth/validate-email': () => ok({ alreadyValidated: false }) });
    const next = `/book/elena-petrova?at=${AT}&lang=en`;
    const { router } = renderApp(
      `/validate-email?${new URLSearchParams({ token: 'abc', next }).toString()}`,
    );
    expect(
      await screen.findByRole('heading', { name: 'Email Verified Successfully!' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue to Login' })).toHaveAttribute('href', next);
    await act(() => vi.advanceTimersByTimeAsync(3000));
    await landsOn(router, '/');
    expect(
      await screen.findByText(/to book Dr\. Elena Petrova on Tuesday, December 1, 2026 at 08:30/),
    ).toBeInTheDocument();
    expect(stored()).toMatchObject({ slug: 'elena-petrova', at: AT });
  });

  it('ignores a validation link that would send her anywhere else', async () => {
    signedOut({ 'POST /auth/validate-email': () => ok({ alreadyValidated: false }) });
    renderApp(
      `/validate-email?${new URLSearchParams({ token: 'abc', next: 'https://evil.example/' }).toString()}`,
    );
    expect(await screen.findByRole('link', { name: 'Continue to Login' })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
