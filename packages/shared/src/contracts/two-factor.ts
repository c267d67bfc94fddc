import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';
import { sessionResponseSchema } from './sign-in.ts';
import { safeLine, uncheckedSecret } from './field-checks.ts';

// Two-factor sign-in (TOTP, RFC 6238) and the signed-in devices (issue #11, ADR 0023).

/** A code of the authenticator app: six digits, spaces typed between groups forgiven. */
export const twoFactorCodeSchema = z.pipe(
  z.string('twoFactorCodeRequired').check(z.trim(), z.minLength(1, 'twoFactorCodeRequired')),
  z.pipe(
    z.transform((v: string) => v.replace(/\s+/g, '')),
    z.string().check(z.regex(/^\d{6}$/, 'twoFactorCodeInvalid')),
  ),
);

/** A recovery code: ten characters of base32 in two groups (case and the dash forgiven). */
export const recoveryCodeSchema = z.pipe(
  z.string('twoFactorCodeRequired').check(z.trim(), z.minLength(1, 'twoFactorCodeRequired')),
  z.pipe(
    z.transform((v: string) => v.toUpperCase().replace(/[\s-]/g, '')),
    z.string().check(z.regex(/^[A-Z2-7]{10}$/, 'recoveryCodeInvalid')),
  ),
);

/** How many single-use recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** "Remember this device" lasts at most this long. */
export const TRUSTED_DEVICE_DAYS = 30;

/** POST /auth/login answers this instead of a session when a second factor is due. */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  /** Proof that the password was right, for the code step only; good for five minutes. */
  challenge: z.string(),
});
export const loginResponseSchema = z.union([
  sessionResponseSchema,
  successSchema(loginChallengeSchema),
]);

// The account's password again, only compared with its hash (see loginRequestSchema).
const password = uncheckedSecret(
  z.string('passwordRequired').check(z.minLength(1, 'passwordRequired')),
);

/** POST /auth/login/two-factor — the code (or a recovery code) after the password. */
export const twoFactorLoginRequestSchema = z
  .strictObject({
    challenge: z.string().check(z.minLength(1), z.maxLength(2000), safeLine()),
    code: z.optional(twoFactorCodeSchema),
    recoveryCode: z.optional(recoveryCodeSchema),
    rememberDevice: z.optional(z.boolean()),
  })
  .check(
    z.refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
      message: 'twoFactorCodeRequired',
      path: ['code'],
    }),
  );
export type TwoFactorLoginRequest = z.infer<typeof twoFactorLoginRequestSchema>;

/** GET /auth/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  /** Doctors and admins must have it on before they see patient data. */
  required: z.boolean(),
  recoveryCodesLeft: z.number(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;
export const twoFactorStatusResponseSchema = successSchema(twoFactorStatusSchema);

/** POST /auth/two-factor/setup — the password again, then a new secret to scan. */
export const twoFactorSetupRequestSchema = z.strictObject({ password });
export const twoFactorSetupResponseSchema = successSchema(
  z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() }),
);

/** POST /auth/two-factor/enable — a code proves the app has the secret. */
export const twoFactorEnableRequestSchema = z.strictObject({ code: twoFactorCodeSchema });
export const recoveryCodesResponseSchema = successSchema(
  z.object({ recoveryCodes: z.array(z.string()) }),
);

/** POST /auth/two-factor/disable and /auth/two-factor/recovery-codes: password and a code. */
export const twoFactorConfirmRequestSchema = z.strictObject({
  password,
  code: twoFactorCodeSchema,
});

/** GET /auth/sessions — the devices signed in to this account. */
export const signedInDeviceSchema = z.object({
  id: z.string(),
  userAgent: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.nullable(z.string()),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;
export const signedInDevicesResponseSchema = successSchema(z.array(signedInDeviceSchema));
