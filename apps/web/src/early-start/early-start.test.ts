import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { CONSENT_PATH, SECURITY_PATH } from '../app/guards';
import { patientRoutes } from '../app/patient-routes';
import { signedInPages } from '../app/signed-in-pages';
import { staffRoutes } from '../app/staff-routes';
import { EARLY_SESSION_ANSWER } from './early-session';
import { PATIENT_AREA, startEarly, warmUpIntl, type EarlyStartFiles } from './early-start';

const FILES: EarlyStartFiles = {
  patientArea: ['/assets/signed-in-layout-1.js', '/assets/shared-2.js'],
  pages: { '/dashboard/appointments': '/assets/appointments-page-3.js' },
  languages: {
    en: ['/assets/en-first-page-4.js', '/assets/en-signed-in-5.js'],
    bg: ['/assets/bg-first-page-6.js', '/assets/bg-signed-in-7.js'],
    de: ['/assets/de-first-page-8.js', '/assets/de-signed-in-9.js'],
  },
};

/** Runs the head's script on `pathname` with `cookie`; answers what it asked for and preloaded. */
function start(pathname: string, cookie: string) {
  const fetch = vi.fn(async () => new Response('{}'));
  const target: Record<string, unknown> = {};
  const head = document.createElement('head');
  const afterPaint = vi.fn<(task: () => void) => void>();
  const page = {
    document: { cookie, createElement: document.createElement.bind(document), head },
    location: { pathname },
    fetch,
    target,
    afterPaint,
  };
  startEarly(FILES, page);
  const preloads = [...head.querySelectorAll('link')].map((link) => ({
    rel: link.rel,
    href: link.getAttribute('href'),
  }));
  return { fetch, answer: target[EARLY_SESSION_ANSWER], preloads, afterPaint };
}

const SIGNED_IN = 'theme=dark; vizita_session=1';

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe("the document head's early start (ADR 0052)", () => {
  it('asks for the session as the app would, and leaves the answer for it', () => {
    localStorage.setItem('locale', 'de');
    const { fetch, answer } = start('/doctor', SIGNED_IN);
    expect(fetch).toHaveBeenCalledExactlyOnceWith('/auth/status', {
      credentials: 'include',
      headers: { Accept: 'application/json', 'Accept-Language': 'de' },
    });
    expect(answer).toBeInstanceOf(Promise);
  });

  it('has the browser load its locale data once the page has painted, not before', () => {
    const { afterPaint } = start('/calendar', SIGNED_IN);
    expect(afterPaint).toHaveBeenCalledExactlyOnceWith(warmUpIntl);
    expect(start('/calendar', '').afterPaint).not.toHaveBeenCalled();
    expect(() => warmUpIntl()).not.toThrow();
  });

  it("has a patient's page fetch the area's code, the page's own and the texts of her language", () => {
    localStorage.setItem('locale', 'bg');
    const { preloads } = start('/dashboard/appointments/', SIGNED_IN);
    expect(preloads).toEqual(
      [
        '/assets/signed-in-layout-1.js',
        '/assets/shared-2.js',
        '/assets/appointments-page-3.js',
        '/assets/bg-first-page-6.js',
        '/assets/bg-signed-in-7.js',
      ].map((href) => ({ rel: 'modulepreload', href })),
    );
    // A page of the area without a chunk of its own here: the area's code and English.
    localStorage.clear();
    expect(start('/dashboard/billing', SIGNED_IN).preloads.map((p) => p.href)).toEqual([
      ...FILES.patientArea,
      ...FILES.languages.en,
    ]);
  });

  it("does nothing for a visitor, and fetches no patient's code for staff or public pages", () => {
    for (const cookie of ['', 'vizita_session_old=1', 'other=vizita_session=1']) {
      const visitor = start('/dashboard', cookie);
      expect(visitor.fetch, cookie).not.toHaveBeenCalled();
      expect(visitor.answer).toBeUndefined();
      expect(visitor.preloads).toEqual([]);
    }
    for (const path of ['/', '/doctor', '/admin/doctors', '/about', '/security', '/dashboards']) {
      const other = start(path, SIGNED_IN);
      expect(other.fetch, path).toHaveBeenCalledOnce();
      expect(other.preloads, path).toEqual([]);
    }
  });

  it("knows the patient area by the app's route table", () => {
    const paths = (prefix: string, table: RouteObject[]): string[] =>
      table.flatMap((route) => {
        const path = route.path ? `${prefix}/${route.path}` : prefix;
        return [path, ...paths(path, route.children ?? [])];
      });
    // Every role's pages in the signed-in layout (two-factor sign-in, consent) are not hers.
    const everyRole = new Set([SECURITY_PATH, CONSENT_PATH]);
    const patients = [
      '/dashboard',
      ...paths('/dashboard', patientRoutes),
      ...paths('', signedInPages).filter((path) => !everyRole.has(path)),
    ];
    for (const path of patients) expect(PATIENT_AREA.test(path), path).toBe(true);
    for (const path of [...paths('', staffRoutes), ...everyRole, '/', '/guest', '/calendars'])
      expect(PATIENT_AREA.test(path), path).toBe(false);
  });
});
