import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinMeeting } from '@vizita/shared/contracts/meetings';
import type { CallSession, CallSnapshot } from '../call/call-session';
import { MeetingCall, type CreateCall } from '../call/meeting-call';
import type { ChatSession, ChatSnapshot } from '../chat/chat-session';
import type { FileExchange, FileExchangeSnapshot } from '../files/file-exchange';

/**
 * The page's call: joins once the appointment is `joinable`, stays in the call until the page
 * goes (the join window closing meanwhile is the server's to announce), and hangs up then. One
 * appointment per mount (`join` is read once): render the page anew for another one.
 */
export function useMeetingCall({
  join,
  joinable,
  createCall,
  containerRef,
}: {
  /** Asks the server for permission to join (the participant's or the guest's call). */
  join: () => Promise<JoinMeeting>;
  joinable: boolean;
  createCall: CreateCall;
  containerRef: RefObject<HTMLElement | null>;
}) {
  const { i18n } = useTranslation();
  const [call] = useState(() => new MeetingCall({ join, createCall }));
  const state = useSyncExternalStore(call.subscribe, call.getState);
  // "Try Again" and "Rejoin": hang up whatever is left and join anew, into the video area that is
  // on screen now.
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    call.setLanguage(i18n.language);
  }, [call, i18n.language]);

  const enabled = joinable || state.status !== 'idle';
  useEffect(() => {
    if (!enabled) return;
    call.open(() => containerRef.current);
    return () => call.close();
  }, [call, enabled, containerRef, attempt]);

  /** Hangs up now (before the page goes): the camera light goes off at once. */
  const hangUp = useCallback(() => call.close(), [call]);

  return { state, retry, hangUp };
}

/** A call session's snapshot, re-rendering on every change; null without a session. */
export function useCallSnapshot(session: CallSession | null): CallSnapshot | null {
  const subscribe = useCallback(
    (onChange: () => void) => (session ? session.subscribe(onChange) : () => {}),
    [session],
  );
  const getSnapshot = useCallback(() => (session ? session.getSnapshot() : null), [session]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** The file transfer's snapshot; null without a call. */
export function useFileExchange(files: FileExchange | null): FileExchangeSnapshot | null {
  const subscribe = useCallback(
    (onChange: () => void) => (files ? files.subscribe(onChange) : () => {}),
    [files],
  );
  const getSnapshot = useCallback(() => (files ? files.getSnapshot() : null), [files]);
  return useSyncExternalStore(subscribe, getSnapshot);
}

/** The chat's snapshot; null without a call. */
export function useChat(chat: ChatSession | null): ChatSnapshot | null {
  const subscribe = useCallback(
    (onChange: () => void) => (chat ? chat.subscribe(onChange) : () => {}),
    [chat],
  );
  const getSnapshot = useCallback(() => (chat ? chat.getSnapshot() : null), [chat]);
  return useSyncExternalStore(subscribe, getSnapshot);
}
