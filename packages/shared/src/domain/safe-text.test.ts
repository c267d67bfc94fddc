import { describe, expect, it } from 'vitest';
import { isSafeFreeText, isSafeLine, safeFileName } from './safe-text.ts';

describe('safe text', () => {
  it('takes what people type, in every script of the two markets, with accents and emoji', () => {
    for (const text of ['Мария Иванова', 'Jürgen Weiß-Müller', "O'Brien", 'Dr. med.', 'Ana 👩‍⚕️']) {
      expect(isSafeFreeText(text), text).toBe(true);
    }
    for (const text of ['Мария Иванова', 'Jürgen Weiß-Müller', "O'Brien", 'Sofia 1000']) {
      expect(isSafeLine(text), text).toBe(true);
    }
  });

  it.each([
    ['NUL, which PostgreSQL refuses', '\u0000'],
    ['a bell', '\u0007'],
    ['an escape', '\u001B'],
    ['a lone carriage return', '\r'],
    ['DEL', '\u007F'],
    ['a C1 control', '\u009B'],
    ['a right-to-left override', '\u202E'],
    ['a left-to-right embedding', '\u202A'],
    ['a first-strong isolate', '\u2068'],
  ])('refuses %s anywhere', (_what, c) => {
    expect(isSafeLine(`Ma${c}ria`)).toBe(false);
    expect(isSafeFreeText(`Chest pain${c} since Monday`)).toBe(false);
  });

  it.each([
    ['a line feed', '\n'],
    ['a tab', '\t'],
    ['a line separator', '\u2028'],
    ['a zero-width space', '\u200B'],
    ['a zero-width joiner', '\u200D'],
    ['a right-to-left mark', '\u200F'],
    ['a byte-order mark', '\uFEFF'],
  ])('refuses %s in a line, keeps it in free text', (_what, c) => {
    expect(isSafeLine(`Ma${c}ria`)).toBe(false);
    expect(isSafeFreeText(`Line one${c}line two`)).toBe(true);
  });

  it('cleans a file name instead of refusing it', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName(' scan\u200B\u0000 1.pdf ')).toBe('scan 1.pdf');
    expect(safeFileName('Befund März.pdf')).toBe('Befund März.pdf');
  });
});
