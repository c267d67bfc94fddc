import { defineProject } from 'vitest/config';

export default defineProject({
  // Worker threads, as the web project's: they start faster than processes.
  test: { name: 'shared', environment: 'node', pool: 'threads', include: ['src/**/*.test.ts'] },
});
