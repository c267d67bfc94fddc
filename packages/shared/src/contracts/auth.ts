import { z } from 'zod';
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
import { successSchema } from './api-response.ts';

// Messages are i18n keys (messages/validation.ts): the form translates them, the API sends English.

const requiredEmail = (invalidKey: 'emailInvalid' | 'loginEmailInvalid') =>
  z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, { message: 'emailRequired', abort: true })
    .max(EMAIL_MAX, invalidKey)
    .refine(isValidEmail, invalidKey);

/** A new password under the one policy (ADR 0004); reports every broken rule. */
export const newPasswordSchema = z
  .string({ error: 'passwordRequired' })
  .min(1, { message: 'passwordRequired', abort: true })
  .superRefine((value, ctx) => {
    for (const key of passwordPolicyViolations(value))
      ctx.addIssue({ code: 'custom', message: key });
  });

const personName = (
  required: 'firstNameRequired' | 'lastNameRequired',
  min: 'firstNameMin' | 'lastNameMin',
) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { message: required, abort: true })
    .min(NAME_MIN, min)
    .max(NAME_MAX, 'nameMax');

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
export const registerFormSchema = registerRequestSchema
  .extend({
    repeatPassword: z
      .string({ error: 'repeatPasswordRequired' })
      .min(1, { message: 'repeatPasswordRequired', abort: true }),
    termsAccepted: z.boolean().refine((v) => v, 'termsRequired'),
  })
  .refine((v) => v.password === v.repeatPassword, {
    message: 'passwordsDoNotMatch',
    path: ['repeatPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const registerResponseSchema = successSchema(
  z.object({ emailValidationRequired: z.boolean() }),
);

/** POST /auth/login (spec §5 Login rules; `ip` is the device label of spec §7). */
export const loginRequestSchema = z.strictObject({
  email: requiredEmail('loginEmailInvalid'),
  password: z
    .string({ error: 'passwordRequired' })
    .min(1, { message: 'passwordRequired', abort: true })
    .min(PASSWORD_MIN, 'passwordMin')
    .max(PASSWORD_MAX, 'passwordMax'),
  ip: z.string().max(64).optional(),
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
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionResponseSchema = successSchema(sessionSchema);

/** POST /auth/resend-validation-email and POST /auth/forgot-password. */
export const emailOnlyRequestSchema = z.strictObject({ email: requiredEmail('emailInvalid') });
export type EmailOnlyRequest = z.infer<typeof emailOnlyRequestSchema>;

/** POST /auth/validate-email?token= */
export const validateEmailQuerySchema = z.object({
  token: z
    .string({ error: 'tokenRequired' })
    .min(1, { message: 'tokenRequired', abort: true })
    .max(256, 'tokenRequired'),
});
export const validateEmailResponseSchema = successSchema(
  z.object({ alreadyValidated: z.boolean() }),
);

/** POST /auth/reset-password (spec §3 Reset-password payload). */
export const resetPasswordRequestSchema = z.strictObject({
  token: z
    .string({ error: 'tokenRequired' })
    .min(1, { message: 'tokenRequired', abort: true })
    .max(256, 'tokenRequired'),
  newPassword: newPasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

/** The reset form: both fields required, confirmation must match (spec §5). */
export const resetPasswordFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().min(1, { message: 'confirmPasswordRequired', abort: true }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'passwordsDoNotMatch',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** POST /auth/change-password (spec §3 Change-password payload). */
export const changePasswordRequestSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'currentPasswordRequired' })
    .min(1, { message: 'currentPasswordRequired', abort: true })
    .max(PASSWORD_MAX, 'passwordMax'),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** The change-password form adds the confirmation (spec §5). */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({
    confirmPassword: z.string().min(1, { message: 'confirmPasswordRequired', abort: true }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'passwordsDoNotMatch',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** The locale a request speaks, from Accept-Language; used for mails. */
export const localeSchema = z.enum(LOCALES);
