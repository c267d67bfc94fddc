/**
 * The zone this browser runs in: the reader's own. Its own module, with no date helpers, so the
 * API client in the entry can send it (ADR 0019) without carrying them.
 */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
