/**
 * Error codes the API answers with, and their English `message`. The English texts that the
 * spec's client matches on (§8: "Email or password is incorrect", "already validated",
 * "Current password is incorrect", "Too many login attempts…") are quoted exactly; the web app
 * shows its own translated text per code, so no server English reaches a Bulgarian screen.
 */
export const API_ERRORS = {
  validationFailed: 'Validation failed',
  malformedBody: 'The request body is not valid JSON',
  payloadTooLarge: 'The request body is too large',
  unsupportedMediaType: 'Unsupported content type',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  internal: 'Something went wrong on our side. Please try again.',
  tooManyRequests: 'Too many requests, please try again later.',
  authRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  invalidCredentials: 'Email or password is incorrect',
  emailNotValidated: 'Please validate your email before logging in',
  tooManyLoginAttempts: 'Too many login attempts, please try again later.',
  sessionExpired: 'Failed to refresh token',
  validationTokenInvalid: 'Invalid or expired validation link',
  emailAlreadyValidated: 'Email already validated',
  resendWait: 'Please wait before requesting another validation email',
  resetWait: 'Please wait before requesting another reset email',
  resetTokenInvalid: 'Invalid reset token',
  resetTokenExpired: 'Reset link has expired',
  currentPasswordIncorrect: 'Current password is incorrect',
  doctorNotFound: 'Doctor not found',
  appointmentNotFound: 'Appointment not found',
  slotTaken: 'This time slot is no longer available. Please choose a different time.',
  slotNotOffered: 'This time is not one of the doctor’s available slots.',
  profileIncomplete: 'Please complete your profile before booking an appointment.',
  paymentSessionNotFound: 'Payment session not found',
  paymentProviderUnavailable: 'The payment provider could not be reached. Please try again.',
  devPaymentsDisabled: 'Development payments are not available in production',
  appointmentNotUpcoming: 'Only upcoming appointments can be cancelled or rescheduled',
  appointmentStarted: 'This appointment has already started and can no longer be rescheduled',
  rescheduleWindow: 'An appointment can be moved to a time within the next 14 days only',
  receiptLinkInvalid:
    'This receipt link is invalid or has expired. Open it again from your billing history.',
  meetingNotConsultation: 'This appointment is not a video consultation',
  meetingCancelled: 'This appointment has been cancelled',
  meetingNotAvailable: 'This appointment is not available yet',
  meetingNotJoinable: 'Meeting not joinable yet. Please try again closer to the appointment time.',
  meetingEnded: 'This meeting has ended',
  meetingTokenInvalid: 'This meeting link has expired. Please join again.',
  videoProviderUnavailable: 'The video service could not be reached. Please try again.',
  registrationRateLimited: 'Too many registrations from this address, please try again later.',
} as const;

export type ApiErrorCode = keyof typeof API_ERRORS;

/** Success messages the API answers with (English; the web app shows its own translations). */
export const API_MESSAGES = {
  registered: 'Registration successful. Please check your email to validate your account.',
  emailValidated: 'Email validated successfully',
  validationEmailSent: 'If an account needs validation, a new email has been sent.',
  resetEmailSent: 'If an account exists for this address, a reset link has been sent.',
  passwordReset: 'Password has been reset',
  passwordChanged: 'Password changed successfully',
  loggedOut: 'Logged out',
  appointmentCancelled: 'Appointment cancelled successfully',
  appointmentRescheduled: 'Appointment rescheduled successfully',
} as const;
