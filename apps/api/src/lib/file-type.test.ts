import { describe, expect, it } from 'vitest';
import { sniffFileType, storedFileName } from './file-type.ts';

describe('the type of a stored file', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(sniffFileType(Buffer.from('%PDF-1.7\n…'))).toBe('application/pdf');
    expect(sniffFileType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(sniffFileType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffFileType(Buffer.from('<html><script>alert(1)</script>'))).toBeUndefined();
    expect(sniffFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffFileType(Buffer.from('%PD'))).toBeUndefined();
    expect(sniffFileType(Buffer.alloc(0))).toBeUndefined();
  });

  it('keeps a name without its path, control characters or quotes, with the real extension', () => {
    expect(storedFileName('../../etc/Krankmeldung.pdf', 'application/pdf')).toBe(
      'Krankmeldung.pdf',
    );
    expect(storedFileName('C:\\scans\\"x"\u0007.exe', 'image/png')).toBe('x.png');
    expect(storedFileName('   ', 'image/jpeg')).toBe('document.jpg');
    expect(storedFileName('Направление', 'application/pdf')).toBe('Направление.pdf');
  });
});
