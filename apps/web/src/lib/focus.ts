/**
 * Ref callback for a heading that replaces the control the user just used (a form swapped for its
 * result): moving focus there keeps keyboard and screen-reader users in place. Module-level, so
 * React calls it once per mount, not on every render.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
