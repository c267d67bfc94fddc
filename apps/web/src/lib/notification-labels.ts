import type { EmailNotificationKind } from '@vizita/shared/contracts/notifications';

/**
 * Each kind of notification whose e-mail can be chosen, by its label in the `notifications`
 * namespace: the profile's e-mail choices and the readable data export name them alike.
 */
export const EMAIL_KIND_KEYS = {
  bookingConfirmed: 'email.kinds.bookingConfirmed',
  appointmentReminder: 'email.kinds.appointmentReminder',
  appointmentMoved: 'email.kinds.appointmentMoved',
  appointmentCancelled: 'email.kinds.appointmentCancelled',
  appointmentReassigned: 'email.kinds.appointmentReassigned',
  refundIssued: 'email.kinds.refundIssued',
  documentShared: 'email.kinds.documentShared',
  followUpProposed: 'email.kinds.followUpProposed',
  earlierSlotOffered: 'email.kinds.earlierSlotOffered',
  newBooking: 'email.kinds.newBooking',
  patientCancelled: 'email.kinds.patientCancelled',
  messageReceived: 'email.kinds.messageReceived',
} as const satisfies Record<EmailNotificationKind, string>;
