import * as z from 'zod/mini';
import type { ApiErrorCode } from '../messages/api-errors.ts';

// zod/mini: the same zod 4 engine with a tree-shakable API, because these schemas ship to the
// browser and the first page has a 150 KB budget (ADR 0010).

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
  errors: z.optional(z.array(fieldErrorSchema)),
  isEmailValidated: z.optional(z.boolean()),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema> & { code: ApiErrorCode | (string & {}) };

/** `{ success: true, data }` with an optional human message. */
export function successSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ success: z.literal(true), message: z.optional(z.string()), data });
}

/** `{ success: true, message }` for calls that return nothing else. */
export const messageOnlySchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageOnly = z.infer<typeof messageOnlySchema>;
