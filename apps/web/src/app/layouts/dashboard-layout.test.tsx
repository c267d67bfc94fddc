import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, LOCALE_STORAGE_KEY, LOCALES } from '@vizita/shared/constants';
import { formatLongDate } from '../../lib/dates';
import { initI18n } from '../../lib/i18n';
import { mockApi, ok, session } from '../../test/mock-api';
import { renderApp } from '../../test/render';

const signedIn = () => mockApi({ 'GET /auth/status': () => ok(session()) });

describe('dashboard layout', () => {
  it('has the landmarks, the skip link, the top bar and both navigations', async () => {
    signedIn();
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(formatLongDate(new Date()))).toBeInTheDocument();

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('link', { name: 'Vizita home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Notifications (0 unread)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute(
      'href',
      '/dashboard/profile',
    );

    const side = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(side).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(side).getByRole('link', { name: 'Profile' })).toBeInTheDocument();
    const group = within(side).getByRole('button', { name: 'Appointments' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(within(side).getByRole('link', { name: 'My Appointments' })).toBeVisible();
    expect(within(side).getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'href',
      '/dashboard/messages',
    );

    const bottom = screen.getByRole('navigation', { name: 'Mobile navigation' });
    expect(
      within(bottom)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home', 'Appointments', 'Messages', 'Profile']);
  });

  it('moves focus to the main content from the skip link', async () => {
    signedIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome back!' });
    await userEvent.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('the dashboard fade-in (spec §2, ADR 0053)', () => {
  it('is not played when the dashboard is the first screen the document shows', async () => {
    signedIn();
    renderApp('/dashboard/appointments');
    await screen.findByRole('heading', { level: 1, name: 'My Appointments' });
    expect(screen.getByRole('main')).not.toHaveClass('animate-fade-in');
  });

  it('plays for about 300 ms when the dashboard is entered from another screen', async () => {
    signedIn();
    const { router } = renderApp('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Vizita' });
    await act(() => router.navigate('/dashboard'));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back!' });
    const main = screen.getByRole('main');
    expect(main).toHaveClass('animate-fade-in', 'motion-reduce:animate-none');
    expect(main.style.animationDuration).toBe('300ms');

    // Moving between the dashboard's pages keeps its content on screen: no second fade.
    await act(() => router.navigate('/dashboard/appointments'));
    await screen.findByRole('heading', { level: 1, name: 'My Appointments' });
    expect(screen.getByRole('main')).toBe(main);
  });
});

/** The text a sighted user sees inside an element: everything but the visually hidden parts. */
function visibleText(element: Element): string {
  let text = '';
  for (const node of element.childNodes) {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
    else if (node instanceof Element && !node.classList.contains('sr-only')) {
      text += ` ${visibleText(node)} `;
    }
  }
  return text.replace(/\s+/g, ' ').trim();
}

describe.each(LOCALES)('top bar in %s', (locale) => {
  // axe label-content-name-mismatch, WCAG 2.5.3 Label in Name.
  it('names every control with a text that contains what it shows', async () => {
    await initI18n(locale);
    signedIn();
    renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1 });
    const banner = screen.getByRole('banner');

    const bell = within(banner).getByRole('button', {
      name: i18next.t('navigation:notifications', { unread: 0 }),
    });
    // Named by its own hidden text, not aria-label, so the name cannot drift from the badge.
    expect(bell).not.toHaveAttribute('aria-label');
    expect(visibleText(bell)).toBe('0');
    expect(bell).toHaveAccessibleName(expect.stringContaining('0'));

    const controls = [
      ...within(banner).getAllByRole('button'),
      ...within(banner).getAllByRole('link'),
    ];
    for (const control of controls) {
      expect(control).toHaveAccessibleName(expect.stringContaining(visibleText(control)));
    }
  });
});

describe('language menu', () => {
  it('is operable by keyboard, closes on Escape and switches the language', async () => {
    signedIn();
    renderApp('/dashboard');
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: /Language/ });
    expect(button).toHaveAccessibleName('Language: EN');
    expect(button).toHaveTextContent('EN');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    button.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitemradio');
    // Each language in its own tongue, marked as such for screen readers (issue #22).
    expect(items.map((item) => item.textContent)).toEqual([
      'EnglishEN',
      'БългарскиBG',
      'DeutschDE',
    ]);
    expect(within(items[1]!).getByText('Български')).toHaveAttribute('lang', 'bg');
    expect(within(items[2]!).getByText('Deutsch')).toHaveAttribute('lang', 'de');
    expect(items[0]).toHaveFocus();
    expect(items[0]).toHaveAttribute('aria-checked', 'true');

    await user.keyboard('{ArrowUp}');
    expect(items[2]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.keyboard('{End}{Enter}');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    // And the server, which writes a page's answers in it (ADR 0056).
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=de`);
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück!' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sprache: DE' })).toHaveFocus();
    // Whatever the screen's language, each keeps its own name.
    await user.keyboard('{ArrowDown}');
    expect(
      within(screen.getByRole('menu'))
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['EnglishEN', 'БългарскиBG', 'DeutschDE']);
  });

  it('closes when the user clicks outside', async () => {
    signedIn();
    renderApp('/dashboard');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Language/ }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Welcome back!' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('applies the stored locale on load and sends it as Accept-Language', async () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'bg');
    expect(document.cookie).not.toContain(`${LOCALE_COOKIE}=bg`);
    await initI18n();
    // A choice kept before the server was told of it is told on the next start.
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=bg`);
    const { calls } = signedIn();
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Добре дошли отново!' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('bg');
    expect(calls[0]!.headers.get('Accept-Language')).toBe('bg');
  });
});
