// The kinds of the bell's notifications (issue #20), without zod: the web app's bell checks what it
// is sent against them on every signed-in page, where the contract's schemas would weigh (ADR 0010).

/** Every kind of notification, for patients and for staff. */
export const NOTIFICATION_KINDS = [
  // The patient's
  'bookingConfirmed',
  'appointmentReminder',
  'appointmentMoved',
  'appointmentCancelled',
  'appointmentReassigned',
  'refundIssued',
  'documentShared',
  'followUpProposed',
  'followUpWithdrawn',
  'earlierSlotOffered',
  'requestReceived',
  'requestDeclined',
  // The doctor's
  'newBooking',
  'newRequest',
  'patientCancelled',
  'patientWaiting',
  // Anyone's
  'messageReceived',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
