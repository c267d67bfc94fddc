import { useSyncExternalStore } from 'react';
import { getSessionState, subscribeToSession, type SessionState } from '../session-store';

/** The current session; re-renders when it changes. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeToSession, getSessionState, getSessionState);
}
