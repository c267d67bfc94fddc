import { DEFAULT_LOCALE, LOCALES, type Locale } from '@vizita/shared/constants';
import {
  patientDisplayName,
  type JoinMeeting,
  type MeetingRole,
} from '@vizita/shared/contracts/meetings';
import { doctorDisplayName } from '@vizita/shared/domain/doctor-name';
import {
  hasVideoCall,
  JOIN_CLOSES_AFTER_MS,
  JOIN_OPENS_BEFORE_MS,
} from '@vizita/shared/domain/join-window';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { audit } from '../../lib/audit.ts';
import type { JoinClaims, JoinTokens } from './join-token.ts';
import { VideoProviderError, type VideoProvider } from './providers/video-provider.ts';
import * as repo from './repo.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';

/** The window the server enforces (spec §4 "Joinable", §9 "Join window"). */
export function meetingWindow(startsAt: Date) {
  return {
    opensAt: new Date(startsAt.getTime() - JOIN_OPENS_BEFORE_MS),
    closesAt: new Date(startsAt.getTime() + JOIN_CLOSES_AFTER_MS),
  };
}

export type MeetingRefusal = {
  status: 409 | 410;
  code: Extract<
    ApiErrorCode,
    | 'meetingNotConsultation'
    | 'meetingCancelled'
    | 'meetingEnded'
    | 'meetingNotAvailable'
    | 'meetingNotJoinable'
  >;
};

/**
 * Why an appointment cannot be joined at `now`, or null when it can: a video visit (a
 * consultation or a follow-up visit) that is upcoming, from 15 minutes before its start until 30 minutes after it (the end inclusive,
 * as `joinState` counts it). 410 when the meeting is over for good, 409 when its state forbids
 * it (for now or for ever).
 */
export function meetingRefusal(
  a: { plan: string; status: string; startsAt: Date },
  now: Date,
): MeetingRefusal | null {
  if (!hasVideoCall(a.plan)) return { status: 409, code: 'meetingNotConsultation' };
  if (a.status === 'cancelled') return { status: 409, code: 'meetingCancelled' };
  if (a.status === 'completed' || a.status === 'no_show')
    return { status: 410, code: 'meetingEnded' };
  // A payment hold (pending) or a lapsed one (expired) is not an appointment yet.
  if (a.status !== 'upcoming') return { status: 409, code: 'meetingNotAvailable' };
  const { opensAt, closesAt } = meetingWindow(a.startsAt);
  if (now < opensAt) return { status: 409, code: 'meetingNotJoinable' };
  if (now > closesAt) return { status: 410, code: 'meetingEnded' };
  return null;
}

/**
 * Spec §6 for the patient (a guest, issue #12, by the name the doctor gave); the doctor is shown
 * with their title ("Dr. Elena Petrova").
 */
export function meetingUserName(role: MeetingRole, userId: string, row: repo.MeetingRow) {
  if (role === 'patient' && row.patientType === 'guest')
    return `${row.patientFirstName} ${row.patientLastName}`.trim();
  if (role === 'patient') return patientDisplayName(userId);
  return doctorDisplayName({
    title: row.doctorTitle ?? 'Dr.',
    firstName: row.doctorFirstName,
    lastName: row.doctorLastName,
  });
}

const roleOf = (row: repo.MeetingRow, userId: string): MeetingRole | null =>
  row.patientId === userId ? 'patient' : row.doctorId === userId ? 'doctor' : null;

export type Admission =
  | { ok: true; claims: JoinClaims; closesAt: Date }
  | { ok: false; code: MeetingRefusal['code'] | 'appointmentNotFound' | 'unauthorized' };

/** Joins per user per minute: a reconnecting page needs a handful (it backs off from 0.5 s). */
export const JOIN_LIMIT_PER_MINUTE = 30;

export function createMeetingService({
  db,
  clock,
  provider,
  joinTokens,
  rateLimiter,
  log,
}: {
  db: Db;
  clock: Clock;
  provider: VideoProvider;
  joinTokens: JoinTokens;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  return {
    /**
     * The server's permission to join now (ARCHITECTURE.md §4: the window is enforced here,
     * not in the browser), with what the provider needs. Anyone but the appointment's patient
     * and doctor gets the same 404 as for an id that does not exist.
     */
    async join(
      { userId, sessionId }: { userId: string; sessionId: string },
      appointmentId: string,
      ip?: string,
    ): Promise<JoinMeeting> {
      // Every join writes an audit row (and with Daily calls Daily twice): reconnecting pages
      // back off, so a user asking faster than this is not a page.
      const { allowed } = await rateLimiter.hit(
        `meeting-join:${userId}`,
        JOIN_LIMIT_PER_MINUTE,
        60_000,
      );
      if (!allowed) throw new ApiError(429, 'tooManyRequests');
      const row = await repo.findMeeting(db, appointmentId);
      const role = row ? roleOf(row, userId) : null;
      if (!row || !role) throw new ApiError(404, 'appointmentNotFound');
      const now = clock();
      const refusal = meetingRefusal(row, now);
      if (refusal) throw new ApiError(refusal.status, refusal.code);
      // The patient's explicit consent to the video service (GDPR Art. 9(2)(a)), given in the
      // device check, is checked here and not only in the page (ADR 0024). A guest's lives on
      // their invitation and is checked by the guest door before it comes here; staff provide
      // the service and are not asked.
      if (
        role === 'patient' &&
        row.patientType !== 'guest' &&
        !(await repo.hasVideoConsent(db, userId))
      )
        throw new ApiError(409, 'videoConsentRequired');

      const userName = meetingUserName(role, userId, row);
      const { opensAt, closesAt } = meetingWindow(row.startsAt);
      const stored = await repo.findUserLocale(db, userId);
      const locale = LOCALES.includes(stored as Locale) ? (stored as Locale) : DEFAULT_LOCALE;
      let prepared;
      try {
        prepared = await provider.prepare(
          { id: row.id, opensAt, closesAt },
          { userId, role, userName, locale, sessionId },
        );
      } catch (error) {
        if (!(error instanceof VideoProviderError)) throw error;
        log.warn({ err: error, appointmentId }, 'video provider unavailable');
        throw new ApiError(502, 'videoProviderUnavailable');
      }
      await audit(db, 'meeting.joined', {
        userId,
        ip: ip ?? null,
        meta: { appointmentId, role, provider: provider.name },
      });
      return {
        appointmentId: row.id,
        provider: provider.name,
        role,
        userName,
        opensAt: opensAt.toISOString(),
        closesAt: closesAt.toISOString(),
        ...prepared,
      };
    },

    /**
     * Whether a join token may open the signalling socket now: a valid token for this
     * appointment, whose holder still takes part, while the meeting can still be joined.
     */
    async admit(appointmentId: string, token: string | undefined): Promise<Admission> {
      const claims = token ? await joinTokens.verify(token, appointmentId) : null;
      if (!claims || !(await repo.liveSessions(db, [claims.sessionId], clock())).size)
        return { ok: false, code: 'unauthorized' };
      const row = await repo.findMeeting(db, appointmentId);
      if (!row || roleOf(row, claims.userId) !== claims.role)
        return { ok: false, code: 'appointmentNotFound' };
      const refusal = meetingRefusal(row, clock());
      if (refusal) return { ok: false, code: refusal.code };
      return { ok: true, claims, closesAt: meetingWindow(row.startsAt).closesAt };
    },

    /** Which of these sign-in sessions are still live (not ended, not expired). */
    liveSessions: (sessionIds: string[]) => repo.liveSessions(db, sessionIds, clock()),

    /** A live room's appointment now: still open, ended (time or completion) or cancelled. */
    async roomState(appointmentId: string): Promise<'open' | 'ended' | 'cancelled'> {
      const row = await repo.findMeeting(db, appointmentId);
      if (!row) return 'ended';
      const refusal = meetingRefusal(row, clock());
      if (!refusal) return 'open';
      return refusal.code === 'meetingCancelled' ? 'cancelled' : 'ended';
    },
  };
}
export type MeetingService = ReturnType<typeof createMeetingService>;
