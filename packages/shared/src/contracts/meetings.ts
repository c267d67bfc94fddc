import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';

/** Who may join: the appointment's patient and its doctor (spec §6; ARCHITECTURE.md §4). */
export const MEETING_ROLES = ['patient', 'doctor'] as const;
export type MeetingRole = (typeof MEETING_ROLES)[number];

/** The video providers behind the `VideoProvider` port (`VIDEO_PROVIDER`). */
export const VIDEO_PROVIDERS = ['builtin', 'daily'] as const;
export type VideoProviderName = (typeof VIDEO_PROVIDERS)[number];

/** How long a join token lets its holder open the signalling socket (reconnects ask for a new one). */
export const JOIN_TOKEN_LIFETIME_MS = 2 * 60_000;

/** Spec §6: the meeting user name is "Patient" plus the first 8 characters of the user id. */
export const patientDisplayName = (userId: string) => `Patient ${userId.slice(0, 8)}`;

/** One STUN or TURN server, as `RTCPeerConnection` takes it (from `ICE_SERVERS`). */
export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.optional(z.string()),
  credential: z.optional(z.string()),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/**
 * POST /api/meetings/:appointmentId/join — the server's permission to join now, with what the
 * chosen provider needs. Asked again on every (re)connection: the join token is short-lived.
 */
export const joinMeetingResponseSchema = successSchema(
  z.object({
    appointmentId: z.string(),
    provider: z.enum(VIDEO_PROVIDERS),
    role: z.enum(MEETING_ROLES),
    /** The name the other side sees: "Patient 1a2b3c4d" or the doctor's name. */
    userName: z.string(),
    /** The window the server enforces: 15 minutes before the start to 30 minutes after it. */
    opensAt: z.string(),
    closesAt: z.string(),
    /** builtin: the WebSocket URL with its join token, and the ICE servers. */
    signallingUrl: z.nullable(z.string()),
    iceServers: z.array(iceServerSchema),
    /** daily: the room and its meeting token. */
    roomUrl: z.nullable(z.string()),
    roomToken: z.nullable(z.string()),
  }),
);
export type JoinMeeting = z.infer<typeof joinMeetingResponseSchema>['data'];

/** A participant as the signalling server announces it. */
export const meetingPeerSchema = z.object({
  peerId: z.string(),
  role: z.enum(MEETING_ROLES),
  userName: z.string(),
  /**
   * The page's own id, the same on every socket it opens: a participant back after a signalling
   * blip is the same page, whose peer-to-peer connection may still carry the call; a reload is a
   * new page. (Sent as `instance` in the socket URL.)
   */
  instanceId: z.optional(z.string()),
});
export type MeetingPeer = z.infer<typeof meetingPeerSchema>;

/**
 * A summary of the call's quality from the page's getStats() samples: numbers only, bounded so
 * that a hostile page cannot store anything else in the meeting's events.
 */
export const CALL_QUALITIES = ['good', 'fair', 'poor'] as const;
const bounded = (max: number) => z.nullable(z.number().check(z.minimum(0), z.maximum(max)));
export const callQualitySchema = z.strictObject({
  quality: z.enum(CALL_QUALITIES),
  /** Round trip in ms; a minute is beyond any call. */
  rttMs: bounded(60_000),
  lossPercent: bounded(100),
  /** Media received, kbit/s; 100 Mbit/s is beyond any consultation. */
  receiveKbps: bounded(100_000),
});
export type CallQualitySummary = z.infer<typeof callQualitySchema>;

/** A patient in the waiting room, as the doctor's page is told: since when they wait. */
export type WaitingPeer = MeetingPeer & { waitingSince: string };

/**
 * Messages on the signalling socket (JSON text frames). The server relays `signal` payloads
 * (SDP descriptions and ICE candidates) between the two participants without reading them.
 */
export const clientSignalSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('signal'), to: z.string(), data: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('ping') }),
  /** The doctor lets the waiting patient in (anyone else: `forbidden`). */
  z.object({ type: z.literal('admit') }),
  /** The page's latest view of the call's quality, kept for the `left` event (no content). */
  z.object({ type: z.literal('quality'), summary: callQualitySchema }),
]);
export type ClientSignal = z.infer<typeof clientSignalSchema>;

export type ServerSignal =
  /** First message: who you are and who is already here. */
  | { type: 'welcome'; peerId: string; peers: MeetingPeer[] }
  | { type: 'peer-joined'; peer: MeetingPeer }
  | { type: 'peer-left'; peerId: string }
  | { type: 'signal'; from: string; data: Record<string, unknown> }
  | { type: 'pong' }
  /**
   * The waiting room (server-enforced): until the doctor admits the patient, neither sees the
   * other in the room and no signal passes between them, so no media can flow. The patient is
   * told `admitted: false`; the doctor gets who waits. Sent after `welcome` and on each change.
   */
  | { type: 'admission'; admitted: boolean; waiting: WaitingPeer[] }
  /** The meeting's window closed, or the same user joined from another tab. */
  | { type: 'closed'; reason: 'ended' | 'replaced' | 'cancelled' }
  | { type: 'error'; code: string; message: string };

/** What a page may send as its `instance` in the signalling URL. */
export const PAGE_INSTANCE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** WebSocket close codes (4000–4999 are the application's). */
export const SIGNALLING_CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  ended: 4410,
  replaced: 4409,
  badMessage: 4400,
} as const;
