import { randomBytes } from 'node:crypto';
import {
  DOWNLOAD_SAMPLE_MAX_BYTES,
  VIDEO_CONSENT_VERSION,
  type ConnectionCheck,
} from '@vizita/shared/contracts/meeting-preflight';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { audit } from '../../lib/audit.ts';
import { recordVideoConsent } from '../legal/consents.ts';
import { participantIceServers } from './providers/builtin.ts';
import * as repo from './repo.ts';
import { meetingRefusal } from './service.ts';

/**
 * Connection checks per user per minute: a check asks for its ICE servers once; "Check again"
 * and a reload or two stay well inside.
 */
export const CONNECTION_CHECK_LIMIT_PER_MINUTE = 10;

/**
 * Download-endpoint requests per user per minute: one check makes 5 round-trip probes and at
 * most 2 samples (1.25 MiB), so this allows about four checks a minute and no more than ~8 MiB.
 */
export const DOWNLOAD_LIMIT_PER_MINUTE = 30;

/** How long the check's TURN credential lives: the check takes seconds, not the meeting window. */
export const CHECK_TURN_CREDENTIAL_MS = 5 * 60_000;

/**
 * The device check before a call (issue #12): the ICE servers to test, the bytes to time, and the
 * patient's consent to the video service processing their health data (GDPR Art. 9(2)(a)).
 */
export function createPreflight({
  db,
  clock,
  video,
  rateLimiter,
}: {
  db: Db;
  clock: Clock;
  video: Pick<Config['video'], 'iceServers' | 'turn'>;
  rateLimiter: RateLimiter;
}) {
  // Random, so no compression on the way (a proxy, a VPN) makes the link look faster than it is;
  // made once, so a request costs no entropy and no allocation.
  const sample = randomBytes(DOWNLOAD_SAMPLE_MAX_BYTES);

  async function limit(key: string, perMinute: number) {
    const { allowed } = await rateLimiter.hit(key, perMinute, 60_000);
    if (!allowed) throw new ApiError(429, 'tooManyRequests');
  }

  return {
    /**
     * The ICE servers a join would give this user now, with a TURN credential that lives only
     * for the check. Like the join, anyone but the appointment's patient and doctor gets the 404
     * of an id that does not exist, and a consultation that can never be joined (a payment hold,
     * cancelled, over, not a video one) the join's refusal. Unlike it, the check also answers
     * before the window opens (the device check is shown then too), but with the static servers
     * only: a TURN credential is a relay on our server, minted only for a call that is open. It
     * writes no audit row (it grants no entry).
     */
    async iceServers(userId: string, appointmentId: string): Promise<ConnectionCheck> {
      await limit(`meeting-check:${userId}`, CONNECTION_CHECK_LIMIT_PER_MINUTE);
      const row = await repo.findMeeting(db, appointmentId);
      if (!row || (row.patientId !== userId && row.doctorId !== userId))
        throw new ApiError(404, 'appointmentNotFound');
      const now = clock();
      const refusal = meetingRefusal(row, now);
      if (refusal?.code === 'meetingNotJoinable')
        return { iceServers: video.iceServers, turnNotYet: video.turn !== null };
      if (refusal) throw new ApiError(refusal.status, refusal.code);
      return {
        iceServers: participantIceServers(
          video,
          userId,
          new Date(now.getTime() + CHECK_TURN_CREDENTIAL_MS),
        ),
        turnNotYet: false,
      };
    },

    /** The first `bytes` of the sample (all of it without), counted against the user's limit. */
    async downloadSample(userId: string, bytes = DOWNLOAD_SAMPLE_MAX_BYTES): Promise<Buffer> {
      await limit(`meeting-download:${userId}`, DOWNLOAD_LIMIT_PER_MINUTE);
      return sample.subarray(0, bytes);
    },

    /** Whether the patient has not yet consented to the version of the video consent in force. */
    async videoConsentDue(userId: string): Promise<boolean> {
      return !(await repo.hasVideoConsent(db, userId));
    },

    /**
     * Records the patient's consent to the version they were shown (GDPR Art. 7(1): the first
     * acceptance is the evidence; giving it again changes nothing and audits nothing).
     */
    async giveVideoConsent(userId: string, version: string, ip: string): Promise<void> {
      if (version !== VIDEO_CONSENT_VERSION) throw new ApiError(409, 'legalVersionChanged');
      await db.transaction(async (tx) => {
        if (!(await recordVideoConsent(tx, userId, version, clock()))) return;
        await audit(tx, 'consent.accepted', { userId, ip, meta: { video: version } });
      });
    },
  };
}
export type Preflight = ReturnType<typeof createPreflight>;
