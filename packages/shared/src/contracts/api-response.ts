import { z } from 'zod';
import type { ApiErrorCode } from '../messages/api-errors.ts';

/** One field error of a 4xx answer (spec §8: `errors: [{ path, msg }]`); `code` is the i18n key. */
export const fieldErrorSchema = z.object({
  path: z.string(),
  msg: z.string(),
  code: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every failed call answers this shape (ARCHITECTURE.md §4). */
export const apiErrorSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  code: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  isEmailValidated: z.boolean().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema> & { code: ApiErrorCode | (string & {}) };

/** `{ success: true, data }` with an optional human message. */
export function successSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

/** `{ success: true, message }` for calls that return nothing else. */
export const messageOnlySchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageOnly = z.infer<typeof messageOnlySchema>;
