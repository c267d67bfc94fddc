import { encode } from 'uqr';

/**
 * A QR code of `text` drawn into a PDF as filled squares, `size` points wide with its quiet zone:
 * the verification link every document Vizita issues carries (ADR 0037). Error correction M:
 * still readable with a fold or a smudge across the printout.
 */
export function drawQrCode(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  size: number,
) {
  const qr = encode(text, { ecc: 'M', border: 2 });
  const cell = size / qr.size;
  doc.save().fillColor('#000000');
  qr.data.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(x + c * cell, y + r * cell, cell, cell);
    }),
  );
  doc.fill().restore();
}
