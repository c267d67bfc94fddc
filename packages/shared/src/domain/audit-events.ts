/**
 * Every event the audit log records (apps/api `audit()` accepts no other). The clinic's audit view
 * names each in the reader's language; the code stays beside it, as the filter matches codes.
 */
export const AUDIT_EVENTS = [
  'user.registered',
  'user.register_existing',
  'user.email_validated',
  'auth.login',
  'auth.login_failed',
  'auth.login_throttled',
  'auth.logout',
  'auth.refresh_reuse_detected',
  'auth.reset_requested',
  'auth.password_reset',
  'auth.password_changed',
  'auth.change_password_failed',
  'auth.invite_accepted',
  'profile.updated',
  'patient_profile.read',
  'booking.hold_created',
  'booking.paid',
  'payment.refunded',
  'appointment.rescheduled',
  'appointment.cancelled',
  'appointment.outcome',
  'meeting.joined',
  'consultation_notes.saved',
  'document.shared',
  'document.corrected',
  'document.downloaded',
  'doctor.profile_updated',
  'doctor.photo_updated',
  'schedule.weekly_updated',
  'schedule.time_off_added',
  'schedule.extra_hours_added',
  'schedule.exception_removed',
  'admin.admin_created',
  'admin.doctor_created',
  'admin.doctor_invited',
  'admin.doctor_invite_resent',
  'admin.doctor_updated',
  'admin.doctor_deactivated',
  'admin.doctor_reactivated',
  'admin.appointment_cancelled',
  'admin.appointment_reassigned',
  'admin.payment_refunded',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

export const isAuditEvent = (value: string): value is AuditEvent =>
  (AUDIT_EVENTS as readonly string[]).includes(value);
