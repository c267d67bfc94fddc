import type { FastifyRequest } from 'fastify';

// Mailed links carry their credential in the URL (`/validate-email?token=`,
// `/reset-password?token=`, a receipt's `?sig=`, a guest's `/guest/<token>`), and so does the
// signalling socket (`/ws/meetings/:id?token=`: browsers cannot set headers on a WebSocket).
// A request log is read by more people, kept longer and copied further than the database, so
// its lines show where a request went, never the credential that opened it.

export const REDACTED = '[redacted]';

/**
 * Query parameter names whose value is a credential, compared in lower case without `_` and
 * `-`: `access_token`, `refreshToken` and `client-secret` are caught by the ends-with rule.
 */
const SECRET_PARAMETERS = new Set([
  'token',
  'sig',
  'signature',
  'code',
  'secret',
  'password',
  'key',
  'apikey',
]);
const SECRET_SUFFIXES = ['token', 'secret', 'password'];

// A guest's link is `/guest/<token>` (modules/guest-consultations): the token is the path
// segment itself, 43 characters of base64url; `/guest/left` and other pages are shorter.
const GUEST_LINK = /^(\/guest\/)[\w-]{20,}(?=$|[/?#])/;

function isSecretParameter(rawName: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(rawName.replace(/\+/g, ' '));
  } catch {
    name = rawName;
  }
  name = name.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_PARAMETERS.has(name) || SECRET_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

/**
 * The URL as logs may show it: the value of every credential-carrying query parameter and a
 * guest link's token replaced by `[redacted]`; everything else exactly as requested.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = (queryAt < 0 ? url : url.slice(0, queryAt)).replace(GUEST_LINK, `$1${REDACTED}`);
  if (queryAt < 0) return path;
  const query = url
    .slice(queryAt)
    .replace(/([?&;])([^=&;#]*)=([^&;#]*)/g, (whole, separator: string, name: string) =>
      isSecretParameter(name) ? `${separator}${name}=${REDACTED}` : whole,
    );
  return `${path}${query}`;
}

/**
 * Fastify's own request serializer (method, url, host, client address) with the URL redacted:
 * every request line of every route, the not-found handler's included, goes through it.
 */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
