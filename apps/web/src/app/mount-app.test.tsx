import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { SESSION_MARKER_COOKIE } from '@vizita/shared/constants';
import { PRERENDERED_ATTRIBUTE, STALE_ATTRIBUTE } from '../prerender/markers';
import { renderWelcomePage } from '../prerender/welcome-page';
import { mountApp } from './mount-app';
import { routerOptions, routes } from './routes';

// How the app takes over the welcome page that the build prerendered (ADR 0051): it hydrates the
// page where it would show that same page, keeping the nodes the browser has laid out, and renders
// anew everywhere else. The markup is the build's own (renderWelcomePage), inert controls and all.

let reactRoot: Root | undefined;

/** #root as welcome.html brings it; answers #root. */
async function loadPrerenderedPage(): Promise<HTMLElement> {
  const page = await renderWelcomePage();
  document.title = page.title;
  document.body.innerHTML = `<div id="root"><div ${PRERENDERED_ATTRIBUTE} style="display:contents">${page.markup}</div></div>`;
  return document.getElementById('root')!;
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
      'The prerendered welcome page did not match the app:',
      expect.anything(),
    );
    // One <title>: the app's, adopted from the page.
    expect(document.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Welcome · Vizita');

    // The form is the app's: it takes input and validates it with the spec's words.
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email')).toBeVisible();
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
