import { defineConfig } from 'vitest/config';

// One runner, several projects: each workspace declares its own environment and set-up.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
  },
});
