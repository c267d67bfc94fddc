import type { Session } from '@vizita/shared/contracts/sign-in';
import { LEGAL_DOCUMENTS } from '@vizita/shared/domain/legal';
import { refreshSession } from '../../../lib/api-client';

/**
 * The `data` of a GET /auth/status or login answer, checked field by field. Not with the shared
 * zod schema on purpose: the session store is in the entry chunk, and zod (~6 KB gzip even as
 * zod/mini) would then be paid for one object by every first visit, also the signed-in ones that
 * show no form. Returning a `Session` built field by field keeps this tied to the shared type: a
 * field added there fails to compile here.
 */
export function readSession(body: unknown): Session | null {
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return null;
  const d = data as Record<string, unknown>;
  if (
    typeof d.accessToken !== 'string' ||
    typeof d.userId !== 'string' ||
    typeof d.isAdmin !== 'boolean' ||
    typeof d.userType !== 'string' ||
    typeof d.isPaid !== 'boolean' ||
    typeof d.isProfileComplete !== 'boolean'
  ) {
    return null;
  }
  return {
    accessToken: d.accessToken,
    userId: d.userId,
    isAdmin: d.isAdmin,
    userType: d.userType,
    isPaid: d.isPaid,
    isProfileComplete: d.isProfileComplete,
    twoFactor: d.twoFactor === 'on' || d.twoFactor === 'required' ? d.twoFactor : 'off',
    consentsDue: Array.isArray(d.consentsDue)
      ? LEGAL_DOCUMENTS.filter((document) => (d.consentsDue as unknown[]).includes(document))
      : [],
  };
}

/**
 * GET /auth/status — the refresh call (spec §7): rotates the refresh cookie and answers a new
 * access token with the user's flags. It goes through the API client's single-flight refresh, so
 * a status check and a 401 retry never race each other.
 */
export async function getAuthStatus(): Promise<Session | null> {
  return readSession(await refreshSession());
}
