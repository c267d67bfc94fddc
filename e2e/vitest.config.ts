import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser journeys against the built server: one file at a time unless told otherwise, because
// each file starts its own server, PostgreSQL and browser. npm test runs two at a time, and the
// deployment's journey alone after them (scripts/test.mjs, ADR 0047).
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    fileParallelism: false,
    // A journey is a minute of real browser and real PostgreSQL work; beside another on two busy
    // cores the longest ones (a whole call, the clinic's day, the main path in Firefox) took
    // 100–126 s on 2026-11-28. Each step has its own, shorter wait; this one only ends a hang.
    testTimeout: 240_000,
    // beforeAll creates a PostgreSQL cluster (initdb) and starts Chromium.
    hookTimeout: 180_000,
    teardownTimeout: 60_000,
  },
});
