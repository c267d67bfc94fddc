import { drawQrCode } from '../../lib/pdf-qr.ts';
import { drawParties, drawTitle, INK, MUTED, startPdf } from '../../lib/pdf-page.ts';
import { INVOICE_COPY } from './invoice-copy.ts';
import type { InvoiceView } from './invoice-view.ts';

/** Where a reader checks the document (ADR 0037): its link for the QR code, its short code. */
export type PdfVerification = { verifyUrl: string; shortCode: string };

/**
 * The document as an A4 PDF with the fonts embedded (subset), in the view's language; with its
 * registration, a QR code of its verification link and its short code beside it.
 */
export function invoicePdf(v: InvoiceView, verification?: PdfVerification): Promise<Buffer> {
  const {
    doc,
    bytes: done,
    left,
    width,
  } = startPdf(v.locale, {
    // The number also as plain ASCII metadata: the page text is subset glyphs, not searchable bytes.
    Title: `${v.title} ${v.number}`,
    Subject: v.number,
    Author: v.seller.lines[0] ?? 'Vizita',
    // The short code also in plain metadata, for a program that reads the file.
    ...(verification ? { Keywords: verification.shortCode } : {}),
  });

  drawTitle(doc, v.title, v.meta, { size: 20, width });
  if (v.corrects) doc.moveDown(0.3).font('bold').fontSize(10).text(v.corrects);
  doc.moveDown(1.2);
  drawParties(doc, [v.seller, v.buyer], { width, gap: 24 });

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
  if (verification) {
    const t = INVOICE_COPY[v.locale];
    const qrSize = 76;
    const qrTop = doc.y;
    const textLeft = left + qrSize + 12;
    drawQrCode(doc, verification.verifyUrl, left, qrTop, qrSize);
    doc
      .font('bold')
      .fontSize(10)
      .fillColor(INK)
      .text(t.verifyTitle, textLeft, qrTop + 8, { width: width - qrSize - 12 });
    doc.font('bold').fontSize(14).text(verification.shortCode, { characterSpacing: 1 });
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(t.verifyText(verification.shortCode, new URL('/verify', verification.verifyUrl).href), {
        width: width - qrSize - 12,
      });
    doc.y = Math.max(doc.y, qrTop + qrSize) + 12;
  }
  doc.font('regular').fontSize(8).fillColor(MUTED).text(v.footer, left, doc.y, { width });

  doc.end();
  return done;
}
