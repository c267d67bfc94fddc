import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  appointmentIdResponseSchema,
  checkoutSessionIdSchema,
  createSessionRequestSchema,
  createSessionResponseSchema,
  paymentHistoryResponseSchema,
  paymentSessionResponseSchema,
  releaseHoldRequestSchema,
  releaseHoldResponseSchema,
  sessionIdRequestSchema,
} from '@vizita/shared/contracts/payments';
import { ApiError, errorResponses } from '../../lib/api-error.ts';
import { localeFromAcceptLanguage } from '../../lib/request-locale.ts';
import { callerOf } from '../../plugins/authenticate.ts';
import type { LocalProvider } from './providers/local.ts';
import type { PaymentService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 502);

/** The payment calls of spec §7. Every one is the caller's own: the user comes from the token. */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentService;
  local: LocalProvider | undefined;
  allowDevPayments: boolean;
}> = async (app, { payments, local, allowDevPayments }) => {
  app.post(
    '/api/payments/create-session',
    {
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        body: createSessionRequestSchema,
        response: { 200: createSessionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const header = request.headers['accept-language'];
      const data = await payments.createSession(
        callerOf(request).userId,
        request.body,
        localeFromAcceptLanguage(header),
        // Only a client that says its language changes the patient's: the web app always does.
        header !== undefined,
        request.headers['x-time-zone'] as string | undefined,
      );
      return { success: true as const, message: 'Payment session created', data };
    },
  );

  app.get(
    '/api/payments/session/:sessionId',
    {
      preValidation: app.authenticate,
      schema: {
        params: z.object({ sessionId: checkoutSessionIdSchema }),
        response: { 200: paymentSessionResponseSchema, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { payment: await payments.lookup(callerOf(request).userId, request.params.sessionId) },
    }),
  );

  app.post(
    '/api/payments/process-webhook-manually',
    {
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        body: sessionIdRequestSchema,
        response: { 200: appointmentIdResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await payments.processForPatient(
        callerOf(request).userId,
        request.body.sessionId,
      );
      return {
        success: true as const,
        data: { appointmentId: result.status === 'completed' ? result.appointmentId : null },
      };
    },
  );

  // Pays an open local checkout as the 4242 card would, for development without a browser.
  app.post(
    '/api/payments/process-dev-payment',
    {
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        body: sessionIdRequestSchema,
        response: { 200: appointmentIdResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!allowDevPayments || !local) throw new ApiError(403, 'devPaymentsDisabled');
      const { sessionId } = request.body;
      const lookup = await payments.lookup(callerOf(request).userId, sessionId);
      if (lookup.status === 'pending') await local.payForDevelopment(sessionId);
      const result = await payments.fulfil(sessionId);
      return {
        success: true as const,
        data: { appointmentId: result.status === 'completed' ? result.appointmentId : null },
      };
    },
  );

  app.post(
    '/api/payments/release-hold',
    {
      config: { changesAvailability: true },
      preValidation: app.authenticate,
      schema: {
        body: releaseHoldRequestSchema,
        response: { 200: releaseHoldResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await payments.releaseHold(
        callerOf(request).userId,
        request.body.appointmentId,
      );
      return { success: true as const, data: { status: result.status } };
    },
  );

  app.get(
    '/api/payments/history',
    {
      preValidation: app.authenticate,
      schema: { response: { 200: paymentHistoryResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({
      success: true as const,
      message: 'Payment history',
      data: await payments.history(callerOf(request).userId),
    }),
  );
};
