import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { InvoiceView } from './invoice-view.ts';

// The standard 14 PDF fonts have no Cyrillic: Bulgarian names and text need an embedded font.
// DejaVu Sans covers Latin and Cyrillic and ships as plain TTF in an npm package (ADR 0021).
const fromHere = createRequire(import.meta.url);
const FONT_REGULAR = fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = fromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const MM = 72 / 25.4;
const MARGIN = 18 * MM;
const INK = '#0f172a';
const MUTED = '#334155';

/** The document as an A4 PDF with the fonts embedded (subset), in the view's language. */
export function invoicePdf(v: InvoiceView): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: v.locale,
    // The number also as plain ASCII metadata: the page text is subset glyphs, not searchable bytes.
    info: {
      Title: `${v.title} ${v.number}`,
      Subject: v.number,
      Author: v.seller.lines[0] ?? 'Vizita',
    },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const half = width / 2 - 10;

  doc.font('bold').fontSize(20).fillColor(INK).text(v.title, left, MARGIN);
  doc.moveDown(0.3);
  for (const [label, value] of v.meta) {
    doc.font('regular').fontSize(10).fillColor(MUTED).text(`${label}: `, { continued: true });
    doc.font('bold').fillColor(INK).text(value);
  }
  if (v.corrects) doc.moveDown(0.3).font('bold').fontSize(10).text(v.corrects);
  doc.moveDown(1.2);

  const partiesTop = doc.y;
  const party = (p: { heading: string; lines: string[] }, x: number) => {
    doc.font('bold').fontSize(8).fillColor(MUTED).text(p.heading.toUpperCase(), x, partiesTop, {
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
  const bottom = Math.max(party(v.seller, left), party(v.buyer, left + half + 20));
  doc.y = bottom + 24;

  const amountWidth = 110;
  const descWidth = width - amountWidth;
  const rule = () =>
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#cbd5e1')
      .stroke();
  const row = (a: string, b: string, font: 'regular' | 'bold', size = 10) => {
    const top = doc.y;
    doc
      .font(font)
      .fontSize(size)
      .fillColor(INK)
      .text(a, left, top, { width: descWidth - 10 });
    const after = doc.y;
    doc.text(b, left + descWidth, top, { width: amountWidth, align: 'right' });
    doc.y = Math.max(after, doc.y);
  };
  row(v.columns[0], v.columns[1], 'bold', 9);
  doc.moveDown(0.3);
  rule();
  doc.moveDown(0.5);
  row(v.item.description, v.item.amount, 'regular');
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(v.item.detail, left, doc.y, {
      width: descWidth - 10,
    });
  doc.moveDown(0.5);
  rule();
  doc.moveDown(0.5);
  row(v.total[0], v.total[1], 'bold', 11);
  doc.moveDown(1.5);

  doc.font('regular').fontSize(10).fillColor(INK);
  for (const line of v.payment) doc.text(line, left, doc.y, { width });
  doc.moveDown(1);
  const vatTop = doc.y;
  doc
    .font('bold')
    .fontSize(10)
    .text(v.vat.legal, left + 10, vatTop, { width: width - 10 });
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(v.vat.explanation, { width: width - 10 });
  doc
    .moveTo(left + 2, vatTop - 2)
    .lineTo(left + 2, doc.y + 2)
    .lineWidth(3)
    .strokeColor('#0f766e')
    .stroke();
  doc.moveDown(2);
  doc.font('regular').fontSize(8).fillColor(MUTED).text(v.footer, left, doc.y, { width });

  doc.end();
  return done;
}
