// A doctor's photo is shown to every patient from our origin, so it is checked strictly: the
// declared type must match the bytes, and the header must give sane dimensions. No decoder runs;
// the bytes are served back as they came, with their type and `nosniff`.

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
/** Enough for a sharp portrait; the photo is sent to every patient who opens the booking page. */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_MIN_SIDE = 64;
export const PHOTO_MAX_SIDE = 4096;

type Size = { width: number; height: number };

function pngSize(b: Buffer): Size | undefined {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length < 24 || !signature.every((v, i) => b[i] === v)) return undefined;
  if (b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpegSize(b: Buffer): Size | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return undefined;
    const marker = b[i + 1]!;
    const length = b.readUInt16BE(i + 2);
    // Start-of-frame markers (baseline, progressive, …) carry the size; DHT/JPG/DAC do not.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return undefined;
}

function webpSize(b: Buffer): Size | undefined {
  if (
    b.length < 30 ||
    b.toString('latin1', 0, 4) !== 'RIFF' ||
    b.toString('latin1', 8, 12) !== 'WEBP'
  )
    return undefined;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ')
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return undefined;
}

const READERS: Record<PhotoType, (b: Buffer) => Size | undefined> = {
  'image/png': pngSize,
  'image/jpeg': jpegSize,
  'image/webp': webpSize,
};

export type PhotoProblem = 'type' | 'size' | 'dimensions';

/** What is wrong with an upload, or null when it may be stored and served. */
export function photoProblem(declaredType: string, bytes: Buffer): PhotoProblem | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(declaredType)) return 'type';
  if (bytes.length === 0 || bytes.length > PHOTO_MAX_BYTES) return 'size';
  const size = READERS[declaredType as PhotoType](bytes);
  if (!size) return 'type';
  const ok = (side: number) => side >= PHOTO_MIN_SIDE && side <= PHOTO_MAX_SIDE;
  return ok(size.width) && ok(size.height) ? null : 'dimensions';
}
