import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// UUID keys and plain SQL features only, so the schema also runs on PostgreSQL-compatible
// distributed engines (ARCHITECTURE.md §1).

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Stored normalized (trimmed, lower-cased) so the unique index is case-insensitive.
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    userType: text('user_type').notNull().default('patient'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPaid: boolean('is_paid').notNull().default(false),
    isProfileComplete: boolean('is_profile_complete').notNull().default(false),
    locale: text('locale').notNull().default('en'),
    // The IANA zone the user's browser last reported: times in their mails are shown in it.
    timeZone: text('time_zone'),
    emailValidatedAt: timestamp('email_validated_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    // A deactivated staff account cannot sign in and (a doctor) offers no slots; history stays.
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    // The patient deleted the account (GDPR Art. 17, ADR 0025): the row stays only as the
    // pseudonymous id the kept payment records point at — no name, no address, no e-mail.
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * A patient's health profile. National ID and insurance number are AES-256-GCM ciphertexts
 * (lib/field-encryption.ts); nothing else here identifies a person on its own.
 */
export const patientProfiles = pgTable('patient_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  gender: text('gender', { enum: ['male', 'female', 'other'] }),
  birthDate: date('birth_date', { mode: 'string' }),
  street: text('street'),
  streetNumber: text('street_number'),
  postCode: text('post_code'),
  city: text('city'),
  countryCode: text('country_code'),
  nationalIdEncrypted: text('national_id_encrypted'),
  insuranceType: text('insurance_type', { enum: ['state', 'private'] }),
  insuranceCompany: text('insurance_company'),
  insuranceNumberEncrypted: text('insurance_number_encrypted'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person an account holder books for (issue #22, ADR 0043): a child, or an adult the holder has
 * the right to act for. No account of their own: the holder pays, joins the call and reads the
 * record, by the age policy of `domain/guardianship.ts`. The identifiers are AES-256-GCM
 * ciphertexts bound to this row (`dependant:<id>:<column>`), as the holder's are to theirs.
 * Once of age (or at any time for an adult in care) the record can be handed over by a single-use
 * link mailed to the person; accepting copies it into their own account's profile and the holder
 * loses access.
 */
export const dependants = pgTable(
  'dependants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    holderUserId: uuid('holder_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other'] }).notNull(),
    relationship: text('relationship', { enum: ['child', 'adult_in_care'] }).notNull(),
    // The market whose identifiers apply (and in whose zone the birthday is counted).
    countryCode: text('country_code', { enum: ['BG', 'DE'] }).notNull(),
    nationalIdEncrypted: text('national_id_encrypted'),
    insuranceType: text('insurance_type', { enum: ['state', 'private'] }),
    insuranceCompany: text('insurance_company'),
    insuranceNumberEncrypted: text('insurance_number_encrypted'),
    // The hand-over invitation on its way: only the token's hash is kept (lib/secure-token.ts).
    handoverEmail: text('handover_email'),
    handoverTokenHash: text('handover_token_hash').unique(),
    handoverExpiresAt: timestamp('handover_expires_at', { withTimezone: true }),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    handedToUserId: uuid('handed_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dependants_holder_idx').on(t.holderUserId)],
);

/** A doctor's public profile; the doctor signs in as a user with `userType` 'doctor'. */
export const doctorProfiles = pgTable('doctor_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  title: text('title').notNull().default('Dr.'),
  // Codes of the shared specialty catalogue (packages/shared/src/domain/specialties.ts); the
  // names are translated where they are shown.
  specialties: text('specialties')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  // Languages the doctor consults in, as ISO 639-1 codes ('bg', 'de', 'en', …).
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  // A short bio per UI language: { en?: string, bg?: string, de?: string }.
  bios: jsonb('bios')
    .$type<Partial<Record<'en' | 'bg' | 'de', string>>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  // The consultation fee in euro cents; the server prices every booking from it (ADR 0018).
  feeMinor: integer('fee_minor').notNull().default(6000),
  experienceYears: integer('experience_years'),
  photoUrl: text('photo_url'),
  // IANA zone: the doctor's working hours and the appointment's date/slot are in this zone.
  timeZone: text('time_zone').notNull(),
  slotMinutes: integer('slot_minutes').notNull().default(30),
  // A follow-up visit's fee in euro cents, set by the clinic; null: the consultation fee. It may
  // be lower, or 0 for a free follow-up (issue #20, ADR 0018).
  followUpFeeMinor: integer('follow_up_fee_minor'),
  // A prescription request's fee (issue #21), the same way; null: the consultation fee.
  prescriptionFeeMinor: integer('prescription_fee_minor'),
  // The public page's address, /doctors/<slug> (issue #22): made once from the name, kept when
  // the name changes so that links and search engines keep finding the page. Null only until
  // the boot after migration 0018 gives a row made before it one (doctors/slugs.ts).
  slug: text('slug').unique(),
  // Where the doctor practises, for the public directory's filter: a city as patients write it
  // and its country (ISO 3166-1 alpha-2, one of the markets).
  city: text('city'),
  country: text('country'),
});

/** A doctor's uploaded photo, re-validated on upload and served by the API with its type. */
export const doctorPhotos = pgTable('doctor_photos', {
  doctorId: uuid('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Weekly working hours in the doctor's wall-clock time; several rows a day leave breaks between. */
export const doctorWeeklyHours = pgTable(
  'doctor_weekly_hours',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // ISO weekday: 1 = Monday … 7 = Sunday.
    weekday: integer('weekday').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [index('doctor_weekly_hours_doctor_idx').on(t.doctorId)],
);

/** Dated changes to the weekly hours: time off (whole day when no times) or extra hours. */
export const doctorScheduleExceptions = pgTable(
  'doctor_schedule_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    kind: text('kind', { enum: ['off', 'extra'] }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note'),
  },
  (t) => [index('doctor_schedule_exceptions_doctor_idx').on(t.doctorId, t.date)],
);

/**
 * An appointment: a UTC instant plus the doctor's zone (ARCHITECTURE.md §4). `pending` is a
 * payment hold on the slot; `upcoming` is paid. At most one pending or upcoming appointment may
 * hold a doctor's slot — enforced by the partial unique index, not by a read before the write.
 * A prescription request (plan `prescription`) is one too, without a slot: it starts when it is
 * made and ends at its answer deadline (ADR 0039).
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    // Null only for a "see a doctor now" visit (plan `on-demand`, ADR 0042) that no doctor has
    // taken yet: the first free doctor becomes its doctor (the check below allows nothing else).
    doctorId: uuid('doctor_id').references(() => users.id),
    // Whom the visit is for when it is not the account holder (issue #22, ADR 0043): the holder
    // (`patient_id`) pays, joins and owns the booking; this is the person treated.
    dependantId: uuid('dependant_id').references(() => dependants.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    plan: text('plan', { enum: ['consultation', 'prescription', 'follow-up', 'on-demand'] })
      .notNull()
      .default('consultation'),
    status: text('status', {
      enum: ['pending', 'upcoming', 'completed', 'no_show', 'cancelled', 'expired'],
    }).notNull(),
    // What the patient wrote about their health — the reason for the visit, notes, why they
    // cancelled — is Art. 9 data: AES-256-GCM like the national ID, bound to this appointment and
    // field (modules/appointments/health-text.ts, ADR 0009).
    reasonEncrypted: text('reason_encrypted'),
    notesEncrypted: text('notes_encrypted'),
    cancelReasonEncrypted: text('cancel_reason_encrypted'),
    // A prescription request's medicine and how much is left (plan `prescription`, issue #21),
    // as JSON, sealed like the texts above.
    requestEncrypted: text('request_encrypted'),
    // Plaintext of rows written before the texts were encrypted: emptied into the columns above
    // when the server starts (encryptLegacyHealthText), never written again.
    legacyReason: text('reason'),
    legacyNotes: text('notes'),
    legacyCancelReason: text('cancel_reason'),
    // 'clinic': an admin cancelled for the clinic (always refunded, ADR 0012).
    cancelledBy: text('cancelled_by', { enum: ['doctor', 'patient', 'clinic'] }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    // Money in minor units with its ISO currency; the server sets the price (ARCHITECTURE.md §4).
    priceMinor: integer('price_minor'),
    currency: text('currency'),
    // A pending hold lapses at this instant (the checkout's lifetime); past it the slot is free.
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A prescription request holds no time on the calendar (ADR 0039): it is not in the index.
    uniqueIndex('appointments_slot_held_key')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} in ('pending', 'upcoming') and ${t.plan} <> 'prescription'`),
    index('appointments_patient_idx').on(t.patientId, t.startsAt),
    index('appointments_doctor_idx').on(t.doctorId, t.startsAt),
    check('appointments_doctor_present', sql`${t.doctorId} is not null or ${t.plan} = 'on-demand'`),
  ],
);

/**
 * A doctor's notes on an appointment, versioned: an edit inserts the next version, so earlier
 * text is never destroyed. Both texts are health data, AES-256-GCM encrypted like the national ID;
 * the private notes never leave the doctor's side, the summary is shown to the patient.
 */
export const consultationNotes = pgTable(
  'consultation_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull(),
    privateNotesEncrypted: text('private_notes_encrypted'),
    summaryEncrypted: text('summary_encrypted'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('consultation_notes_version_key').on(t.appointmentId, t.version)],
);

/**
 * One payment per appointment, whatever the provider. Fulfilment is idempotent: the provider's
 * session id is unique and the status only moves forward (pending → completed | failed |
 * cancelled; completed → refunded).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['local', 'stripe'] }).notNull(),
    providerSessionId: text('provider_session_id').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['pending', 'completed', 'failed', 'cancelled', 'refunded'],
    }).notNull(),
    receiptUrl: text('receipt_url'),
    receiptNumber: text('receipt_number'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    // Set once the provider confirmed the refund; its id makes a retried refund recognisable.
    providerRefundId: text('provider_refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_provider_session_key').on(t.provider, t.providerSessionId),
    uniqueIndex('payments_appointment_key').on(t.appointmentId),
    index('payments_patient_idx').on(t.patientId, t.createdAt),
  ],
);

/**
 * Invoices and credit notes for payments. Numbers are gap-free per series (German § 14 UStG and
 * the Bulgarian VAT Act ask for a continuous sequence): each is taken from `invoice_counters` in
 * the transaction that issues the document, so a rollback gives the number back. A credit note
 * points at the invoice it corrects; neither is ever changed after it is issued.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    correctsInvoiceId: uuid('corrects_invoice_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    // What was printed, frozen at issue: clinic, patient, doctor, service and date.
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.series, t.sequence),
    uniqueIndex('invoices_payment_kind_key').on(t.paymentId, t.kind),
  ],
);

/** The next number of each invoice series; one row per series, locked while a number is taken. */
export const invoiceCounters = pgTable('invoice_counters', {
  series: text('series').primaryKey(),
  next: integer('next').notNull().default(1),
});

/**
 * Documents a doctor gives the patient after a visit (sick note, referral, an answer), encrypted
 * at rest. A correction is a new version of the same `documentId`; earlier versions stay and
 * show that they were replaced.
 */
export const appointmentDocuments = pgTable(
  'appointment_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    // The first version's id: every version of one document shares it.
    documentId: uuid('document_id').notNull(),
    version: integer('version').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    // AES-256-GCM: 12-byte IV, 16-byte tag, then the ciphertext.
    contentEncrypted: bytea('content_encrypted').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('appointment_documents_version_key').on(t.documentId, t.version),
    index('appointment_documents_appointment_idx').on(t.appointmentId),
  ],
);

/**
 * The hosted checkout of the local provider (zero-setup payments). Card numbers are never
 * stored: only the brand and last four digits of a successful test card.
 */
export const localCheckoutSessions = pgTable('local_checkout_sessions', {
  id: text('id').primaryKey(),
  amountMinor: integer('amount_minor').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  customerEmail: text('customer_email').notNull(),
  locale: text('locale').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata')
    .notNull()
    .default(sql`'{}'::jsonb`),
  status: text('status', { enum: ['open', 'complete', 'expired'] })
    .notNull()
    .default('open'),
  paymentStatus: text('payment_status', { enum: ['unpaid', 'paid', 'failed', 'refunded'] })
    .notNull()
    .default('unpaid'),
  cardLast4: text('card_last4'),
  failureCode: text('failure_code'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * Durable background work (reminders, refunds): written in the transaction that makes it due, run
 * by whichever instance claims it first (`FOR UPDATE SKIP LOCKED` plus a lease), so each job runs
 * once however many instances there are, and survives a restart. `key` makes enqueueing
 * idempotent: the same reminder or refund is never queued twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>().notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    // While a worker runs the job; a crashed worker's lease lapses and another takes over.
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    // Gave up after the last attempt; kept for an operator (docs/operations.md).
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key_key').on(t.key),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** A signed-in device: one login starts a session; its refresh tokens form one rotation family. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    // When the browser last renewed its access (the signed-in devices list shows it).
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    // A doctor or admin without two-factor sign-in gets a session that can only set it up
    // (ADR 0023): every other call answers 403 `twoFactorRequired`.
    restricted: boolean('restricted').notNull().default(false),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/**
 * What a person accepted of the legal documents, and when (GDPR Art. 7(1): the controller must be
 * able to show it). One row per document and version; a new version is accepted anew.
 */
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // 'video': the patient's consent to the video service processing their health data (GDPR
    // Art. 9(2)(a)), given on the device check before their first call.
    document: text('document', { enum: ['terms', 'privacy', 'video'] }).notNull(),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    // Where it was given: registration, the profile, the prompt after a new version, or the
    // meeting's device check.
    context: text('context', { enum: ['registration', 'profile', 'update', 'meeting'] }).notNull(),
  },
  (t) => [uniqueIndex('consents_user_document_version_key').on(t.userId, t.document, t.version)],
);

/**
 * Two-factor sign-in (TOTP, RFC 6238): the shared secret, encrypted like the national ID, and the
 * last time step a code was accepted for (a code is good once). Enabled once a code confirmed it.
 */
export const twoFactor = pgTable('two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored as SHA-256 hashes (ten per enrolment). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Browsers that passed the second factor with "remember this device" (at most 30 days): the
 * cookie's token, hashed. Signing out everywhere, a new password or turning 2FA off forgets them.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trusted_devices_token_key').on(t.tokenHash)],
);

/** Refresh tokens are stored as SHA-256 hashes; `usedAt` marks a rotated (spent) token. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Single-use e-mail validation and password reset tokens, stored hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // staff_invite: a doctor or admin created by an admin sets their own password through it.
    // login_challenge: a sign-in's code step, written once it opened a session, so that its
    // challenge opens no second one (issue #18); stored already spent, never mailed.
    purpose: text('purpose', {
      enum: ['email_validation', 'password_reset', 'staff_invite', 'login_challenge'],
    }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Fixed-window counters shared by every API instance (rate limits live in the database). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Mails written when no SMTP server is configured: printed, and readable at /dev/mail. */
export const mailOutbox = pgTable('mail_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  attachments: jsonb('attachments')
    .$type<{ filename: string; content: string; contentType: string }[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  createdAt: createdAt(),
});

/** Security-relevant events (ARCHITECTURE.md §4). Never holds passwords or tokens. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Who acted (null for the system).
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    // Whose record the event is about, when it is a person's (a doctor reading a patient's
    // profile): what the patient's "who saw my data" and the admin's filter read.
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    ip: text('ip'),
    meta: jsonb('meta')
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_user_idx').on(t.userId, t.createdAt),
    index('audit_log_subject_idx').on(t.subjectUserId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * What happened in a consultation's room, for the doctor's console ("the patient waited 4
 * minutes") and for the 3-month record KBV Anlage 31b asks of a video service: who joined, when
 * the doctor admitted the patient from the waiting room, who left, and a summary of the call's
 * quality. Never media, never content (chat and files stay peer to peer).
 */
export const meetingEvents = pgTable(
  'meeting_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['joined', 'admitted', 'left'] }).notNull(),
    role: text('role', { enum: ['patient', 'doctor'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    // `left`: the connection's last quality summary (round trip, loss, bitrate), when it sent one.
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('meeting_events_appointment_idx').on(t.appointmentId, t.at)],
);

/**
 * A consultation for a person without an account (KBV Anlage 31b: statutory patients join
 * without registering). The person is a `users` row of type 'guest' that can never sign in; this
 * row holds their address and the link: a single-use token that, once opened, is bound to that
 * browser (only a hash of each is kept) and dies with the join window.
 */
export const guestInvitations = pgTable('guest_invitations', {
  appointmentId: uuid('appointment_id')
    .primaryKey()
    .references(() => appointments.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  linkTokenHash: text('link_token_hash').notNull().unique(),
  linkUsedAt: timestamp('link_used_at', { withTimezone: true }),
  // The secret the browser that opened the link keeps (an httpOnly cookie); every later request
  // of the guest shows it. Its sign-in session is what join tokens and sockets are bound to.
  deviceSecretHash: text('device_secret_hash').unique(),
  sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'set null' }),
  videoConsentAt: timestamp('video_consent_at', { withTimezone: true }),
  createdBy: uuid('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
});

// ---- between visits (issue #20) -----------------------------------------------------------

/**
 * What the bell shows: one row per event that matters to its reader. No health words — a kind,
 * the few values its text needs (an appointment's start and zone, who acted), and the link; the
 * text is written in the reader's language where it is shown.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    params: jsonb('params')
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    // A path of the web app (`/dashboard/appointments/…`), never an absolute URL.
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The bell's one query: the newest of one reader, and the count of the unread.
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** A reader's choice to get no e-mail for a kind of notification (essential kinds ignore it). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * A conversation between a patient and the practice: one per appointment (with its doctor) and
 * one general thread with the clinic (answered by its admins).
 */
export const messageThreads = pgTable(
  'message_threads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['appointment', 'clinic'] }).notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'cascade',
    }),
    // The practice decides whether the patient may write (a closed thread says so).
    patientMayReply: boolean('patient_may_reply').notNull().default(true),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_threads_appointment_key')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
    uniqueIndex('message_threads_clinic_key')
      .on(t.patientId)
      .where(sql`${t.kind} = 'clinic'`),
    index('message_threads_patient_idx').on(t.patientId, t.lastMessageAt),
  ],
);

/** One message of a thread; its text is health data, encrypted and bound to thread and message. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    senderRole: text('sender_role', { enum: ['patient', 'doctor', 'admin'] }).notNull(),
    bodyEncrypted: text('body_encrypted').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_thread_idx').on(t.threadId, t.createdAt)],
);

/** A file sent with a message (PDF, PNG, JPEG), checked by content and encrypted at rest. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    // AES-256-GCM: 12-byte IV, 16-byte tag, then the ciphertext.
    contentEncrypted: bytea('content_encrypted').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

/** Read receipts: how far each participant has read a thread. */
export const messageThreadReads = pgTable(
  'message_thread_reads',
  {
    threadId: uuid('thread_id')
      .notNull()
      .references(() => messageThreads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.threadId, t.userId] })],
);

/**
 * A follow-up visit the doctor proposes after a consultation: slots of their own (or "in about N
 * weeks"), a note for the patient (health data, encrypted), the price, until it expires.
 */
export const followUpProposals = pgTable(
  'follow_up_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The consultation it follows.
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // The offered starts (UTC instants), in the doctor's order of preference.
    slots: jsonb('slots')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    suggestedWeeks: integer('suggested_weeks'),
    noteEncrypted: text('note_encrypted'),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    status: text('status', {
      enum: ['open', 'accepted', 'withdrawn', 'expired'],
    }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAppointmentId: uuid('accepted_appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('follow_up_proposals_patient_idx').on(t.patientId, t.createdAt),
    index('follow_up_proposals_appointment_idx').on(t.appointmentId),
  ],
);

/**
 * "Tell me if something earlier frees up": a patient waiting for a doctor (or a specialty),
 * optionally to move an upcoming appointment earlier. First come, first served.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id').references(() => users.id),
    specialty: text('specialty'),
    // The paid appointment to move earlier; none for a patient who found no convenient slot.
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'cascade',
    }),
    status: text('status', {
      enum: ['waiting', 'fulfilled', 'cancelled', 'expired'],
    }).notNull(),
    // The original start, or the end of the search: no offer after it.
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_entries_doctor_idx')
      .on(t.doctorId, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_specialty_idx')
      .on(t.specialty, t.createdAt)
      .where(sql`${t.status} = 'waiting'`),
    index('waitlist_entries_patient_idx').on(t.patientId),
  ],
);

/** A freed slot offered to a waiting patient; the first to take it gets it. */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull(),
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('waitlist_offers_entry_slot_key').on(t.entryId, t.doctorId, t.startsAt)],
);

/**
 * Every document Vizita issues, registered so that anyone holding it can check it (ADR 0037):
 * what it is, who issued it when, for how long it holds, the SHA-256 of its canonical content and
 * an Ed25519 signature — never the content itself, which stays with the module that issued it.
 */
export const issuedDocuments = pgTable(
  'issued_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Printed beside the QR code for typing in on /verify: Crockford base32, no I, L, O or U.
    shortCode: text('short_code').notNull(),
    kind: text('kind', {
      enum: ['prescription', 'sick-note', 'referral', 'visit-summary', 'invoice', 'credit-note'],
    }).notNull(),
    // The issuing module's own record (an invoice's id …): one registration each.
    sourceId: uuid('source_id').notNull(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id').references(() => users.id),
    appointmentId: uuid('appointment_id').references(() => appointments.id, {
      onDelete: 'set null',
    }),
    // Who issued it as the document says, frozen at issue: the doctor's name and the clinic.
    issuer: jsonb('issuer').$type<Record<string, unknown>>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until'),
    contentHash: text('content_hash').notNull(),
    signature: text('signature').notNull(),
    keyId: text('key_id').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by').references(() => users.id),
    // The doctor's words may name a health detail: encrypted like the notes.
    revokeReasonEncrypted: text('revoke_reason_encrypted'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issued_documents_short_code_key').on(t.shortCode),
    uniqueIndex('issued_documents_source_key').on(t.kind, t.sourceId),
    index('issued_documents_patient_idx').on(t.patientId),
    index('issued_documents_doctor_idx').on(t.doctorId),
  ],
);

/**
 * Prescriptions, sick notes and referrals a doctor issues from a consultation (issue #21,
 * modules/clinical-documents). A document is its kind and its people; what it says is in its
 * versions: a correction is a new version, the old ones kept, each registered and signed for
 * verification (issued_documents, ADR 0037) — whose revocation is the document's.
 */
export const clinicalDocuments = pgTable(
  'clinical_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['prescription', 'sick-note', 'referral'] }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('clinical_documents_appointment_idx').on(t.appointmentId),
    index('clinical_documents_patient_idx').on(t.patientId),
  ],
);

/** One version of a clinical document: its content and the facts printed beside it, encrypted. */
export const clinicalDocumentVersions = pgTable(
  'clinical_document_versions',
  {
    // The source id of the version's registration for verification.
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => clinicalDocuments.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    // AES-256-GCM, bound to `clinical-document:<document>:<version>` (ADR 0009).
    contentEncrypted: text('content_encrypted').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('clinical_document_versions_key').on(t.documentId, t.version)],
);

/**
 * A "see a doctor now" visit while it waits (issue #22, ADR 0042): the appointment (plan
 * `on-demand`, no doctor yet) with what the patient asked for. It joins the queue when paid
 * (`queuedAt`); the first free doctor of the specialty who speaks the language takes it, or it
 * ends — timed out at `givesUpAt`, or left — and is refunded in full.
 */
export const onDemandRequests = pgTable(
  'on_demand_requests',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    specialty: text('specialty').notNull(),
    language: text('language').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    givesUpAt: timestamp('gives_up_at', { withTimezone: true }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: ['taken', 'timed_out', 'left', 'unpaid'] }),
  },
  (t) => [
    // The queue itself: paid, not ended, oldest first.
    index('on_demand_requests_waiting_idx')
      .on(t.specialty, t.queuedAt)
      .where(sql`${t.queuedAt} is not null and ${t.endedAt} is null`),
  ],
);

/** A doctor "available now" for on-demand patients until `until` (switched on by her or an admin). */
export const doctorOnCall = pgTable('doctor_on_call', {
  doctorId: uuid('doctor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  until: timestamp('until', { withTimezone: true }).notNull(),
  setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
