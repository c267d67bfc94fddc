import { API_ERRORS, type ApiErrorCode } from '@vizita/shared/messages/api-errors';

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
