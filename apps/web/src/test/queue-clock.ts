import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { QUEUE_POLL_MS } from '@vizita/shared/contracts/on-demand';

// The clock of the "see a doctor now" tests (the patient's queue page, the doctor's panel): fake
// timers that still let real time pass, so React and user-event run, and a poll moved on at will.

/** Fake timers at `now` for every test of the file (call it at its top), real ones after each. */
export function queueClockAt(now: Date): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.setSystemTime(now);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** One poll of the queue goes by, and what it fetched is rendered. */
export const nextPoll = () => act(() => vi.advanceTimersByTimeAsync(QUEUE_POLL_MS));

/** A user-event user whose waits run on the fake clock. */
export const userOnTheClock = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
