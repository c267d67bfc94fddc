// How long Vizita keeps what it does not need for a person's account (GDPR Art. 5(1)(e), ADR 0026).
// One table for the code that prunes and for the reader: the privacy notice (apps/web/src/legal)
// and docs/operations.md name the same periods.

const DAY_MS = 86_400_000;

export const RETENTION = {
  /** Rate-limit counters: the longest window is one day (the login back-off). */
  rateLimitCounters: { days: 1, why: 'only the current window counts' },
  /** Sessions and their refresh tokens, after they expired or were ended. */
  endedSessions: { days: 30, why: 'investigating a misuse of the account' },
  /**
   * E-mail validation, password reset and staff invitation links, and the spent challenges of
   * two-factor sign-ins (issue #18), after use or expiry.
   */
  oneTimeTokens: { days: 7, why: 'telling "this link was used" from "this link is wrong"' },
  /** Registrations whose e-mail address was never confirmed. */
  unconfirmedRegistrations: { days: 30, why: 'the link of the validation mail may arrive late' },
  /** Background jobs (reminders, refunds, mails) that are done. */
  doneJobs: { days: 30, why: 'answering "was I told?"' },
  /** Background jobs that gave up, left for an operator. */
  failedJobs: { days: 90, why: 'an operator looking into the failure' },
  /** Mails written to the outbox when no SMTP server is configured (development). */
  mailOutbox: { days: 30, why: 'reading them at /dev/mail' },
  /** Checkout pages of the built-in payment provider, after completion or expiry. */
  localCheckoutSessions: { days: 30, why: 'a late webhook or a patient reloading the page' },
  /**
   * A guest's invitation (their e-mail address and the link's hashes, ADR 0028), after the
   * consultation's start: the name on the appointment stays like any patient's.
   */
  guestInvitations: { days: 30, why: 'a guest asking about the invitation they received' },
  /** The audit log: sign-ins, reads of a patient's record, admin actions. */
  auditLog: { days: 730, why: 'security investigations and the patient\'s "who opened my record"' },
  /**
   * Video-call metadata (joins, admissions, leaves, quality summaries): at most three months (KBV
   * Anlage 31b, § 5).
   */
  meetingMetadata: { days: 90, why: 'the certification rules of video consultations' },
  /**
   * Earlier-time alerts and the times they were offered (issue #20), after the alert's end (the
   * appointment's original start, or the end of the search).
   */
  waitlistEntries: { days: 30, why: 'a patient asking why they were or were not offered a time' },
  /**
   * Notifications the reader has read (issue #20): the bell's history. Unread ones stay until
   * they are read or the account is deleted — what nobody has seen yet is not history.
   */
  readNotifications: { days: 90, why: 'the bell\'s history: "what was I told last month?"' },
} as const satisfies Record<string, { days: number; why: string }>;

export type RetentionRule = keyof typeof RETENTION;

/** The instant before which a rule's rows are gone, as seen at `now`. */
export const cutoff = (rule: RetentionRule, now: Date) =>
  new Date(now.getTime() - RETENTION[rule].days * DAY_MS);
