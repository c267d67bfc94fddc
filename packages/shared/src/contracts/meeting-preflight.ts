import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';
import { safeLine } from './field-checks.ts';
import { iceServerSchema } from './meetings.ts';

// The device check before joining a consultation (issue #12): the connection check's ICE servers
// and download sample, and the patient's consent to the video service processing their data.

/**
 * POST /api/meetings/:appointmentId/connection-check — the ICE servers a join would hand out
 * (the static ones and, while the call is open, a short-lived TURN credential), so that the
 * browser can see whether they answer before the call. `turnNotYet`: a TURN server is set up but
 * its credential is given only once the call opens (ADR 0014), so the page does not say "none".
 */
export const connectionCheckResponseSchema = successSchema(
  z.object({ iceServers: z.array(iceServerSchema), turnNotYet: z.boolean() }),
);
export type ConnectionCheck = z.infer<typeof connectionCheckResponseSchema>['data'];

/**
 * The largest download sample: 1 MiB takes 4.2 s at the 2,000 kbit/s a consultation needs, long
 * enough to measure and short enough not to keep anyone waiting (or cost a mobile plan much).
 */
export const DOWNLOAD_SAMPLE_MAX_BYTES = 1024 * 1024;

/**
 * GET /api/meetings/connection-check/download?bytes=N — N incompressible bytes (the whole sample
 * without `bytes`); `bytes=0` is the round-trip probe.
 */
export const downloadSampleQuerySchema = z.object({
  bytes: z.optional(
    z.coerce
      .number('invalidValue')
      .check(
        z.int('invalidValue'),
        z.minimum(0, 'invalidValue'),
        z.maximum(DOWNLOAD_SAMPLE_MAX_BYTES, 'invalidValue'),
      ),
  ),
});
export type DownloadSampleQuery = z.infer<typeof downloadSampleQuerySchema>;

/**
 * The version of the consent text to the video service processing the patient's health data
 * (GDPR Art. 9(2)(a)): a new date asks every patient once more, before their next call.
 */
export const VIDEO_CONSENT_VERSION = '2026-11-25';

/** GET /api/meetings/video-consent — whether the patient still has to give it. */
export const videoConsentStatusResponseSchema = successSchema(z.object({ due: z.boolean() }));
export type VideoConsentStatus = z.infer<typeof videoConsentStatusResponseSchema>['data'];

/**
 * POST /api/meetings/video-consent — the version the patient was shown, so that a text changed
 * meanwhile is not accepted unseen (409 legalVersionChanged).
 */
export const giveVideoConsentRequestSchema = z.object({
  version: z.string().check(z.minLength(1), z.maxLength(40), safeLine()),
});
export type GiveVideoConsentRequest = z.infer<typeof giveVideoConsentRequestSchema>;
