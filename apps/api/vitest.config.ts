import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // One module graph per worker, not one per file: loading the app again for each of the 85
    // files was 135 of the run's 210 s here (Vitest's `import`), and the whole project took about
    // half as long without it (ADR 0057). It is safe because each file builds its own app on its own
    // database, and no file mocks a module; a file that must not share modules would say so in
    // its own project. `vitest --sequence.shuffle.files` is how to check for a leak between files.
    isolate: false,
    // Each file gets its own database; argon2 and PostgreSQL share two cores, so be patient.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { TZ: 'UTC' },
  },
});
