/** Where the browser cannot tell of its first paint, or never paints (a tab opened hidden). */
const AT_THE_LATEST_MS = 10_000;

/**
 * Resolves once the document has painted content (the browser's first-contentful-paint entry),
 * or after AT_THE_LATEST_MS. For work the first screen does not need: started before that paint,
 * a request competes with it, and whatever led to it counts towards it (issue #23).
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, AT_THE_LATEST_MS);
    if (typeof PerformanceObserver === 'undefined') return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
