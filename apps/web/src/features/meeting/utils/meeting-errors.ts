import type { Appointment } from '@vizita/shared/contracts/appointments';
import { hasVideoCall } from '@vizita/shared/domain/join-window';
import type { ApiErrorCode } from '@vizita/shared/messages/api-errors';
import { errorKey, isApiError } from '../../../lib/api-client';

// Spec §8 "Meeting": the screen says why it cannot join, in the user's language, chosen by the
// API's code — never the server's English. Values are literal keys of the `appointments`
// namespace.

const CODE_KEYS = {
  meetingNotConsultation: 'meeting.errors.notConsultation',
  meetingCancelled: 'meeting.errors.cancelled',
  meetingNotAvailable: 'meeting.errors.notAvailable',
  meetingNotJoinable: 'meeting.errors.notJoinable',
  meetingEnded: 'meeting.errors.ended',
  appointmentNotFound: 'meeting.errors.notFound',
  videoProviderUnavailable: 'meeting.errors.providerUnavailable',
} as const satisfies Partial<Record<ApiErrorCode, string>>;

export type MeetingErrorKey =
  | (typeof CODE_KEYS)[keyof typeof CODE_KEYS]
  | 'meeting.errors.noMeetingUrl'
  | 'meeting.errors.loadFailed'
  | 'meeting.errors.initFailed'
  | 'meeting.errors.invalidResponse';

/** Loading the appointment failed: a known code, else "Failed to load appointment details". */
export function appointmentErrorKey(error: unknown): MeetingErrorKey {
  const known = errorKey(error, CODE_KEYS, null);
  if (known) return known;
  if (isApiError(error) && error.statusCode === 404) return 'meeting.errors.notFound';
  // An answer we could not read.
  return isApiError(error) ? 'meeting.errors.loadFailed' : 'meeting.errors.invalidResponse';
}

/** The join call failed: a known code, else "Failed to initialize video call". */
export function joinErrorKey(error: unknown): MeetingErrorKey {
  return errorKey(
    error,
    CODE_KEYS,
    isApiError(error) ? 'meeting.errors.initFailed' : 'meeting.errors.invalidResponse',
  );
}

/**
 * Spec §4 "Meeting": the appointment cannot have a call at all — not a consultation, cancelled,
 * no meeting URL. (Not joinable *now* is the overlay's business, not an error.)
 */
export function appointmentRefusalKey(
  appointment: Pick<Appointment, 'plan' | 'status' | 'meetingUrl'>,
): MeetingErrorKey | null {
  if (!hasVideoCall(appointment.plan)) return 'meeting.errors.notConsultation';
  if (appointment.status === 'cancelled') return 'meeting.errors.cancelled';
  if (!appointment.meetingUrl) return 'meeting.errors.noMeetingUrl';
  return null;
}
