import * as z from 'zod/mini';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import { isValidEmail } from '../domain/email.ts';
import { LEGAL_DOCUMENTS } from '../domain/legal.ts';
import { successSchema } from './api-response.ts';
import {
  filled,
  maxLengthIfFilled,
  minLengthIfFilled,
  safeLine,
  uncheckedSecret,
} from './field-checks.ts';

// Signing in and the session it answers: apart from ./auth.ts (registration, reset, password
// change) because the sign-in form on `/` needs these alone, and `/` has a 150 KB budget (ADR 0010).

// Messages are i18n keys (messages/validation.ts): the form translates them, the API sends English.
/** A required e-mail address; `invalidKey` is the message a malformed one gets. */
export const requiredEmail = (invalidKey: 'emailInvalid' | 'loginEmailInvalid') =>
  z
    .string({ error: 'emailRequired' })
    .check(
      z.trim(),
      z.minLength(1, 'emailRequired'),
      maxLengthIfFilled(EMAIL_MAX, invalidKey),
      z.refine(isValidEmail, { message: invalidKey, when: filled }),
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
