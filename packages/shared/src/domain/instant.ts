/**
 * Whether `value` is a UTC instant written the way ISO 8601 and `toISOString` write it —
 * `YYYY-MM-DDTHH:MMZ`, `…:SSZ` or `…:SS.sssZ` — and a real one: no 2026-02-30 (which Date.parse
 * rolls over to 2 March), no 24:00, no offset. A booking link's time (issue #22).
 */
export function isInstant(value: string): boolean {
  const written = new Date(Date.parse(value) || 0).toISOString();
  return [16, 19, 23].some((length) => `${written.slice(0, length)}Z` === value);
}
