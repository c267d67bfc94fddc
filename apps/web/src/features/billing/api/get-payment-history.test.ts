import { describe, expect, it } from 'vitest';
import { readPaymentHistory } from './get-payment-history';

const item = (overrides: Record<string, unknown> = {}) => ({
  id: 'p1',
  date: '2026-11-22T10:30:00.000Z',
  doctor: { name: 'Dr. Elena Petrova', specialties: ['Cardiology'] },
  amount: 60,
  currency: 'EUR',
  status: 'completed',
  receiptUrl: 'https://vizita.example/receipts/p1?sig=s1',
  invoicePdfUrl: 'https://vizita.example/receipts/p1/invoice.pdf?sig=s1',
  ...overrides,
});

describe('reading GET /api/payments/history', () => {
  it('keeps the payments as they came, newest first', () => {
    expect(readPaymentHistory({ success: true, data: [item(), item({ id: 'p2' })] })).toEqual([
      { ...item(), onDemand: false },
      { ...item({ id: 'p2' }), onDemand: false },
    ]);
  });

  it('tells the fee of "see a doctor now" apart, only when the answer says so', () => {
    const read = readPaymentHistory({
      data: [item({ onDemand: true }), item({ id: 'p2', onDemand: 'yes' }), item({ id: 'p3' })],
    });
    expect(read.map((p) => p.onDemand)).toEqual([true, false, false]);
  });

  it('says "Invalid response format" when data is not a list', () => {
    for (const body of [null, 'oops', { success: true }, { success: true, data: {} }]) {
      expect(() => readPaymentHistory(body)).toThrow('Invalid response format');
    }
  });

  it('leaves out an item without the fields a row needs', () => {
    const body = {
      data: [
        item({ id: 7 }),
        item({ amount: '60' }),
        item({ amount: Number.NaN }),
        item({ status: undefined }),
        null,
        item({ id: 'kept' }),
      ],
    };
    expect(readPaymentHistory(body).map((p) => p.id)).toEqual(['kept']);
  });

  it('keeps an unknown status, to be shown as it came', () => {
    expect(readPaymentHistory({ data: [item({ status: 'disputed' })] })[0]!.status).toBe(
      'disputed',
    );
  });

  it('gives a missing doctor empty values, for the page to show its fallbacks', () => {
    const [a, b] = readPaymentHistory({
      data: [item({ doctor: null }), item({ doctor: { name: 3, specialties: ['', 'ENT', 4] } })],
    });
    expect(a!.doctor).toEqual({ name: '', specialties: [] });
    expect(b!.doctor).toEqual({ name: '', specialties: ['ENT'] });
  });

  it('lets only web links become a receipt link', () => {
    const receipt = (receiptUrl: unknown) =>
      readPaymentHistory({ data: [item({ receiptUrl })] })[0]!.receiptUrl;
    expect(receipt('/receipts/p1?sig=s1')).toBe('/receipts/p1?sig=s1');
    expect(receipt('http://localhost:3000/receipts/p1')).toBe('http://localhost:3000/receipts/p1');
    expect(receipt('javascript:alert(1)')).toBeNull();
    expect(receipt('data:text/html,hi')).toBeNull();
    expect(receipt('')).toBeNull();
    expect(receipt(null)).toBeNull();
    expect(receipt(42)).toBeNull();
  });
});
