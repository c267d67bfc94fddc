import type { Notification } from '@vizita/shared/contracts/notifications';
import { formatShortDateTime } from '../../../lib/dates';

/** Who reads the bell: a patient, or staff (a doctor, an admin) — a few texts differ. */
export type Audience = 'patient' | 'staff';

type Title = {
  /** With the other person's name (and the time, when `when`). */
  full: string;
  /** Without them: for a notification that lost its name (an erased account's, say). */
  short: string;
  when: boolean;
  /** False for a text that names nobody (the clinic's message): always the full one. */
  name?: false;
};

// Literal keys, one per text (the locales test finds every key used in the source).
const TITLES = {
  bookingConfirmed: {
    full: 'kinds.bookingConfirmed.full',
    short: 'kinds.bookingConfirmed.short',
    when: true,
  },
  appointmentReminder: {
    full: 'kinds.appointmentReminder.full',
    short: 'kinds.appointmentReminder.short',
    when: true,
  },
  appointmentMoved: {
    full: 'kinds.appointmentMoved.full',
    short: 'kinds.appointmentMoved.short',
    when: true,
  },
  appointmentMovedByPatient: {
    full: 'kinds.appointmentMovedByPatient.full',
    short: 'kinds.appointmentMovedByPatient.short',
    when: true,
  },
  appointmentMovedByDoctor: {
    full: 'kinds.appointmentMovedByDoctor.full',
    short: 'kinds.appointmentMovedByDoctor.short',
    when: true,
  },
  appointmentCancelled: {
    full: 'kinds.appointmentCancelled.full',
    short: 'kinds.appointmentCancelled.short',
    when: true,
  },
  appointmentCancelledByDoctor: {
    full: 'kinds.appointmentCancelledByDoctor.full',
    short: 'kinds.appointmentCancelledByDoctor.short',
    when: true,
  },
  appointmentCancelledByClinic: {
    full: 'kinds.appointmentCancelledByClinic.full',
    short: 'kinds.appointmentCancelledByClinic.short',
    when: true,
  },
  appointmentReassignedPatient: {
    full: 'kinds.appointmentReassignedPatient.full',
    short: 'kinds.appointmentReassignedPatient.short',
    when: true,
  },
  appointmentReassignedStaff: {
    full: 'kinds.appointmentReassignedStaff.full',
    short: 'kinds.appointmentReassignedStaff.short',
    when: true,
  },
  refundIssued: { full: 'kinds.refundIssued.full', short: 'kinds.refundIssued.short', when: true },
  documentShared: {
    full: 'kinds.documentShared.full',
    short: 'kinds.documentShared.short',
    when: false,
  },
  followUpProposed: {
    full: 'kinds.followUpProposed.full',
    short: 'kinds.followUpProposed.short',
    when: false,
  },
  followUpWithdrawn: {
    full: 'kinds.followUpWithdrawn.full',
    short: 'kinds.followUpWithdrawn.short',
    when: false,
  },
  earlierSlotOffered: {
    full: 'kinds.earlierSlotOffered.full',
    short: 'kinds.earlierSlotOffered.short',
    when: true,
  },
  // A prescription request (issue #21) holds no time: its texts name none, nor the medicine.
  requestReceived: {
    full: 'kinds.requestReceived.full',
    short: 'kinds.requestReceived.short',
    when: false,
  },
  requestDeclined: {
    full: 'kinds.requestDeclined.full',
    short: 'kinds.requestDeclined.short',
    when: false,
  },
  requestLapsed: {
    full: 'kinds.requestLapsed.full',
    short: 'kinds.requestLapsed.short',
    when: false,
  },
  newBooking: { full: 'kinds.newBooking.full', short: 'kinds.newBooking.short', when: true },
  newBookingByClinic: {
    full: 'kinds.newBookingByClinic.full',
    short: 'kinds.newBookingByClinic.short',
    when: true,
  },
  newRequest: { full: 'kinds.newRequest.full', short: 'kinds.newRequest.short', when: false },
  patientCancelled: {
    full: 'kinds.patientCancelled.full',
    short: 'kinds.patientCancelled.short',
    when: true,
  },
  patientWaiting: {
    full: 'kinds.patientWaiting.full',
    short: 'kinds.patientWaiting.short',
    when: false,
  },
  messageReceived: {
    full: 'kinds.messageReceived.full',
    short: 'kinds.messageReceived.short',
    when: false,
  },
  messageReceivedFromClinic: {
    full: 'kinds.messageReceivedFromClinic.full',
    short: 'kinds.messageReceivedFromClinic.full',
    when: false,
    name: false,
  },
} as const satisfies Record<string, Title>;
type TitleName = keyof typeof TITLES;

/** Which text a notification gets: by its kind, who acted, and who reads it. */
function titleOf({ kind, params }: Pick<Notification, 'kind' | 'params'>, audience: Audience) {
  const name: TitleName = (() => {
    switch (kind) {
      case 'appointmentMoved':
        if (params.by === 'patient') return 'appointmentMovedByPatient';
        return params.by === 'doctor' ? 'appointmentMovedByDoctor' : 'appointmentMoved';
      case 'appointmentCancelled':
        if (params.by === 'doctor') return 'appointmentCancelledByDoctor';
        return params.by === 'clinic' ? 'appointmentCancelledByClinic' : 'appointmentCancelled';
      case 'appointmentReassigned':
        return audience === 'patient'
          ? 'appointmentReassignedPatient'
          : 'appointmentReassignedStaff';
      case 'newBooking':
        return params.by === 'clinic' ? 'newBookingByClinic' : 'newBooking';
      // The clinic declines a request only when its deadline passed unanswered.
      case 'requestDeclined':
        return params.by === 'clinic' ? 'requestLapsed' : 'requestDeclined';
      case 'bookingConfirmed':
      case 'appointmentReminder':
      case 'refundIssued':
      case 'documentShared':
      case 'followUpProposed':
      case 'followUpWithdrawn':
      case 'earlierSlotOffered':
      case 'requestReceived':
      case 'newRequest':
      case 'patientCancelled':
      case 'patientWaiting':
        return kind;
      case 'messageReceived':
        return params.by === 'clinic' ? 'messageReceivedFromClinic' : 'messageReceived';
    }
  })();
  return TITLES[name];
}

/**
 * A notification's text key and its values, in the reader's language: the other person's name
 * and the appointment's time in the reader's own zone (ADR 0019) when it has them, else the
 * shorter text without them. Never anything else: notifications hold no health words.
 */
export function notificationTitle(
  notification: Pick<Notification, 'kind' | 'params'>,
  audience: Audience,
): { key: string; values: Record<string, string> } {
  const title: Title = titleOf(notification, audience);
  if (title.name === false) return { key: title.full, values: {} };
  const { name, startsAt } = notification.params;
  const when = startsAt ? formatShortDateTime(startsAt) : null;
  if (!name || (title.when && !when)) return { key: title.short, values: {} };
  return { key: title.full, values: { name, ...(title.when && when ? { when } : {}) } };
}
