import type { IceServer } from '@vizita/shared/contracts/meetings';
import type { JoinTokens } from '../join-token.ts';
import { mintTurnServer } from '../turn-credentials.ts';
import type { VideoProvider } from './video-provider.ts';

/** The signalling socket's origin: the app's own, http → ws and https → wss. */
export const signallingOrigin = (appUrl: string) => appUrl.replace(/^http(s?):\/\//, 'ws$1://');

/**
 * The ICE servers one participant gets: the static ones (STUN) for everyone, and with our TURN
 * server a credential minted for that user that expires at `expiresAt`. The join hands them out,
 * and so does the device check's connection check (preflight.ts).
 */
export function participantIceServers(
  {
    iceServers,
    turn,
  }: { iceServers: IceServer[]; turn: { urls: string[]; secret: string } | null },
  userId: string,
  expiresAt: Date,
): IceServer[] {
  return turn ? [...iceServers, mintTurnServer(turn, userId, expiresAt)] : iceServers;
}

/**
 * Our own WebRTC: the browsers talk peer to peer and meet through this server's signalling socket
 * (signalling-routes.ts), which the join token opens for one participant for a short while.
 */
export function createBuiltinProvider({
  appUrl,
  iceServers,
  turn,
  joinTokens,
}: {
  appUrl: string;
  /** The static ones (STUN), for everyone. */
  iceServers: IceServer[];
  /** Our TURN server, with a credential minted per join that expires with the meeting window. */
  turn: { urls: string[]; secret: string } | null;
  joinTokens: JoinTokens;
}): VideoProvider {
  const origin = signallingOrigin(appUrl);
  return {
    name: 'builtin',
    async prepare(appointment, participant) {
      const token = await joinTokens.sign({
        appointmentId: appointment.id,
        userId: participant.userId,
        role: participant.role,
        userName: participant.userName,
        sessionId: participant.sessionId,
      });
      return {
        signallingUrl: `${origin}/ws/meetings/${appointment.id}?token=${encodeURIComponent(token)}`,
        iceServers: participantIceServers(
          { iceServers, turn },
          participant.userId,
          appointment.closesAt,
        ),
        roomUrl: null,
        roomToken: null,
      };
    },
  };
}
