/** How long the zone read is trusted: a phone that crosses a border tells within a minute. */
const ZONE_READ_FOR_MS = 60_000;

let read: { zone: string; at: number } | null = null;

/**
 * The zone this browser runs in: the reader's own. Its own module, with no date helpers, so the
 * API client in the entry can send it (ADR 0019) without carrying them. Read once a minute, not
 * per call: `Intl.DateTimeFormat()` is made anew for each read, and every API request asks —
 * a dozen times as a signed-in page opens, 70 ms of a phone's main thread (issue #23).
 */
export function viewerTimeZone(now = Date.now()): string {
  if (!read || now - read.at >= ZONE_READ_FOR_MS || now < read.at)
    read = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, at: now };
  return read.zone;
}
