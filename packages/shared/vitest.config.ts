import { defineProject } from 'vitest/config';

export default defineProject({
  // Worker threads and the timeout as the web project's (apps/web/vitest.config.ts says why).
  test: {
    name: 'shared',
    environment: 'node',
    pool: 'threads',
    // Pure functions, no module state: one module graph per worker (ADR 0057).
    isolate: false,
    testTimeout: 30_000,
    include: ['src/**/*.test.ts'],
  },
});
