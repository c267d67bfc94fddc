import { existsSync, readFileSync } from 'node:fs';

/**
 * Passed and failed test counts from a file written by Vitest's JSON reporter
 * (`--reporter=json --outputFile=…`), or undefined when Vitest wrote none — a crash before any
 * test ran, for instance. Skipped and todo tests count as neither.
 */
export function readVitestCounts(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: report.numPassedTests ?? 0, failed: report.numFailedTests ?? 0 };
}
