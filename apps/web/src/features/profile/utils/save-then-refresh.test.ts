import { describe, expect, it, vi } from 'vitest';
import { saveThenRefreshSession } from './save-then-refresh';

describe('saveThenRefreshSession', () => {
  it('refreshes the session after a successful save', async () => {
    const calls: string[] = [];
    await saveThenRefreshSession(
      { city: 'Sofia' },
      {
        save: async () => void calls.push('save'),
        refresh: async () => void calls.push('refresh'),
        onRejected: () => calls.push('rejected'),
      },
    );
    expect(calls).toEqual(['save', 'refresh']);
  });

  it('hands a refused save to the form and does not refresh', async () => {
    const refused = new Error('400');
    const onRejected = vi.fn();
    const refresh = vi.fn(async () => {});
    await saveThenRefreshSession({}, { save: () => Promise.reject(refused), refresh, onRejected });
    expect(onRejected).toHaveBeenCalledWith(refused);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not fail the form when only the refresh fails', async () => {
    const onRejected = vi.fn();
    await expect(
      saveThenRefreshSession(
        {},
        { save: async () => {}, refresh: () => Promise.reject(new Error('offline')), onRejected },
      ),
    ).resolves.toBeUndefined();
    expect(onRejected).not.toHaveBeenCalled();
  });
});
