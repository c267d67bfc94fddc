import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { SESSION_MARKER_COOKIE } from '@vizita/shared/constants';
import { resetSessionForTests } from '../features/auth/session-store';
import { initI18n } from '../lib/i18n';
import { PRERENDERED_ATTRIBUTE, STALE_ATTRIBUTE } from '../prerender/markers';
import { renderPatientPage } from '../prerender/patient-page';
import { prerenderedDocument, type PrerenderedPage } from '../prerender/prerendered-page';
import { renderWelcomePage } from '../prerender/welcome-page';
import { appointmentListBody } from '../test/fixtures';
import { mockApi, ok, session } from '../test/mock-api';
import { mountApp } from './mount-app';
import { routerOptions, routes } from './routes';

// How the app takes over a page that the build prerendered (ADR 0051, 0055): it hydrates the page
// where it would show that same page, keeping the nodes the browser has laid out, and renders
// anew everywhere else. The markup is the build's own, inert controls and all.

let reactRoot: Root | undefined;

/** #root as the build's file brings `page`; answers #root. */
function loadPrerendered(page: PrerenderedPage): HTMLElement {
  const html = prerenderedDocument(
    '<html lang="en"><title>Vizita</title><div id="root"></div></html>',
    page,
  );
  document.title = page.title;
  document.body.innerHTML = html.slice(html.indexOf('<div id="root">'));
  return document.getElementById('root')!;
}

const loadPrerenderedPage = async () => loadPrerendered(await renderWelcomePage('en'));

/**
 * The attributes that React's development build says differ between the build's markup and the
 * app's first render, from the diff it writes to the console. The build's controls are inert on
 * purpose until the app takes the page over (prerender/prerendered-page.tsx); any other would
 * be a page the app does not draw as the build did.
 */
function attributesThatDiffer(errors: MockInstance<typeof console.error>): string[] {
  return errors.mock.calls
    .flatMap((args) => args.map(String).join(' ').split('\n'))
    .flatMap((line) => /^[+-]\s+([a-zA-Z][\w-]*)=/.exec(line)?.[1] ?? []);
}

async function mountAt(root: HTMLElement, path: string) {
  const router = createMemoryRouter(routes, { ...routerOptions, initialEntries: [path] });
  await act(async () => {
    reactRoot = await mountApp(root, router);
  });
  // Until the app has taken the page over, or rendered its own.
  await waitFor(() => expect(document.querySelector(`[${PRERENDERED_ATTRIBUTE}]`)).toBeNull());
}

beforeEach(() => {
  // A first-time visitor: no session marker (ADR 0049), as the server requires for this page.
  document.cookie = `${SESSION_MARKER_COOKIE}=; max-age=0; path=/`;
});

afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = undefined;
  document.documentElement.removeAttribute(STALE_ATTRIBUTE);
  document.body.innerHTML = '';
});

describe('the app taking over the prerendered welcome page', () => {
  // A visitor's page asks once, after its load, for a session from before the marker (ADR 0049):
  // the server's answer to a visitor is an empty 204.
  beforeEach(() => mockApi({ 'GET /auth/status': () => ({ status: 204 }) }));

  it('hydrates it: the laid-out nodes stay, their controls come alive, nothing is reported', async () => {
    const errors = vi.spyOn(console, 'error');
    const root = await loadPrerenderedPage();
    const heading = root.querySelector('h1');
    const email = root.querySelector('input[type="email"]');
    expect(root.querySelector('[inert]')).not.toBeNull();

    await mountAt(root, '/');

    // The same nodes, not a copy: React attached to the build's markup.
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(screen.getByLabelText('Email')).toBe(email);
    expect(root.querySelector('[inert]')).toBeNull();
    expect(errors).not.toHaveBeenCalledWith(
      'The prerendered page did not match the app:',
      expect.anything(),
    );
    // React names the inert marks, and nothing else: the diff is read.
    expect(attributesThatDiffer(errors)).toContain('inert');
    expect(attributesThatDiffer(errors).filter((name) => name !== 'inert')).toEqual([]);
    // One <title>: the app's, adopted from the page.
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Welcome · Vizita');

    // The form is the app's: it takes input and validates it with the spec's words.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
  });

  it('hydrates the page in Bulgarian where the app starts in Bulgarian (ADR 0061)', async () => {
    await initI18n('bg');
    const errors = vi.spyOn(console, 'error');
    const root = loadPrerendered(await renderWelcomePage('bg'));
    const heading = root.querySelector('h1');

    await mountAt(root, '/');

    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(heading?.textContent).toBe('Консултация с лекар, без да излизате от дома');
    expect(errors).not.toHaveBeenCalledWith(
      'The prerendered page did not match the app:',
      expect.anything(),
    );
    expect(attributesThatDiffer(errors).filter((name) => name !== 'inert')).toEqual([]);
    expect(document.title).toBe('Добре дошли · Vizita');
  });

  it('renders anew where the guard hid the page (another language chosen in this browser)', async () => {
    const root = await loadPrerenderedPage();
    const heading = root.querySelector('h1');
    document.documentElement.setAttribute(STALE_ATTRIBUTE, '');

    await mountAt(root, '/');

    const rendered = await screen.findByRole('heading', { level: 1 });
    expect(rendered).not.toBe(heading);
    expect(heading?.isConnected).toBe(false);
  });

  it('renders anew where the router lands on another page than the build rendered', async () => {
    const root = await loadPrerenderedPage();
    const heading = root.querySelector('h1');

    await mountAt(root, '/?register=true');

    expect(await screen.findByRole('heading', { name: 'Create Account' })).toBeVisible();
    expect(heading?.isConnected).toBe(false);
    expect(root.querySelector('[inert]')).toBeNull();
  });
});

describe('the app taking over a prerendered patient page', () => {
  const MY_APPOINTMENTS = '/dashboard/appointments';

  /** My Appointments as the build rendered it, for a browser with a session marker. */
  async function loadMyAppointments(): Promise<HTMLElement> {
    const page = await renderPatientPage(MY_APPOINTMENTS, 'en');
    // The build's stand-in session is the build's: the browser restores its own.
    resetSessionForTests();
    document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
    return loadPrerendered(page);
  }

  afterEach(() => resetSessionForTests());

  it('hydrates My Appointments for a signed-in patient, then shows her data', async () => {
    mockApi({
      'GET /auth/status': () => ok(session()),
      'GET /api/appointments': () => ({ status: 200, body: appointmentListBody([]) }),
    });
    const errors = vi.spyOn(console, 'error');
    const root = await loadMyAppointments();
    const heading = root.querySelector('h1');

    await mountAt(root, MY_APPOINTMENTS);

    expect(screen.getByRole('heading', { level: 1, name: 'My Appointments' })).toBe(heading);
    expect(errors).not.toHaveBeenCalledWith(
      'The prerendered page did not match the app:',
      expect.anything(),
    );
    expect(attributesThatDiffer(errors).filter((name) => name !== 'inert')).toEqual([]);
    expect(root.querySelector('[inert]')).toBeNull();
    // Her data arrives into the page the app took over.
    expect(await screen.findByText('No appointments yet')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
  });

  it('renders anew for a doctor, whom the guard sends to the doctor’s area', async () => {
    mockApi({ 'GET /auth/status': () => ok(session({ userType: 'doctor', twoFactor: 'on' })) });
    const root = await loadMyAppointments();
    const heading = root.querySelector('h1');

    await mountAt(root, MY_APPOINTMENTS);

    expect(heading?.isConnected).toBe(false);
    expect(root.textContent).not.toContain('My Appointments');
  });
});
