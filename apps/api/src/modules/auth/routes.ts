import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  changePasswordRequestSchema,
  checkResetTokenRequestSchema,
  emailOnlyRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  validateEmailQuerySchema,
  validateEmailResponseSchema,
} from '@vizita/shared/contracts/auth';
import { API_MESSAGES } from '@vizita/shared/messages/api-errors';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { bearerToken } from '../../plugins/authenticate.ts';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie.ts';
import type { AuthService } from './service.ts';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  429: apiErrorSchema,
};

/** Every /auth/* call of spec §7. Handlers parse, call the service, map the result. */
export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  secureCookies: boolean;
}> = async (app, { auth, secureCookies }) => {
  const ctx = (request: {
    ip: string;
    headers: Record<string, string | string[] | undefined>;
  }) => ({
    ip: request.ip,
    locale: localeFromAcceptLanguage(request.headers['accept-language'] as string | undefined),
    userAgent: request.headers['user-agent'] as string | undefined,
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
      await auth.resendValidation(request.body.email);
      return { success: true as const, message: API_MESSAGES.validationEmailSent };
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema, response: { 200: sessionResponseSchema, ...errors } } },
    async (request, reply) => {
      const { session, refreshToken } = await auth.login(request.body, ctx(request));
      if (refreshToken) setRefreshCookie(reply, refreshToken, secureCookies);
      return { success: true as const, data: session };
    },
  );

  app.get(
    '/auth/status',
    { schema: { response: { 200: sessionResponseSchema, ...errors } } },
    async (request, reply) => {
      const refreshToken = readRefreshCookie(request);
      try {
        const result = await auth.status(
          { refreshToken, bearer: bearerToken(request) },
          ctx(request),
        );
        if (result.refreshToken) setRefreshCookie(reply, result.refreshToken, secureCookies);
        return { success: true as const, data: result.session };
      } catch (error) {
        if (refreshToken) clearRefreshCookie(reply, secureCookies);
        throw error;
      }
    },
  );

  app.post(
    '/auth/logout',
    { schema: { response: { 200: messageOnlySchema } } },
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
      preValidation: app.authenticate,
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = request.auth!;
      await auth.changePassword({ userId, sessionId, ...request.body }, ctx(request));
      return { success: true as const, message: API_MESSAGES.passwordChanged };
    },
  );
};
