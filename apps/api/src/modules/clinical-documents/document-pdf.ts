import { drawQrCode } from '../../lib/pdf-qr.ts';
import { drawParties, drawTitle, INK, MM, MUTED, startPdf } from '../../lib/pdf-page.ts';
import type { DocumentView } from './document-view.ts';

// A prescription, sick note, referral or visit summary as an A4 PDF (lib/pdf-page.ts: the fonts embedded, so a
// Bulgarian or German text reads back from the file as it was written).
const ALERT = '#b91c1c';

/** The document as an A4 PDF, with a QR code of `verifyUrl` beside how to check it. */
export function documentPdf(v: DocumentView, verifyUrl: string): Promise<Buffer> {
  const { doc, bytes, left, width } = startPdf(v.lang, {
    Title: v.title,
    Subject: v.meta[1]?.[1] ?? '',
    Author: 'Vizita',
  });
  drawTitle(doc, v.title, v.meta, { size: 18, width });
  if (v.correction) doc.font('bold').fontSize(10).fillColor(INK).text(v.correction);
  if (v.revoked) doc.moveDown(0.3).font('bold').fontSize(12).fillColor(ALERT).text(v.revoked);
  doc.moveDown(1);
  drawParties(doc, [v.parties[0]!, v.parties[1]!], { width, gap: 20 });

  for (const section of v.sections) {
    if (section.heading)
      doc.font('bold').fontSize(12).fillColor(INK).text(section.heading, left, doc.y, { width });
    for (const [label, value] of section.rows ?? []) {
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(MUTED)
        .text(`${label}: `, left, doc.y, { width, continued: true });
      doc.fillColor(INK).text(value);
    }
    for (const paragraph of section.paragraphs ?? [])
      doc.font('regular').fontSize(11).fillColor(INK).text(paragraph, left, doc.y, { width });
    doc.moveDown(0.8);
  }

  // What the document is, and how to check it: the QR code beside the words.
  doc.moveDown(0.5);
  const qrSize = 28 * MM;
  const top = doc.y;
  drawQrCode(doc, verifyUrl, left, top, qrSize);
  const textLeft = left + qrSize + 12;
  doc.y = top;
  for (const line of [...v.notice, ...v.verify.text])
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(MUTED)
      .text(line, textLeft, doc.y, { width: width - qrSize - 12 })
      .moveDown(0.3);
  doc.end();
  return bytes;
}
