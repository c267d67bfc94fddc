/**
 * Runs `task` once the browser has nothing else to do — no script, rendering or input waiting —
 * or after `timeoutMs` at the latest. Where the browser has no idle callbacks (Safari), a second
 * after now: late enough for a first screen, early enough not to be forgotten.
 */
export function whenIdle(task: () => void, timeoutMs = 5000): void {
  if ('requestIdleCallback' in window)
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 1000);
}
