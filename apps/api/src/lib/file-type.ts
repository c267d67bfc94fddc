// The formats Vizita keeps as files — a doctor's documents (ADR 0022), what a patient and the
// practice attach to their messages (issue #20): PDF, PNG and JPEG. A content sniffer with no
// business rule, so it lives here rather than in the first module that needed it (STYLE.md 9a).

/** A format the bytes were found to be. Never HTML or SVG: nothing a browser runs as a page. */
export type CheckedFileType = 'application/pdf' | 'image/png' | 'image/jpeg';

// The first bytes of each accepted format. The declared Content-Type must agree with them, so an
// HTML page or a script never becomes a "PDF" that a browser might render from our origin.
const SIGNATURES: [CheckedFileType, number[]][] = [
  ['application/pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
];

/** The format the bytes really are, or undefined when they are none of the accepted ones. */
export function sniffFileType(bytes: Buffer): CheckedFileType | undefined {
  return SIGNATURES.find(([, magic]) => magic.every((b, i) => bytes[i] === b))?.[0];
}

/**
 * A file name safe to echo in Content-Disposition: no path, no control characters, no quotes;
 * the extension is the one of the real format.
 */
export function storedFileName(name: string, type: CheckedFileType): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c !== '"' && c.charCodeAt(0) > 0x1f && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim()
    .replace(/\.[^.]*$/, '');
  const extension = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' }[type];
  return `${clean || 'document'}.${extension}`;
}
