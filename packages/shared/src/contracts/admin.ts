import * as z from 'zod/mini';
import { LOCALES } from '../constants.ts';
import { MARKET_COUNTRY_CODES } from '../domain/profile-options.ts';
import { isSpecialtyCode } from '../domain/specialties.ts';
import { isTimeZone } from '../domain/time-zone.ts';
import { successSchema } from './api-response.ts';
import { staffCancelReasonSchema } from './appointments.ts';
import { calendarDateSchema } from './calendar-date.ts';
import { CONSULTATION_LANGUAGES } from './doctors.ts';
import { emailSchema, newPasswordSchema, tokenSchema } from './auth.ts';
import { safeLine } from './field-checks.ts';
import { twoFactorCodeSchema } from './two-factor.ts';

/** A fee an admin may set: from free (a clinic's own arrangement) to 1,000 euro. */
export const FEE_MINOR_MAX = 100_000;

const doctorFields = {
  title: z
    .string()
    .check(z.trim(), z.minLength(1, 'invalidValue'), z.maxLength(20, 'fieldTooLong'), safeLine()),
  specialties: z
    .array(z.string().check(z.refine(isSpecialtyCode, 'invalidValue')))
    .check(z.minLength(1, 'invalidValue'), z.maxLength(5, 'invalidValue')),
  languages: z
    .array(z.enum(CONSULTATION_LANGUAGES, 'invalidValue'))
    .check(z.minLength(1, 'invalidValue'), z.maxLength(8, 'invalidValue')),
  timeZone: z.string().check(z.refine(isTimeZone, 'invalidValue')),
  slotMinutes: z
    .int('invalidValue')
    .check(z.minimum(10, 'invalidValue'), z.maximum(240, 'invalidValue')),
  feeMinor: z
    .int('invalidValue')
    .check(z.minimum(0, 'invalidValue'), z.maximum(FEE_MINOR_MAX, 'invalidValue')),
  /**
   * A follow-up visit's fee (issue #20): lower than the consultation, or 0 for a free one; null
   * charges the consultation fee. Left out, an edit keeps what was set.
   */
  followUpFeeMinor: z.optional(
    z.nullable(
      z
        .int('invalidValue')
        .check(z.minimum(0, 'invalidValue'), z.maximum(FEE_MINOR_MAX, 'invalidValue')),
    ),
  ),
  /**
   * A prescription request's fee (issue #21), the same way: lower, or 0; null charges the
   * consultation fee. Left out, an edit keeps what was set.
   */
  prescriptionFeeMinor: z.optional(
    z.nullable(
      z
        .int('invalidValue')
        .check(z.minimum(0, 'invalidValue'), z.maximum(FEE_MINOR_MAX, 'invalidValue')),
    ),
  ),
  /**
   * Where the doctor practises, as the public directory filters it (issue #22); null: not said.
   * Left out, an edit keeps what was set.
   */
  city: z.optional(
    z.nullable(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'invalidValue'),
          z.maxLength(80, 'fieldTooLong'),
          safeLine(),
        ),
    ),
  ),
  country: z.optional(z.nullable(z.enum(MARKET_COUNTRY_CODES, 'invalidValue'))),
};

const doctorName = z
  .string()
  .check(z.trim(), z.minLength(2, 'invalidValue'), z.maxLength(100, 'fieldTooLong'), safeLine());

/** POST /api/admin/doctors — the doctor is invited by mail and chooses their own password. */
export const inviteDoctorSchema = z.object({
  email: emailSchema,
  firstName: doctorName,
  lastName: doctorName,
  locale: z.enum(LOCALES, 'invalidValue'),
  ...doctorFields,
});
export type InviteDoctor = z.infer<typeof inviteDoctorSchema>;

/** PUT /api/admin/doctors/:id */
export const updateDoctorSchema = z.object(doctorFields);
export type UpdateDoctor = z.infer<typeof updateDoctorSchema>;

export const adminDoctorSchema = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  active: z.boolean(),
  invited: z.boolean(),
  title: z.string(),
  specialties: z.array(z.string()),
  languages: z.array(z.string()),
  timeZone: z.string(),
  slotMinutes: z.number(),
  feeMinor: z.number(),
  /** The follow-up fee the clinic set; null: the consultation fee. */
  followUpFeeMinor: z.nullable(z.number()),
  /** The prescription request fee the clinic set; null: the consultation fee. */
  prescriptionFeeMinor: z.nullable(z.number()),
  city: z.nullable(z.string()),
  country: z.nullable(z.string()),
  /** The public page's address, /doctors/<slug>. */
  slug: z.nullable(z.string()),
  upcoming: z.number(),
});
export type AdminDoctor = z.infer<typeof adminDoctorSchema>;
export const adminDoctorListResponseSchema = successSchema(z.array(adminDoctorSchema));
export const adminDoctorResponseSchema = successSchema(adminDoctorSchema);

export const ADMIN_PAGE_SIZE = 25;
/** A search by a person: part of a name or an e-mail, or an id. */
const personFilter = z.optional(
  z.string().check(z.trim(), z.maxLength(100, 'fieldTooLong'), safeLine()),
);
const page = z.optional(
  z.coerce.number('invalidValue').check(z.int('invalidValue'), z.minimum(1, 'invalidValue')),
);

/** GET /api/admin/appointments — by patient or doctor (name or e-mail), dates and status. */
export const adminAppointmentQuerySchema = z.object({
  patient: personFilter,
  doctor: personFilter,
  /** One doctor exactly (their upcoming appointments after a deactivation). */
  doctorId: z.optional(z.uuid('invalidValue')),
  from: z.optional(calendarDateSchema),
  to: z.optional(calendarDateSchema),
  status: z.optional(z.enum(['upcoming', 'completed', 'no_show', 'cancelled'], 'invalidValue')),
  page,
});
export type AdminAppointmentQuery = z.infer<typeof adminAppointmentQuerySchema>;

export const adminAppointmentSchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  timeZone: z.string(),
  status: z.string(),
  patient: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  doctor: z.object({ _id: z.string(), name: z.string() }),
  cancelledBy: z.nullable(z.string()),
  payment: z.nullable(
    z.object({
      _id: z.string(),
      status: z.string(),
      amountMinor: z.number(),
      currency: z.string(),
    }),
  ),
});
export type AdminAppointment = z.infer<typeof adminAppointmentSchema>;
export const adminAppointmentListResponseSchema = successSchema(
  z.object({ items: z.array(adminAppointmentSchema), total: z.number(), page: z.number() }),
);

/** GET /api/admin/appointments/:id — one appointment with its payment and how it ended. */
export const adminAppointmentDetailSchema = z.extend(adminAppointmentSchema, {
  endsAt: z.string(),
  kind: z.string(),
  cancellationReason: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  doctor: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  payment: z.nullable(
    z.object({
      _id: z.string(),
      status: z.string(),
      amountMinor: z.number(),
      currency: z.string(),
      createdAt: z.string(),
      refundedAt: z.nullable(z.string()),
    }),
  ),
});
export type AdminAppointmentDetail = z.infer<typeof adminAppointmentDetailSchema>;
export const adminAppointmentDetailResponseSchema = successSchema(adminAppointmentDetailSchema);

/**
 * POST /api/admin/doctors/:id/deactivate — the doctor, and the upcoming appointments that the
 * admin now cancels with refunds (deactivation itself cancels nothing: the admin gives a reason).
 */
export const deactivatedDoctorResponseSchema = successSchema(
  z.object({ doctor: adminDoctorSchema, upcoming: z.array(adminAppointmentSchema) }),
);

export const adminCancelSchema = z.object({ reason: staffCancelReasonSchema });

/** POST /api/admin/appointments/:id/reassign — another doctor takes it at the same time. */
export const adminReassignSchema = z.object({ doctorId: z.uuid('invalidValue') });
export type AdminReassign = z.infer<typeof adminReassignSchema>;

/** GET /api/admin/appointments/:id/reassign-candidates — who offers that very time, free. */
export const reassignCandidatesResponseSchema = successSchema(
  z.array(z.object({ _id: z.string(), name: z.string(), specialties: z.array(z.string()) })),
);

/**
 * GET /api/admin/audit — read-only, newest first. `actor` and `subject` are a user's id or part of
 * their name or e-mail; `action` is part of the event's name (`admin.`, `cancelled`).
 */
export const auditQuerySchema = z.object({
  actor: personFilter,
  subject: personFilter,
  action: z.optional(z.string().check(z.trim(), z.maxLength(60, 'fieldTooLong'), safeLine())),
  from: z.optional(calendarDateSchema),
  to: z.optional(calendarDateSchema),
  page,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  event: z.string(),
  actor: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  subject: z.nullable(z.object({ _id: z.string(), name: z.string() })),
  ip: z.nullable(z.string()),
  meta: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListResponseSchema = successSchema(
  z.object({ items: z.array(auditEntrySchema), total: z.number(), page: z.number() }),
);

// A staff invitation's token is opaque and bounded, as the reset link's.
const inviteTokenSchema = tokenSchema;

/**
 * POST /auth/accept-invite/check — is the invitation still usable (without spending it). The
 * token travels in the body, like the reset link's check: a URL ends up in access logs.
 */
export const checkInviteRequestSchema = z.strictObject({ token: inviteTokenSchema });
export const inviteCheckResponseSchema = successSchema(
  z.object({ email: z.string(), firstName: z.string() }),
);

/**
 * POST /auth/accept-invite/two-factor — the secret for the invited doctor's authenticator app (a
 * new one each time, until the invitation is accepted); answered as the security page's setup is.
 */
export const inviteTwoFactorRequestSchema = checkInviteRequestSchema;

/**
 * POST /auth/accept-invite — the invited doctor chooses their password (ADR 0003's policy) and
 * turns on two-factor sign-in with a code from the app, at once (ADR 0023, issue #18).
 */
export const acceptInviteRequestSchema = z.strictObject({
  token: inviteTokenSchema,
  password: newPasswordSchema,
  code: twoFactorCodeSchema,
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

/** The invitation form: the new password twice, as on the reset form, and a code from the app. */
export const acceptInviteFormSchema = z
  .object({
    newPassword: newPasswordSchema,
    confirmPassword: z.string().check(z.minLength(1, 'confirmPasswordRequired')),
    code: twoFactorCodeSchema,
  })
  .check(
    z.refine((v) => v.newPassword === v.confirmPassword, {
      message: 'passwordsDoNotMatch',
      path: ['confirmPassword'],
      // Also while the code is still wrong: every field's problem shows at once.
      when: ({ value }) => {
        const v = value as Partial<Record<'newPassword' | 'confirmPassword', unknown>>;
        return typeof v.newPassword === 'string' && typeof v.confirmPassword === 'string';
      },
    }),
  );
/** The recovery codes are shown this once. */
export const acceptInviteResponseSchema = successSchema(
  z.object({ email: z.string(), recoveryCodes: z.array(z.string()) }),
);
