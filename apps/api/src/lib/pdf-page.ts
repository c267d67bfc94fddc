import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// What every PDF Vizita issues shares (invoices, prescriptions, sick notes, referrals): an A4
// page with DejaVu Sans embedded — the standard 14 PDF fonts have no Cyrillic, and DejaVu covers
// Latin with the German letters and Cyrillic (ADR 0021) — the house colours, and the heading,
// the "label: value" lines and the two columns of parties at the top.
const fromHere = createRequire(import.meta.url);
const FONT_REGULAR = fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

export const MM = 72 / 25.4;
export const MARGIN = 18 * MM;
export const INK = '#0f172a';
export const MUTED = '#334155';

/**
 * A new A4 document in `lang` with the fonts registered as `regular` and `bold`, and the bytes
 * it will have once `doc.end()` is called.
 */
export function startPdf(lang: string, info: PDFKit.DocumentInfo) {
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, lang, info });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 2 * MARGIN;
  return { doc, bytes, left: MARGIN, width };
}

/** The document's title and its "label: value" lines (number, date, code) under it. */
export function drawTitle(
  doc: PDFKit.PDFDocument,
  title: string,
  meta: [label: string, value: string][],
  { size, width }: { size: number; width: number },
) {
  doc.font('bold').fontSize(size).fillColor(INK).text(title, MARGIN, MARGIN, { width });
  doc.moveDown(0.3);
  for (const [label, value] of meta) {
    doc.font('regular').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('bold').fillColor(INK).text(value);
  }
}

type Party = { heading: string; lines: string[] };

/**
 * Two parties side by side (seller and buyer, patient and doctor): a small capital heading, the
 * first line bold. Leaves `doc.y` `gap` points under the longer column.
 */
export function drawParties(
  doc: PDFKit.PDFDocument,
  [first, second]: [Party, Party],
  { width, gap }: { width: number; gap: number },
) {
  const half = width / 2 - 10;
  const top = doc.y;
  const column = (p: Party, x: number) => {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(p.heading.toUpperCase(), x, top, {
      width: half,
      characterSpacing: 0.5,
    });
    doc.moveDown(0.2);
    p.lines.forEach((line, i) =>
      doc
        .font(i === 0 ? 'bold' : 'regular')
        .fontSize(10)
        .fillColor(INK)
        .text(line, x, doc.y, { width: half }),
    );
    return doc.y;
  };
  doc.y = Math.max(column(first, MARGIN), column(second, MARGIN + half + 20)) + gap;
}
