import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { API_ERRORS, type ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { validationMessageEn } from '@vizita/shared/messages/validation';
import { isPoolExhausted } from '../db/client.ts';
import { QueueFullError } from '../lib/bounded-queue.ts';
import { ApiError } from '../lib/api-error.ts';
import { isTextRefusedByPostgres } from '../lib/pg-errors.ts';

const reply = (code: ApiErrorCode, extra: Record<string, unknown> = {}) => ({
  success: false as const,
  message: API_ERRORS[code],
  code,
  ...extra,
});

// Fastify's own client errors, mapped to our codes so that bad input is always a clear 4xx.
const FASTIFY_CLIENT_ERRORS: Record<string, [number, ApiErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'malformedBody'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'malformedBody'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payloadTooLarge'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupportedMediaType'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'malformedBody'],
};

/** How often a storm of refusals is summed up in the log: one line, not one per request. */
const BUSY_LOG_INTERVAL_MS = 10_000;

/** One error shape for every failure (spec §8, ARCHITECTURE.md §4); never a 500 for bad input. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    // A storm of sign-ins is refused by the thousand each second: a line for each would make the
    // log the bottleneck (and an attacker's amplifier). The first says it began, then one line
    // per interval counts the refusals since.
    let busyRefused = 0;
    let busyLoggedAt = -Infinity;
    app.setErrorHandler((error: FastifyError, request, res) => {
      if (error instanceof ApiError) {
        return res
          .status(error.statusCode)
          .send({ ...reply(error.code, error.extra), message: error.message });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors = error.validation.map((issue) => {
          const key = issue.message ?? 'invalidValue';
          return {
            path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
            msg: validationMessageEn(key),
            code: key,
          };
        });
        // The first field message is the most useful single line for clients that show one.
        const first = errors[0];
        return res.status(400).send({
          ...reply('validationFailed', { errors }),
          message: first?.msg ?? API_ERRORS.validationFailed,
        });
      }
      const mapped = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
      if (mapped) return res.status(mapped[0]).send(reply(mapped[1]));
      if (error.statusCode === 429) return res.status(429).send(reply('tooManyRequests'));
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        request.log.info({ err: error }, 'client error');
        return res
          .status(error.statusCode)
          .send({ ...reply('validationFailed'), message: error.message });
      }
      if (error instanceof QueueFullError) {
        busyRefused += 1;
        if (Date.now() - busyLoggedAt >= BUSY_LOG_INTERVAL_MS) {
          request.log.warn({ what: error.what, refused: busyRefused }, 'busy: queue full');
          busyRefused = 0;
          busyLoggedAt = Date.now();
        }
        return res.status(503).header('retry-after', '2').send(reply('serviceBusy'));
      }
      // Bad input that got past a contract: still the caller's mistake, not the server's.
      if (isTextRefusedByPostgres(error)) {
        request.log.warn({ err: error }, 'text refused by PostgreSQL');
        return res.status(400).send(reply('validationFailed'));
      }
      if (isPoolExhausted(error)) {
        request.log.warn({ err: error }, 'database pool exhausted');
        return res.status(503).header('retry-after', '5').send(reply('serviceBusy'));
      }
      request.log.error({ err: error }, 'unhandled error');
      return res.status(500).send(reply('internal'));
    });
  },
  { name: 'error-handler' },
);

export { reply as errorBody };
