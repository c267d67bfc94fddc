/** Where the browser cannot tell of its first paint, or never paints (a tab opened hidden). */
const AT_THE_LATEST_MS = 10_000;

/** The browser's paint entries: its first paint of anything, and its first paint of content. */
export type FirstPaint = 'first-paint' | 'first-contentful-paint';

/**
 * Resolves once the document has painted (by default content: the browser's
 * first-contentful-paint entry), or after AT_THE_LATEST_MS. For work the first screen does not
 * need: started before that paint, a request competes with it, and whatever led to it counts
 * towards it (issue #23). Where the browser does not report paints, at once.
 */
export function afterFirstPaint(paint: FirstPaint = 'first-contentful-paint'): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, AT_THE_LATEST_MS);
    if (typeof PerformanceObserver === 'undefined') return resolve();
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName(paint).length === 0) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
