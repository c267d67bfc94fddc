import * as z from 'zod/mini';
import {
  EMAIL_MAX,
  LOCALES,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
} from '../constants.ts';
import { isValidEmail } from '../domain/email.ts';
import { passwordPolicyViolations } from '../domain/password-policy.ts';
import { LEGAL_DOCUMENTS } from '../domain/legal.ts';
import { successSchema } from './api-response.ts';
import {
  filled,
  maxLengthIfFilled,
  minLengthIfFilled,
  safeLine,
  uncheckedSecret,
} from './field-checks.ts';

// Messages are i18n keys (messages/validation.ts): the form translates them, the API sends English.
const requiredEmail = (invalidKey: 'emailInvalid' | 'loginEmailInvalid') =>
  z
    .string({ error: 'emailRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'emailRequired'),
      maxLengthIfFilled(EMAIL_MAX, invalidKey),
      z.refine(isValidEmail, { message: invalidKey, when: filled }),
    );

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

/** POST /auth/register-minimal (spec §3 Registration payload; the repeat field is not sent). */
export const registerRequestSchema = z.strictObject({
  firstName: personName('firstNameRequired', 'firstNameMin'),
  lastName: personName('lastNameRequired', 'lastNameMin'),
  email: requiredEmail('emailInvalid'),
  password: newPasswordSchema,
  termsAccepted: z.literal(true, { error: 'termsRequired' }),
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

/** POST /auth/login (spec §5 Login rules; `ip` is the device label of spec §7). */
export const loginRequestSchema = z.strictObject({
  email: requiredEmail('loginEmailInvalid'),
  // Only compared with the stored hash: any character a browser sends may be part of it.
  password: uncheckedSecret(
    z
      .string({ error: 'passwordRequired' })
      .check(
        z.minLength(1, 'passwordRequired'),
        minLengthIfFilled(PASSWORD_MIN, 'passwordMin'),
        maxLengthIfFilled(PASSWORD_MAX, 'passwordMax'),
      ),
  ),
  ip: z.optional(z.string().check(z.maxLength(64), safeLine())),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** What login and status answer (spec §7); userType is always lower-cased. */
export const sessionSchema = z.object({
  accessToken: z.string(),
  userId: z.string(),
  isAdmin: z.boolean(),
  userType: z.string(),
  isPaid: z.boolean(),
  isProfileComplete: z.boolean(),
  /**
   * Two-factor sign-in: `off`, `on`, or `required` — a doctor or admin without it, whose session
   * can do nothing but set it up (ADR 0023).
   */
  twoFactor: z.enum(['off', 'on', 'required']),
  /** A patient's legal documents with a new version not yet accepted (asked once; ADR 0024). */
  consentsDue: z.array(z.enum(LEGAL_DOCUMENTS)),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionResponseSchema = successSchema(sessionSchema);

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
