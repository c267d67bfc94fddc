import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { messageOnlySchema } from '@vizita/shared/contracts/api-response';
import {
  recoveryCodesResponseSchema,
  signedInDevicesResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorEnableRequestSchema,
  twoFactorSetupRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from '@vizita/shared/contracts/two-factor';
import type { Db } from '../../db/client.ts';
import { ApiError, errorResponses } from '../../lib/api-error.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import { roleOf } from '../../plugins/roles.ts';
import { clearRefreshCookie } from './refresh-cookie.ts';
import { findUserById } from './users.ts';
import type { TwoFactorService } from './two-factor-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/**
 * `/auth/two-factor/*` and `/auth/sessions/*`: the caller's own second factor and signed-in
 * devices. A restricted session (a doctor or admin still without 2FA) may use the setup routes —
 * nothing else (ADR 0023).
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{
  twoFactor: TwoFactorService;
  db: Db;
  secureCookies: boolean;
}> = async (app, { twoFactor, db, secureCookies }) => {
  const isStaff = async (userId: string) => {
    const user = await findUserById(db, userId);
    if (!user) throw new ApiError(401, 'authRequired');
    return roleOf(user) !== 'patient';
  };

  app.get(
    '/auth/two-factor',
    {
      preValidation: app.authenticateForSetup,
      schema: { response: { 200: twoFactorStatusResponseSchema, ...errors } },
    },
    async (request) => {
      const { userId } = callerOf(request);
      return {
        success: true as const,
        data: await twoFactor.status(userId, await isStaff(userId)),
      };
    },
  );

  app.post(
    '/auth/two-factor/setup',
    {
      preValidation: app.authenticateForSetup,
      schema: {
        body: twoFactorSetupRequestSchema,
        response: { 200: twoFactorSetupResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        data: await twoFactor.setup(callerOf(request).userId, request.body.password),
      };
    },
  );

  app.post(
    '/auth/two-factor/enable',
    {
      preValidation: app.authenticateForSetup,
      schema: {
        body: twoFactorEnableRequestSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = callerOf(request);
      return {
        success: true as const,
        data: await twoFactor.enable(userId, sessionId, request.body.code),
      };
    },
  );

  app.post(
    '/auth/two-factor/disable',
    {
      preValidation: app.authenticate,
      schema: {
        body: twoFactorConfirmRequestSchema,
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      const { userId } = callerOf(request);
      const { password, code } = request.body;
      await twoFactor.disable(userId, await isStaff(userId), password, code);
      return { success: true as const, message: 'Two-factor sign-in is off.' };
    },
  );

  app.post(
    '/auth/two-factor/recovery-codes',
    {
      preValidation: app.authenticate,
      schema: {
        body: twoFactorConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { password, code } = request.body;
      return {
        success: true as const,
        data: await twoFactor.regenerateRecoveryCodes(callerOf(request).userId, password, code),
      };
    },
  );

  app.get(
    '/auth/sessions',
    {
      preValidation: app.authenticate,
      schema: { response: { 200: signedInDevicesResponseSchema, ...errors } },
    },
    async (request) => {
      const { userId, sessionId } = callerOf(request);
      return { success: true as const, data: await twoFactor.devices(userId, sessionId) };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      config: { endsSessions: true },
      preValidation: app.authenticate,
      schema: {
        params: z.object({ id: z.uuid('invalidValue') }),
        response: { 200: messageOnlySchema, ...errors },
      },
    },
    async (request) => {
      await twoFactor.signOutDevice(callerOf(request).userId, request.params.id);
      return { success: true as const, message: 'The device is signed out.' };
    },
  );

  app.post(
    '/auth/sessions/sign-out-everywhere',
    {
      config: { endsSessions: true },
      // Not for a restricted session: a password alone (perhaps a stolen one) must not keep
      // signing the owner out (issue #18). It signs itself out with /auth/logout.
      preValidation: app.authenticate,
      schema: { response: { 200: messageOnlySchema, ...errors } },
    },
    async (request, reply) => {
      await twoFactor.signOutEverywhere(callerOf(request).userId);
      clearRefreshCookie(reply, secureCookies);
      return { success: true as const, message: 'Signed out on every device.' };
    },
  );
};
