import * as z from 'zod/mini';
import { LOCALES, NAME_MAX, NAME_MIN, PASSWORD_MAX } from '../constants.ts';
import { passwordPolicyViolations } from '../domain/password-policy.ts';
import { successSchema } from './api-response.ts';
import {
  filled,
  maxLengthIfFilled,
  minLengthIfFilled,
  safeLine,
  uncheckedSecret,
} from './field-checks.ts';
import { requiredEmail } from './sign-in.ts';

// Registration, e-mail validation, password reset and change. Signing in and the session it
// answers are ./sign-in.ts: the sign-in form on `/` needs those alone (ADR 0010, 150 KB).

/** A new password under the one policy (ADR 0003); reports every broken rule. */
export const newPasswordSchema = z.string({ error: 'passwordRequired' }).check(
  z.minLength(1, 'passwordRequired'),
  safeLine(),
  z.superRefine(
    (value, ctx) => {
      for (const key of passwordPolicyViolations(value))
        ctx.addIssue({ code: 'custom', message: key, input: value });
    },
    { when: filled },
  ),
);

/** A person's first or last name: trimmed, 2 to 100 characters. */
export const personName = (
  required: 'firstNameRequired' | 'lastNameRequired',
  min: 'firstNameMin' | 'lastNameMin',
) =>
  z
    .string({ error: required })
    .check(
      z.trim(),
      z.minLength(1, required),
      minLengthIfFilled(NAME_MIN, min),
      maxLengthIfFilled(NAME_MAX, 'nameMax'),
      safeLine(),
    );

/**
 * "Passwords do not match" is an object-level check, which zod runs only once every field is valid;
 * `when` lets it run as soon as both compared fields are strings, so the form shows it right away.
 */
const bothStrings =
  (a: string, b: string) =>
  ({ value }: { value: unknown }) =>
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>)[a] === 'string' &&
    typeof (value as Record<string, unknown>)[b] === 'string';

/** A mailed link's token (validation, reset, invitation): opaque and bounded. */
export const tokenSchema = z
  .string({ error: 'tokenRequired' })
  .check(z.minLength(1, 'tokenRequired'), z.maxLength(256, 'tokenRequired'), safeLine());

/**
 * A booking link's path (issue #22): `/book/<slug>?at=<UTC instant>[&lang=<locale>]` and nothing
 * else — no character that could lead elsewhere — capturing the slug, the instant and the
 * language. The shape only: the sign-in form loads this file and `/` has no bytes to spare (ADR
 * 0010). Whether the instant is a real one (no 30 February) is domain/booking-link.ts's check,
 * which the API and every page that follows such a path apply as well.
 */
export const BOOKING_LINK_PATH =
  /^\/book\/([a-z0-9-]{1,80})\?at=([\dT:.-]{16,24}Z)(?:&lang=(en|bg|de))?$/;

/**
 * Where the validation mail's link sends the new patient on (issue #22): the booking link of the
 * slot she chose before registering, and nothing else — the server puts it into a mail.
 */
export const bookingReturnPathSchema = z
  .string({ error: 'invalidValue' })
  .check(z.regex(BOOKING_LINK_PATH, 'invalidValue'));

/** POST /auth/register-minimal (spec §3 Registration payload; the repeat field is not sent). */
export const registerRequestSchema = z.strictObject({
  firstName: personName('firstNameRequired', 'firstNameMin'),
  lastName: personName('lastNameRequired', 'lastNameMin'),
  email: requiredEmail('emailInvalid'),
  password: newPasswordSchema,
  termsAccepted: z.literal(true, { error: 'termsRequired' }),
  /** A booking chosen before the account existed (issue #22): the validation link returns to it. */
  returnTo: z.optional(bookingReturnPathSchema),
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The registration form adds the repeat field, checked only in the browser. */
export const registerFormSchema = z
  .object({
    ...registerRequestSchema.shape,
    repeatPassword: z
      .string({ error: 'repeatPasswordRequired' })
      .check(z.minLength(1, 'repeatPasswordRequired')),
    termsAccepted: z.boolean().check(z.refine((v) => v, 'termsRequired')),
  })
  .check(
    z.refine((v) => v.password === v.repeatPassword, {
      message: 'passwordsDoNotMatch',
      path: ['repeatPassword'],
      when: bothStrings('password', 'repeatPassword'),
    }),
  );
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const registerResponseSchema = successSchema(
  z.object({ emailValidationRequired: z.boolean() }),
);

/** POST /auth/resend-validation-email and POST /auth/forgot-password. */
/** An e-mail field with the spec's messages, for forms beyond the sign-up (an admin's invite). */
export const emailSchema = requiredEmail('emailInvalid');
export const emailOnlyRequestSchema = z.strictObject({ email: emailSchema });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequestSchema>;

/** POST /auth/validate-email?token= */
export const validateEmailQuerySchema = z.object({ token: tokenSchema });
export const validateEmailResponseSchema = successSchema(
  z.object({ alreadyValidated: z.boolean() }),
);

/** POST /auth/check-reset-token: is a reset link still usable (without spending it). */
export const checkResetTokenRequestSchema = z.strictObject({ token: tokenSchema });

/** POST /auth/reset-password (spec §3 Reset-password payload). */
export const resetPasswordRequestSchema = z.strictObject({
  token: tokenSchema,
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form: both fields required, confirmation must match (spec §5). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'confirmPasswordRequired')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: 'passwordsDoNotMatch',
      path: ['confirmPassword'],
      when: bothStrings('newPassword', 'confirmPassword'),
    }),
  );
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** The account's password, asked again before a grave step; only compared with its hash. */
export const currentPasswordSchema = uncheckedSecret(
  z
    .string({ error: 'currentPasswordRequired' })
    .check(
      z.minLength(1, 'currentPasswordRequired'),
      maxLengthIfFilled(PASSWORD_MAX, 'passwordMax'),
    ),
);

/** POST /auth/change-password (spec §3 Change-password payload). */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The change-password form adds the confirmation (spec §5). */
export const changePasswordFormSchema = z
  .object({
    ...changePasswordRequestSchema.shape,
    confirmPassword: z.string().check(z.minLength(1, 'confirmPasswordRequired')),
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: 'passwordsDoNotMatch',
      path: ['confirmPassword'],
      when: bothStrings('newPassword', 'confirmPassword'),
    }),
  );
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The locale a request speaks, from Accept-Language; used for mails. */
export const localeSchema = z.enum(LOCALES);
