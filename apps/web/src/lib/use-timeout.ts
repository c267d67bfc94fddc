import { useEffect, useRef } from 'react';

/** Calls `callback` once after `delayMs` while `active` is true; cancelled on unmount. */
export function useTimeout(callback: () => void, delayMs: number, active = true): void {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!active) return;
    const id = window.setTimeout(() => latest.current(), delayMs);
    return () => window.clearTimeout(id);
  }, [active, delayMs]);
}
