import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_TOKEN_TTL_SECONDS, SESSION_MARKER_COOKIE } from '@vizita/shared/constants';

export const REFRESH_COOKIE = 'vizita_rt';

// httpOnly: scripts never see it. SameSite=Strict: no other site can make the browser send it.
// Path=/auth: it travels only to the calls that need it.
const options = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  path: '/auth',
});

// The marker beside it holds no secret ("1"): the page reads it to know whether to ask
// GET /auth/status before its first paint (ADR 0049). Path=/: the page's own address must see it.
const markerOptions = (secure: boolean) => ({
  httpOnly: false,
  sameSite: 'strict' as const,
  secure,
  path: '/',
});

/** Sets the refresh cookie and the session marker, for the refresh token's lifetime. */
export function setRefreshCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(REFRESH_COOKIE, token, { ...options(secure), maxAge: REFRESH_TOKEN_TTL_SECONDS });
  reply.setCookie(SESSION_MARKER_COOKIE, '1', {
    ...markerOptions(secure),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(REFRESH_COOKIE, options(secure));
  reply.clearCookie(SESSION_MARKER_COOKIE, markerOptions(secure));
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}

export function hasSessionMarker(request: FastifyRequest): boolean {
  return request.cookies[SESSION_MARKER_COOKIE] !== undefined;
}
