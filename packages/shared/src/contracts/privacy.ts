import * as z from 'zod/mini';
import { successSchema } from './api-response.ts';
import { currentPasswordSchema } from './auth.ts';
import { twoFactorCodeSchema } from './two-factor.ts';
import { NOTIFICATION_KINDS } from '../domain/notification-kinds.ts';
import { EMAIL_NOTIFICATION_KINDS, notificationParamsSchema } from './notifications.ts';
import {
  CLINICAL_DOCUMENT_KINDS,
  prescriptionContentSchema,
  referralContentSchema,
  sickNoteContentSchema,
} from './clinical-documents.ts';
import { prescriptionRequestDetailsSchema } from './prescription-request-details.ts';

// The patient's data rights (GDPR Art. 15, 17, 20): the export, who saw their data, and deleting
// the account (issue #11, ADR 0025).

/** One read or change of the patient's record by someone else (a doctor, an admin). */
export const accessLogEntrySchema = z.object({
  at: z.string(),
  event: z.string(),
  actor: z.object({
    name: z.nullable(z.string()),
    role: z.enum(['doctor', 'admin', 'patient', 'system']),
  }),
  /**
   * The person in the patient's account whose record it was (issue #22): a doctor read the
   * child's profile. Absent or null for the patient's own.
   */
  about: z.optional(z.nullable(z.string())),
});
export type AccessLogEntry = z.infer<typeof accessLogEntrySchema>;
export const accessLogResponseSchema = successSchema(z.array(accessLogEntrySchema));

/** POST /api/privacy/delete-account — the password, and a current code when 2FA is on. */
export const deleteAccountRequestSchema = z.strictObject({
  password: currentPasswordSchema,
  code: z.optional(twoFactorCodeSchema),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;

const instant = z.string();
const money = z.object({ amountMinor: z.number(), currency: z.string() });

/**
 * Everything Vizita holds about a patient (GET /api/privacy/export): the JSON file as downloaded
 * (Art. 20: structured, machine-readable), and what the web app renders as the readable page.
 */
export const dataExportSchema = z.object({
  format: z.literal('vizita-data-export'),
  formatVersion: z.literal(1),
  exportedAt: instant,
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    language: z.string(),
    registeredAt: instant,
    emailValidatedAt: z.nullable(instant),
    twoFactorEnabled: z.boolean(),
    rememberedDevices: z.number(),
  }),
  profile: z.nullable(
    z.object({
      gender: z.nullable(z.string()),
      birthDate: z.nullable(z.string()),
      street: z.nullable(z.string()),
      streetNumber: z.nullable(z.string()),
      postCode: z.nullable(z.string()),
      city: z.nullable(z.string()),
      countryCode: z.nullable(z.string()),
      nationalId: z.nullable(z.string()),
      insurance: z.nullable(
        z.object({ type: z.string(), company: z.string(), number: z.string() }),
      ),
    }),
  ),
  /**
   * The people in the account (issue #22, ADR 0043), with their identifiers; a record handed
   * over to its own account keeps only the name and the day. Absent in exports made before.
   */
  dependants: z.optional(
    z.array(
      z.object({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        birthDate: z.string(),
        gender: z.string(),
        relationship: z.string(),
        countryCode: z.string(),
        nationalId: z.nullable(z.string()),
        insurance: z.nullable(
          z.object({ type: z.string(), company: z.string(), number: z.string() }),
        ),
        addedAt: instant,
        handedOverAt: z.nullable(instant),
      }),
    ),
  ),
  appointments: z.array(
    z.object({
      id: z.string(),
      /** For whom, when it was a person in the account (`dependants[].id`); else null. */
      dependantId: z.optional(z.nullable(z.string())),
      doctor: z.string(),
      startsAt: instant,
      endsAt: instant,
      timeZone: z.string(),
      plan: z.string(),
      status: z.string(),
      reason: z.nullable(z.string()),
      notes: z.nullable(z.string()),
      cancelReason: z.nullable(z.string()),
      /** A prescription request's medicine and how much was left (issue #21); null for a visit. */
      prescriptionRequest: z.optional(z.nullable(prescriptionRequestDetailsSchema)),
      cancelledBy: z.nullable(z.string()),
      cancelledAt: z.nullable(instant),
      price: z.nullable(money),
      summary: z.nullable(z.string()),
      documents: z.array(
        z.object({
          title: z.string(),
          version: z.number(),
          fileName: z.string(),
          contentType: z.string(),
          sizeBytes: z.number(),
          sha256: z.string(),
          sharedAt: instant,
          contentBase64: z.string(),
        }),
      ),
      /** What the video room recorded of the call (ADR 0027): never media, never content. */
      callEvents: z.array(
        z.object({
          kind: z.enum(['joined', 'admitted', 'left']),
          role: z.enum(['patient', 'doctor']),
          at: instant,
          quality: z.nullable(z.enum(['good', 'fair', 'poor'])),
        }),
      ),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.string(),
      appointmentId: z.string(),
      provider: z.string(),
      ...money.shape,
      status: z.string(),
      createdAt: instant,
      paidAt: z.nullable(instant),
      refundedAt: z.nullable(instant),
      receiptNumber: z.nullable(z.string()),
      invoices: z.array(
        z.object({ number: z.string(), kind: z.string(), ...money.shape, issuedAt: instant }),
      ),
    }),
  ),
  consents: z.array(
    z.object({
      document: z.string(),
      version: z.string(),
      acceptedAt: instant,
      context: z.string(),
    }),
  ),
  sessions: z.array(
    z.object({
      createdAt: instant,
      lastUsedAt: z.nullable(instant),
      expiresAt: instant,
      revokedAt: z.nullable(instant),
      userAgent: z.nullable(z.string()),
      ip: z.nullable(z.string()),
    }),
  ),
  /** Who else read or changed the patient's record, and when (the audit log). */
  accessLog: z.array(accessLogEntrySchema),
  /** The patient's own account events (sign-ins, changes), with the address they came from. */
  activity: z.array(z.object({ at: instant, event: z.string(), ip: z.nullable(z.string()) })),
  /**
   * The conversations with the practice (issue #20): one per appointment with its doctor, and the
   * general one with the clinic — every message as written, every file it carried.
   */
  messages: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['appointment', 'clinic']),
      appointmentId: z.nullable(z.string()),
      startedAt: instant,
      patientMayReply: z.boolean(),
      messages: z.array(
        z.object({
          at: instant,
          from: z.enum(['patient', 'doctor', 'admin']),
          /** The writer's name; null when their account is gone. */
          sender: z.nullable(z.string()),
          text: z.string(),
          attachments: z.array(
            z.object({
              fileName: z.string(),
              contentType: z.string(),
              sizeBytes: z.number(),
              sha256: z.string(),
              contentBase64: z.string(),
            }),
          ),
        }),
      ),
    }),
  ),
  /** The follow-up visits doctors proposed (issue #20), with the doctor's note for the patient. */
  followUpProposals: z.array(
    z.object({
      id: z.string(),
      /** The consultation it follows, and the follow-up appointment once booked. */
      appointmentId: z.string(),
      followUpAppointmentId: z.nullable(z.string()),
      doctor: z.string(),
      offeredSlots: z.array(instant),
      suggestedWeeks: z.nullable(z.number()),
      note: z.nullable(z.string()),
      price: money,
      state: z.string(),
      createdAt: instant,
      expiresAt: instant,
    }),
  ),
  /**
   * The prescriptions, sick notes and referrals doctors issued (issue #21), every version as it
   * was written, with the code that verifies it and whether it was revoked.
   */
  clinicalDocuments: z.array(
    z.object({
      documentId: z.string(),
      appointmentId: z.string(),
      kind: z.enum(CLINICAL_DOCUMENT_KINDS),
      version: z.number(),
      issuedAt: instant,
      versionAt: instant,
      doctor: z.string(),
      content: z.union([prescriptionContentSchema, sickNoteContentSchema, referralContentSchema]),
      shortCode: z.nullable(z.string()),
      revokedAt: z.nullable(instant),
    }),
  ),
  /**
   * The earlier-time alerts the patient asked for (issue #20) — for an appointment, a doctor or a
   * specialty — and the freed times each was offered.
   */
  waitlist: z.array(
    z.object({
      id: z.string(),
      doctor: z.nullable(z.string()),
      specialty: z.nullable(z.string()),
      appointmentId: z.nullable(z.string()),
      status: z.string(),
      createdAt: instant,
      expiresAt: instant,
      offers: z.array(
        z.object({ startsAt: instant, offeredAt: instant, takenAt: z.nullable(instant) }),
      ),
    }),
  ),
  /**
   * What the bell told the patient (issue #20), newest first: the kind, the values its text uses
   * (never a health word), where it led, and when it was read; and the e-mails they turned off.
   */
  notifications: z.object({
    items: z.array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS),
        params: notificationParamsSchema,
        link: z.string(),
        createdAt: instant,
        readAt: z.nullable(instant),
      }),
    ),
    emailTurnedOff: z.array(z.enum(EMAIL_NOTIFICATION_KINDS)),
  }),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportResponseSchema = successSchema(dataExportSchema);

/**
 * GET /api/privacy/export?format= — Vizita's own JSON (the default, above) or the same record as a
 * FHIR R4 Bundle for other health apps (issue #21, ADR 0025's amendment).
 */
export const DATA_EXPORT_FORMATS = ['json', 'fhir'] as const;
export type DataExportFormat = (typeof DATA_EXPORT_FORMATS)[number];
export const dataExportQuerySchema = z.object({
  format: z.optional(z.enum(DATA_EXPORT_FORMATS, 'invalidValue')),
});

/**
 * The export as a FHIR R4 Bundle (`collection`). Only its envelope is described here: the resources
 * are FHIR's own shapes, checked against the R4 definitions by the API's tests
 * (apps/api/test/fhir-export.test.ts), and pass through untouched.
 */
export const fhirBundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('collection'),
  timestamp: z.string(),
  entry: z.array(
    z.looseObject({
      fullUrl: z.string(),
      resource: z.looseObject({ resourceType: z.string() }),
    }),
  ),
});
export type FhirExportBundle = z.infer<typeof fhirBundleSchema>;
export const fhirExportResponseSchema = successSchema(fhirBundleSchema);
