/**
 * What text a person may give Vizita. Every string a route accepts passes one of these two rules
 * (contracts/field-checks.ts), and the API refuses a route whose input has a string that does not
 * (apps/api/src/plugins/input-text-guard.ts).
 *
 * - Control characters are never typed. PostgreSQL refuses U+0000 in text (SQLSTATE 22021), so
 *   one in a field was a 500 for anyone, signed out included (issue #18); the others break logs,
 *   CSV exports and PDFs.
 * - Bidirectional embeddings, overrides and isolates reorder what a console, a mail or a file list
 *   shows ("Trojan Source", CVE-2021-42574): "‮fdp.exe" reads as "exe.pdf".
 * - Invisible characters make two names look alike and hide text; a name or a title never needs
 *   one. Free text keeps them: the zero-width joiner builds emoji and some scripts' letters.
 */

// C0 controls but tab and line feed; DEL; C1 controls. A carriage return alone rewrites what a
// terminal shows, and a browser's text area gives line feeds only.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_IN_FREE_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/u;
// Every C0 and C1 control, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_OR_LINE_BREAK = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u;
// LRE, RLE, PDF, LRO, RLO; LRI, RLI, FSI, PDI.
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
// Zero-width space, non-joiner and joiner, LRM and RLM, word joiner and the invisible operators,
// the Arabic letter mark, the Mongolian vowel separator, the byte-order mark.
const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\u061C\u180E\uFEFF]/u;

/** True when one line of text (a name, a title, a search) holds nothing a person would not type. */
export function isSafeLine(text: string): boolean {
  return !CONTROL_OR_LINE_BREAK.test(text) && !BIDI_CONTROL.test(text) && !INVISIBLE.test(text);
}

/** True when free text (a reason, a note, a chat message) holds only what a person types. */
export function isSafeFreeText(text: string): boolean {
  return !CONTROL_IN_FREE_TEXT.test(text) && !BIDI_CONTROL.test(text);
}

const UNSAFE_IN_A_LINE = new RegExp(
  `${CONTROL_OR_LINE_BREAK.source}|${BIDI_CONTROL.source}|${INVISIBLE.source}`,
  'gu',
);

/**
 * A file name as it may be shown and offered for download: what `isSafeLine` refuses is removed,
 * not refused, because the name comes from the sender's disk, not from a keyboard.
 */
export function safeFileName(name: string): string {
  return name.replace(UNSAFE_IN_A_LINE, '').trim();
}
