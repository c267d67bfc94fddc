import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { LOCALE_COOKIE, SESSION_MARKER_COOKIE } from '@vizita/shared/constants';
import { resetSessionForTests } from '../features/auth/session-store';
import { initI18n } from '../lib/i18n';

await initI18n('en');

// The first screen of a file loads its route's lazy chunks and the signed-in translations: on a
// busy machine (CI runs the API tests beside these) that can take longer than findBy's default
// second. Waiting longer never hides a failure: what never appears still fails, only later.
configure({ asyncUtilTimeout: 5000 });

beforeEach(async () => {
  // The test DOM has no WebRTC; the browsers we support do, so tests stand in one that has it
  // (its connections are the tests' own fakes). A test of a browser without it stubs it away.
  vi.stubGlobal('RTCPeerConnection', class {});
  // Tests read English unless they switch; the language a test chose must not leak.
  await initI18n('en');
  localStorage.clear();
  // An expiry in the past, which every cookie jar reads as "delete" (jsdom's kept `max-age=0`
  // as an empty value now and then).
  document.cookie = `${LOCALE_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  // Most tests restore a session from a mocked GET /auth/status, as a browser that holds the
  // marker a sign-in leaves (ADR 0049); a test of a first visit removes it.
  document.cookie = `${SESSION_MARKER_COOKIE}=1; path=/`;
  resetSessionForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
