import { describe, expect, it } from 'vitest';
import { safeFileName, sniffDocumentType } from './file-type.ts';

describe('document file type', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(sniffDocumentType(Buffer.from('%PDF-1.7\n…'))).toBe('application/pdf');
    expect(
      sniffDocumentType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
    ).toBe('image/png');
    expect(sniffDocumentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffDocumentType(Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffDocumentType(Buffer.from('%PD'))).toBeUndefined();
    expect(sniffDocumentType(Buffer.alloc(0))).toBeUndefined();
  });

  it('keeps a name without its path, control characters or quotes, with the real extension', () => {
    expect(safeFileName('../../etc/Krankmeldung.pdf', 'application/pdf')).toBe('Krankmeldung.pdf');
    expect(safeFileName('C:\\scans\\"x"\u0007.exe', 'image/png')).toBe('x.png');
    expect(safeFileName('   ', 'image/jpeg')).toBe('document.jpg');
    expect(safeFileName('Направление', 'application/pdf')).toBe('Направление.pdf');
  });
});
