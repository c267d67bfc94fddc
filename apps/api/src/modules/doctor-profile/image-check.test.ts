import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf } from '../../../test/image-fixtures.ts';
import { photoProblem } from './image-check.ts';

describe('photoProblem', () => {
  it('accepts PNG and JPEG portraits of sane size', () => {
    expect(photoProblem('image/png', pngOf(400, 400))).toBeNull();
    expect(photoProblem('image/jpeg', jpegOf(600, 800))).toBeNull();
  });

  it('refuses bytes that are not what the type says', () => {
    expect(photoProblem('image/jpeg', pngOf(400, 400))).toBe('type');
    expect(photoProblem('image/png', Buffer.from('<html><script>alert(1)</script></html>'))).toBe(
      'type',
    );
    expect(photoProblem('image/svg+xml', Buffer.from('<svg/>'))).toBe('type');
  });

  it('refuses tiny, huge and empty images', () => {
    expect(photoProblem('image/png', pngOf(1, 1))).toBe('dimensions');
    expect(photoProblem('image/png', pngOf(10_000, 400))).toBe('dimensions');
    expect(photoProblem('image/png', Buffer.alloc(0))).toBe('size');
  });
});
