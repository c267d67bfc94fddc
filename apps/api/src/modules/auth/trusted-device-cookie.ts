import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TRUSTED_DEVICE_DAYS } from '@vizita/shared/contracts/two-factor';

/** "Remember this device": the browser skips the code step for 30 days (ADR 0023). */
export const TRUSTED_DEVICE_COOKIE = 'vizita_td';

// Like the refresh cookie: no script reads it, no other site sends it, and it travels only to
// the sign-in that checks it.
const options = (secure: boolean) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  path: '/auth/login',
});

export function setTrustedDeviceCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(TRUSTED_DEVICE_COOKIE, token, {
    ...options(secure),
    maxAge: TRUSTED_DEVICE_DAYS * 86_400,
  });
}

export function readTrustedDeviceCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[TRUSTED_DEVICE_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}
