import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, several projects: each workspace declares its own environment and set-up.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/api', 'apps/web'],
    // A worker per core. Vitest's own default is one less than the cores (its code, not its
    // documentation): one worker on a two-core machine, where the unit tests took 609 s of CI
    // and the API tests, each file with a database of its own, 469 s, one file at a time.
    maxWorkers: availableParallelism(),
  },
});
