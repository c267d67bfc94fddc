import { apiErrorSchema } from '@vizita/shared/contracts/api-response';
import { API_ERRORS, type ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { validationMessageEn } from '@vizita/shared/messages/validation';

/** A failure the caller should see: its status, code and the spec's English message. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(API_ERRORS[code]);
    this.name = 'ApiError';
  }
}

/** A 400 in the same shape as schema failures, for rules only the service can check. */
export function validationError(issues: { path: PropertyKey[]; message: string }[]): ApiError {
  const errors = issues.map((i) => ({
    path: i.path.map(String).join('.'),
    msg: validationMessageEn(i.message),
    code: i.message,
  }));
  const error = new ApiError(400, 'validationFailed', { errors });
  if (errors[0]) error.message = errors[0].msg;
  return error;
}

/** The failure statuses a route may declare: those ApiError and the error handler answer with. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 429 | 502 | 503;

/**
 * A route's failure answers for its response schema, `{ 200: …, ...errorResponses(400, 401) }`:
 * each status documented (OpenAPI) and serialized as the one error body. It sits beside ApiError
 * rather than in plugins/ (it registers nothing): the status a service throws and the body a route
 * declares for it are one error value (STYLE.md 9b).
 */
export function errorResponses<S extends ErrorStatus>(
  ...statuses: S[]
): { [K in S]: typeof apiErrorSchema } {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as {
    [K in S]: typeof apiErrorSchema;
  };
}
