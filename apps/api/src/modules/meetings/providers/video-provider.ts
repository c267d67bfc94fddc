import type { Locale } from '@vizita/shared/constants';
import type { IceServer, MeetingRole, VideoProviderName } from '@vizita/shared/contracts/meetings';

/** The appointment's meeting as a provider sees it: its id and the window the server enforces. */
export type MeetingWindow = { id: string; opensAt: Date; closesAt: Date };

export type MeetingParticipant = {
  userId: string;
  role: MeetingRole;
  userName: string;
  locale: Locale;
  /** The sign-in session joining (our signalling closes the socket when it ends). */
  sessionId: string;
};

/** What the join answer carries for the chosen provider; the other provider's fields are null. */
export type PreparedMeeting = {
  signallingUrl: string | null;
  iceServers: IceServer[];
  roomUrl: string | null;
  roomToken: string | null;
};

/** The port every video provider implements (ARCHITECTURE.md §2). */
export interface VideoProvider {
  readonly name: VideoProviderName;
  /** Everything one participant needs to enter the call now; called on every (re)join. */
  prepare(appointment: MeetingWindow, participant: MeetingParticipant): Promise<PreparedMeeting>;
  /**
   * The appointment is over early (cancelled): a hosted call is closed and everyone in it sent
   * out. Our own signalling closes its rooms itself (rooms.ts), so it has nothing to do here.
   */
  end?(appointmentId: string): Promise<void>;
}

/** The provider could not be reached or refused us; the join answers 502. */
export class VideoProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'VideoProviderError';
  }
}
