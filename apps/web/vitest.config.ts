import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // The prerendered pages' tests parse a document with the entry's <script> and the
    // stylesheet's <link>: happy-dom would try to load them (a NotSupportedError with its stack in
    // the output for each stylesheet). No test runs or styles with a file of the build.
    environmentOptions: {
      happyDOM: {
        settings: {
          disableJavaScriptFileLoading: true,
          disableCSSFileLoading: true,
          handleDisabledFileLoadingAsSuccess: true,
        },
      },
    },
    // Worker threads start faster than processes: about 15% off the unit tests' time on two cores.
    pool: 'threads',
    // npm test runs these beside ESLint, tsc and the build (scripts/test.mjs): a test gets less
    // than a core at times, and 5 s is too short for the ones that move 10 MB.
    testTimeout: 30_000,
    include: ['src/**/*.test.{ts,tsx}', 'service-worker/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
