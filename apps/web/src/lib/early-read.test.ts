import { afterEach, describe, expect, it, vi } from 'vitest';
import { startEarly, takeEarly } from './early-read';

afterEach(() => vi.useRealTimers());

describe('a read started early', () => {
  it('is taken over once by the page, which then reads afresh', async () => {
    const read = vi.fn().mockResolvedValueOnce('early').mockResolvedValueOnce('later');
    startEarly('doctors', read);
    await expect(takeEarly('doctors', read)).resolves.toBe('early');
    await expect(takeEarly('doctors', read)).resolves.toBe('later');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('is started once when the route asks twice before the page takes it over', async () => {
    const read = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    startEarly('doctors', read);
    // The router revalidating runs the route's loader again.
    startEarly('doctors', read);
    await expect(takeEarly('doctors', read)).resolves.toBe('first');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is dropped when no page took it over while it was fresh', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const read = vi.fn().mockResolvedValueOnce('stale').mockResolvedValueOnce('fresh');
    startEarly('doctors', read);
    vi.setSystemTime(Date.now() + 10_000);
    await expect(takeEarly('doctors', read)).resolves.toBe('fresh');
  });

  it('hands its failure to the page that takes it over, and to no one before', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      startEarly('doctors', () => Promise.reject(new Error('offline')));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
      await expect(takeEarly('doctors', vi.fn())).rejects.toThrow('offline');
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
