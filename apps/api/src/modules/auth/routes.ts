import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  changePasswordRequestSchema,
  checkResetTokenRequestSchema,
  emailOnlyRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  validateEmailQuerySchema,
  validateEmailResponseSchema,
} from '@vizita/shared/contracts/auth';
import { loginRequestSchema, sessionResponseSchema } from '@vizita/shared/contracts/sign-in';
import {
  loginResponseSchema,
  twoFactorLoginRequestSchema,
} from '@vizita/shared/contracts/two-factor';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import { errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { bearerToken, callerOf } from '../../plugins/authenticate.ts';
import type { FastifyRequest } from 'fastify';
import {
  clearRefreshCookie,
  hasSessionMarker,
  readRefreshCookie,
  setRefreshCookie,
} from './refresh-cookie.ts';
import { readTrustedDeviceCookie, setTrustedDeviceCookie } from './trusted-device-cookie.ts';
import { passwordHashing } from './passwords.ts';
import type { AuthService } from './service.ts';

const errors = errorResponses(400, 401, 403, 429);

/** Every /auth/* call of spec §7. Handlers parse, call the service, map the result. */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  secureCookies: boolean;
}> = async (app, { auth, secureCookies }) => {
  const ctx = (request: FastifyRequest) => ({
    ip: request.ip,
    locale: localeFromAcceptLanguage(request.headers['accept-language']),
    userAgent: request.headers['user-agent'],
    trustedDevice: readTrustedDeviceCookie(request),
  });

  app.post(
    '/auth/register-minimal',
    {
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const data = await auth.register(request.body, ctx(request));
      return reply.status(201).send({ success: true, message: API_MESSAGES.registered, data });
    },
  );

  app.post(
    '/auth/validate-email',
    {
      schema: {
        querystring: validateEmailQuerySchema,
        response: { 200: validateEmailResponseSchema, ...errors },
      },
    },
    async (request) => {
      const data = await auth.validateEmail(request.query.token, ctx(request));
      // The spec's client looks for "already validated" in the message.
      return {
        success: true as const,
        message: data.alreadyValidated ? 'Email already validated' : API_MESSAGES.emailValidated,
        data,
      };
    },
  );

  app.post(
    '/auth/resend-validation-email',
    { schema: { body: emailOnlyRequestSchema, response: { 200: messageOnlySchema, ...errors } } },
    async (request) => {
      await auth.resendValidation(request.body.email, ctx(request));
      return { success: true as const, message: API_MESSAGES.validationEmailSent };
    },
  );

  app.post(
    '/auth/login',
    {
      // A full argon2id queue refuses the sign-in before its body is even read, its rate-limit
      // counters counted or its account looked up: a storm of them costs the other requests as
      // little as it can (issue #13). Only the sign-ins' own lane counts here (issue #18).
      onRequest: async () => passwordHashing.refuseIfFull('signIn'),
      schema: { body: loginRequestSchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, ctx(request));
      // A second factor is due: no session yet, only the proof for the code step.
      if ('challenge' in result)
        return {
          success: true as const,
          data: { twoFactorRequired: true as const, challenge: result.challenge },
        };
      if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, secureCookies);
      return { success: true as const, data: result.session };
    },
  );

  app.post(
    '/auth/login/two-factor',
    {
      schema: {
        body: twoFactorLoginRequestSchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const result = await auth.completeTwoFactorLogin(request.body, ctx(request));
      if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, secureCookies);
      if (result.trustedDevice) setTrustedDeviceCookie(reply, result.trustedDevice, secureCookies);
      return { success: true as const, data: result.session };
    },
  );

  app.get(
    '/auth/status',
    // 204: nothing to restore (ADR 0049).
    { schema: { response: { 200: sessionResponseSchema, 204: z.null(), ...errors } } },
    async (request, reply) => {
      const refreshToken = readRefreshCookie(request);
      const bearer = bearerToken(request);
      if (!refreshToken && !bearer) {
        // Nothing to restore: a visitor, not a failure (the page asks in the background, ADR 0049).
        if (hasSessionMarker(request)) clearRefreshCookie(reply, secureCookies);
        return reply.code(204).send(null);
      }
      try {
        const result = await auth.status({ refreshToken, bearer }, ctx(request));
        if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, secureCookies);
        return { success: true as const, data: result.session };
      } catch (error) {
        if (refreshToken || hasSessionMarker(request)) clearRefreshCookie(reply, secureCookies);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { config: { endsSessions: true }, schema: { response: { 200: messageOnlySchema } } },
    async (request, reply) => {
      await auth.logout(
        { refreshToken: readRefreshCookie(request), bearer: bearerToken(request) },
        ctx(request),
      );
      clearRefreshCookie(reply, secureCookies);
      return { success: true as const, message: API_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: { body: emailOnlyRequestSchema, response: { 200: messageOnlySchema, ...errors } } },
    async (request) => {
      await auth.forgotPassword(request.body.email, ctx(request));
      return { success: true as const, message: API_MESSAGES.resetEmailSent };
    },
  );

  app.post(
    '/auth/check-reset-token',
    {
      schema: {
        body: checkResetTokenRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      await auth.checkResetToken(request.body.token);
      return { success: true as const, message: 'Reset token is valid' };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      config: { endsSessions: true },
      schema: { body: resetPasswordRequestSchema, response: { 200: messageOnlySchema, ...errors } },
    },
    async (request) => {
      await auth.resetPassword(request.body, ctx(request));
      return { success: true as const, message: API_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/auth/change-password',
    {
      // The other devices are signed out (the password may be what was stolen).
      config: { endsSessions: true },
      preValidation: app.authenticate,
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = callerOf(request);
      await auth.changePassword({ userId, sessionId, ...request.body }, ctx(request));
      return { success: true as const, message: API_MESSAGES.passwordChanged };
    },
  );
};
