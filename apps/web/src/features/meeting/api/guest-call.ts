import type { RequestOptions } from '../../../lib/api-client';

/**
 * The guest's calls go by their cookie, not a signed-in session: a 401 means the link must be
 * opened again, which no token refresh can cure (and a refresh would sign out whoever else is
 * signed in in this browser).
 */
export const GUEST_CALL = { refreshOnUnauthorized: false } as const satisfies RequestOptions;
