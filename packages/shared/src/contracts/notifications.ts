import * as z from 'zod/mini';
import { NAME_MAX } from '../constants.ts';
import { safeLine } from './field-checks.ts';
import { successSchema } from './api-response.ts';

// The bell (issue #20): events that matter to their reader, in the reader's language where they
// are shown, never with a health word — a kind, a few values for its text, and a link.

import { NOTIFICATION_KINDS, type NotificationKind } from '../domain/notification-kinds.ts';

/** Who acted, for moved, cancelled and reassigned: the patient, the doctor or the clinic. */
export const NOTIFICATION_ACTORS = ['patient', 'doctor', 'clinic'] as const;

/**
 * The values a notification's text may use. Each is optional; none is a health word (no reason,
 * no diagnosis, no message text): an appointment's start (ISO instant) and the doctor's zone,
 * a person's display name, who acted. Anything else a caller passes is dropped, never stored.
 */
export const notificationParamsSchema = z.object({
  startsAt: z.optional(z.iso.datetime({ offset: true })),
  timeZone: z.optional(z.string().check(z.maxLength(64))),
  /** The other person: the doctor for a patient, the patient for a doctor. */
  // A title and two names, each at most NAME_MAX.
  name: z.optional(z.string().check(z.maxLength(3 * NAME_MAX + 2))),
  by: z.optional(z.enum(NOTIFICATION_ACTORS)),
});
export type NotificationParams = z.infer<typeof notificationParamsSchema>;

/** A notification's link: a path of the web app, never an absolute URL (no open redirect). */
export const NOTIFICATION_LINK_PATTERN = /^\/(?!\/)[\w\-./?=&%]*$/;

/** One page of the bell's panel: what fits a phone's screen twice; older ones page on. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** Pages beyond this are not served: 2,000 notifications is months of a busy doctor's days. */
export const NOTIFICATIONS_PAGE_MAX = 100;
/** The badge shows "99+" above this: a larger number tells the reader nothing more. */
export const UNREAD_BADGE_MAX = 99;

/** GET /api/notifications?page= — newest first. */
export const notificationListQuerySchema = z.strictObject({
  page: z.optional(
    z.coerce
      .number('invalidValue')
      .check(
        z.int('invalidValue'),
        z.minimum(1, 'invalidValue'),
        z.maximum(NOTIFICATIONS_PAGE_MAX, 'invalidValue'),
      ),
  ),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/**
 * The params as the bell serves them: the same four keys — anything else is stripped here too —
 * without checking again, on every read, the instant that `notify()` checked once when it stored
 * it (the bell is read by every signed-in page: issue #20's hot read).
 */
const notificationParamsViewSchema = z.object({
  startsAt: z.optional(z.string()),
  timeZone: z.optional(z.string()),
  name: z.optional(z.string()),
  by: z.optional(z.enum(NOTIFICATION_ACTORS)),
});

export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  params: notificationParamsViewSchema,
  link: z.string(),
  createdAt: z.string(),
  /** When the reader opened it (or marked all read); null while unread. */
  readAt: z.nullable(z.string()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** The bell: how many are unread, and one page of the reader's notifications. */
export const notificationPageSchema = z.object({
  unread: z.number(),
  items: z.array(notificationSchema),
  page: z.number(),
  /** Whether an older page exists. */
  hasMore: z.boolean(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
export const notificationListResponseSchema = successSchema(notificationPageSchema);

/** Marking one or all read answers the unread count that remains. */
export const notificationUnreadResponseSchema = successSchema(z.object({ unread: z.number() }));

// --- e-mail preferences --------------------------------------------------------------------------

/**
 * The kinds that also reach their reader by e-mail: the appointment's own mails (confirmation,
 * reminders, changes, refund, the doctor's notices) and, for what has no mail of its own, the
 * notifications module's "something is waiting for you" mail. A doctor's waiting patient is told
 * only while the console is open: by the time a mail is read, the call is over.
 */
export const EMAIL_NOTIFICATION_KINDS = [
  'bookingConfirmed',
  'appointmentReminder',
  'appointmentMoved',
  'appointmentCancelled',
  'appointmentReassigned',
  'refundIssued',
  'documentShared',
  'followUpProposed',
  'earlierSlotOffered',
  'newBooking',
  'patientCancelled',
  'messageReceived',
] as const satisfies readonly NotificationKind[];
export type EmailNotificationKind = (typeof EMAIL_NOTIFICATION_KINDS)[number];

/**
 * E-mails that cannot be turned off: an appointment that is cancelled, moved or given to another
 * doctor changes where the reader must be and when, and a reader who is not looking must still
 * learn it. (The account's security mails — a changed password, a reset — are no notifications
 * and always go.)
 */
export const ESSENTIAL_EMAIL_KINDS = [
  'appointmentCancelled',
  'patientCancelled',
  'appointmentMoved',
  'appointmentReassigned',
] as const satisfies readonly EmailNotificationKind[];
export type EssentialEmailKind = (typeof ESSENTIAL_EMAIL_KINDS)[number];

/** The e-mails a reader may turn off: every e-mailed kind but the essential ones. */
export const OPTIONAL_EMAIL_KINDS = EMAIL_NOTIFICATION_KINDS.filter(
  (kind): kind is Exclude<EmailNotificationKind, EssentialEmailKind> =>
    !(ESSENTIAL_EMAIL_KINDS as readonly string[]).includes(kind),
);
export type OptionalEmailKind = (typeof OPTIONAL_EMAIL_KINDS)[number];

/** Which e-mailed kinds a person in each role can receive (the preferences they are shown). */
export const EMAIL_KINDS_BY_ROLE = {
  patient: [
    'bookingConfirmed',
    'appointmentReminder',
    'appointmentMoved',
    'appointmentCancelled',
    'appointmentReassigned',
    'refundIssued',
    'documentShared',
    'followUpProposed',
    'earlierSlotOffered',
    'messageReceived',
  ],
  doctor: [
    'newBooking',
    'patientCancelled',
    'appointmentMoved',
    'appointmentCancelled',
    'appointmentReassigned',
    'messageReceived',
  ],
  admin: ['messageReceived'],
} as const satisfies Record<'patient' | 'doctor' | 'admin', readonly EmailNotificationKind[]>;

export const isEssentialEmailKind = (kind: string): kind is EssentialEmailKind =>
  (ESSENTIAL_EMAIL_KINDS as readonly string[]).includes(kind);

/** One kind's e-mail: whether it is sent, and whether the reader may change that. */
export const emailPreferenceSchema = z.object({
  kind: z.enum(EMAIL_NOTIFICATION_KINDS),
  email: z.boolean(),
  essential: z.boolean(),
});
export type EmailPreference = z.infer<typeof emailPreferenceSchema>;
export const emailPreferencesResponseSchema = successSchema(
  z.object({ email: z.array(emailPreferenceSchema) }),
);

/** PUT /api/notifications/preferences — the kinds to change; an essential kind is refused. */
export const updateEmailPreferencesSchema = z.strictObject({
  email: z
    .array(z.strictObject({ kind: z.enum(OPTIONAL_EMAIL_KINDS), email: z.boolean() }))
    .check(z.maxLength(OPTIONAL_EMAIL_KINDS.length, 'invalidValue')),
});
export type UpdateEmailPreferences = z.infer<typeof updateEmailPreferencesSchema>;

// --- the live socket -----------------------------------------------------------------------------

/**
 * A ticket lives this long: long enough to open the socket it was fetched for, too short to be
 * worth stealing from a log. The socket itself lives on after it (it is checked at the upgrade).
 */
export const BELL_TICKET_LIFETIME_MS = 60_000;

/** GET /api/notifications/socket — where the page opens its bell's socket, ticket included. */
export const bellSocketResponseSchema = successSchema(
  z.object({ url: z.string(), expiresAt: z.string() }),
);

/**
 * How long before its socket's ticket the reads a page shows may have been served, at most, as
 * the bell counts them (ADR 0054): a change of the bell within this window makes the socket's
 * "ready" say `changedSinceTicket`. A page that measured how long it has been reading narrows the
 * window (BELL_READS_WITHIN_PARAM, ADR 0060).
 */
export const BELL_READ_WINDOW_MAX_MS = 30_000;

/**
 * The bell socket's query parameter in which a page tells, in ms, how long before its ticket's
 * answer arrived it began the reads it shows — measured on the page's own clock, so no clock is
 * compared with another.
 */
export const BELL_READS_WITHIN_PARAM = 'readsWithinMs';

/** GET /ws/notifications — the socket's query: its ticket, and what the page measured. */
export const bellSocketQuerySchema = z.object({
  token: z.optional(z.string().check(z.maxLength(4096), safeLine())),
  [BELL_READS_WITHIN_PARAM]: z.optional(
    z.coerce
      .number('invalidValue')
      .check(
        z.int('invalidValue'),
        z.minimum(0, 'invalidValue'),
        z.maximum(BELL_READ_WINDOW_MAX_MS, 'invalidValue'),
      ),
  ),
});

/** Version of the bell socket's messages: two releases may serve one page during a deploy. */
export const BELL_PROTOCOL_VERSION = 1;

/** What the server says on the bell socket; the page sends nothing but the browser's pongs. */
export const bellServerMessageSchema = z.discriminatedUnion('type', [
  /**
   * The socket is open for this reader. `changedSinceTicket`: whether the bell changed since a
   * little before this socket's ticket was issued — what the page read as it opened may miss
   * that change, so it fetches again; when false, what it read is current. Absent from an older
   * server's "ready": then fetch, as then.
   */
  z.object({
    v: z.literal(BELL_PROTOCOL_VERSION),
    type: z.literal('ready'),
    changedSinceTicket: z.optional(z.boolean()),
  }),
  /** The reader's bell changed (a new notification, one read elsewhere): fetch it again. */
  z.object({ v: z.literal(BELL_PROTOCOL_VERSION), type: z.literal('changed') }),
]);
export type BellServerMessage = z.infer<typeof bellServerMessageSchema>;

/** Close codes of the bell socket (the 4000s are the application's). */
export const BELL_SOCKET_CLOSE = {
  /** The ticket is wrong or expired, or the sign-in session ended: fetch a new ticket (or stop). */
  unauthorized: 4401,
  /** The page is not the app's own (another site's): do not retry. */
  forbidden: 4403,
} as const;
