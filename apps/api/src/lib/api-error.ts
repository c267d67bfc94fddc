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
