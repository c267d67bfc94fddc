import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetSessionForTests } from '../features/auth/session-store';
import { initI18n } from '../lib/i18n';

await initI18n('en');

beforeEach(async () => {
  // Tests read English unless they switch; the language a test chose must not leak.
  await initI18n('en');
  localStorage.clear();
  resetSessionForTests();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
