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
  serviceBusy: 'The service is busy. Please try again in a few seconds.',
  authRequired: 'Authentication required',
  adminRequired: 'Admin access required',
  doctorRequired: 'Doctor access required',
  patientRequired: 'Patient access required',
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
  twoFactorCodeWrong: 'That code is not right. Please try again with the current code.',
  twoFactorChallengeExpired: 'The sign-in took too long. Please sign in again.',
  twoFactorRequired: 'Set up two-factor sign-in to continue.',
  twoFactorAlreadyEnabled: 'Two-factor sign-in is already on.',
  twoFactorNotEnabled: 'Two-factor sign-in is not on.',
  twoFactorSetupMissing: 'Please start the setup of two-factor sign-in again.',
  twoFactorStaffRequired: 'Doctors and administrators keep two-factor sign-in on.',
  twoFactorCodeNeeded: 'Enter the code from your authenticator app to confirm.',
  sessionNotFound: 'This device is not signed in.',
  doctorNotFound: 'Doctor not found',
  appointmentNotFound: 'Appointment not found',
  scheduleConflict: 'Booked appointments fall outside these hours',
  scheduleExceptionNotFound: 'Schedule change not found',
  photoTypeInvalid: 'Please upload a JPEG, PNG or WebP image',
  photoTooLarge: 'The photo must be at most 2 MB',
  photoDimensionsInvalid: 'The photo must be between 64 and 4096 pixels on each side',
  emailTaken: 'An account with this e-mail address already exists',
  paymentNotRefundable: 'Only a completed payment can be refunded',
  inviteTokenInvalid: 'This invitation link is invalid or has already been used',
  inviteTokenExpired: 'This invitation link has expired. Ask your clinic for a new one.',
  inviteAlreadyAccepted: 'This doctor has already accepted the invitation',
  notesLocked: 'Notes can be written from the consultation until 7 days after it',
  notesChanged: 'The notes were changed meanwhile. Please reload and try again.',
  appointmentNotStarted: 'The appointment has not started yet',
  outcomeLocked: 'The outcome can no longer be changed',
  documentNotFound: 'Document not found',
  notificationNotFound: 'Notification not found',
  documentTypeInvalid: 'Only PDF, PNG and JPEG files can be shared',
  documentsClosed: 'Documents can be shared from the consultation until 30 days after it',
  documentChanged: 'The document was changed meanwhile. Please reload and try again.',
  threadNotFound: 'Conversation not found',
  threadClosed: 'The practice has closed replies in this conversation.',
  messagesWindowClosed:
    'Messages about this appointment are closed 30 days after it, or when it was cancelled. Please write to the clinic.',
  attachmentNotFound: 'Attachment not found',
  practiceOnly: 'Only the practice can allow or stop replies in a conversation.',
  messageRateLimited: 'You have sent many messages in the last hour. Please try again later.',
  slotTaken: 'This time slot is no longer available. Please choose a different time.',
  slotNotOffered: 'This time is not one of the doctor’s available slots.',
  tooManyHolds:
    'You have unfinished payments for other appointments. Complete or cancel them before booking another.',
  profileIncomplete: 'Please complete your profile before booking an appointment.',
  paymentSessionNotFound: 'Payment session not found',
  paymentProviderUnavailable: 'The payment provider could not be reached. Please try again.',
  devPaymentsDisabled: 'Development payments are not available in production',
  appointmentNotUpcoming: 'Only upcoming appointments can be cancelled or rescheduled',
  appointmentStarted: 'This appointment has already started and can no longer be rescheduled',
  rescheduleWindow: 'An appointment can be moved to a time within the next 14 days only',
  rescheduleTooLate:
    'An appointment can be moved until 24 hours before its start. You can still cancel it.',
  cancelTooLate:
    'This consultation has begun: record its outcome instead. Only the clinic can still cancel it.',
  reassignTooLate:
    'The call of this appointment has opened; it can no longer be given to another doctor',
  doctorNotFreeThen: 'This doctor does not offer that time or is already booked then',
  receiptLinkInvalid:
    'This receipt link is invalid or has expired. Open it again from your billing history.',
  meetingNotConsultation: 'This appointment is not a video consultation',
  meetingCancelled: 'This appointment has been cancelled',
  meetingNotAvailable: 'This appointment is not available yet',
  meetingNotJoinable: 'Meeting not joinable yet. Please try again closer to the appointment time.',
  meetingEnded: 'This meeting has ended',
  meetingTokenInvalid: 'This meeting link has expired. Please join again.',
  originNotAllowed:
    'This page may not connect to the consultation. Please open it from the Vizita address you were given.',
  videoProviderUnavailable: 'The video service could not be reached. Please try again.',
  guestLinkInvalid: 'This link is not valid. Please ask your practice for a new one.',
  guestLinkUsed:
    'This link has already been opened on another device. Please ask your practice for a new link.',
  guestLinkEnded: 'This consultation is over, so its link no longer works.',
  guestSessionRequired: 'Please open the link from your invitation e-mail again.',
  videoConsentRequired: 'Please agree to the video consultation terms before joining.',
  registrationRateLimited: 'Too many registrations from this address, please try again later.',
  exportRateLimited:
    'You have downloaded your data several times in the last hour. Please try again later.',
  legalVersionChanged:
    'These terms have changed while you were reading them. Please read the new version and accept it.',
  followUpNotFound: 'Follow-up proposal not found',
  followUpNotProposable:
    'A follow-up can be proposed from the consultation until 30 days after it, unless it was cancelled',
  followUpAlreadyOpen:
    'This consultation already has an open follow-up proposal. Withdraw it to propose another.',
  followUpSlotUnavailable:
    'One of these times is no longer free in your calendar. Please choose again.',
  followUpSlotTaken: 'This time has just been taken. Please choose another one.',
  followUpExpired: 'This follow-up proposal has expired. You can book a new appointment instead.',
  followUpWithdrawn: 'The doctor has withdrawn this follow-up proposal.',
  followUpCheckoutOpen:
    'The payment for this follow-up visit is already open. Finish it, or cancel it to choose another time.',
  followUpAlreadyAccepted: 'This follow-up visit is already booked.',
  waitlistEntryNotFound: 'Earlier-time alert not found',
  waitlistOfferNotFound: 'Offer not found',
  waitlistTooSoon:
    'An earlier time can be looked for only for an appointment at least 2 days away.',
  waitlistAlreadyWaiting: 'You will already be told when an earlier time frees up for this.',
  waitlistTooManyEntries:
    'You are already waiting for earlier times in 5 places. Stop one of them to add another.',
  waitlistOfferClosed:
    'This offer has ended: you took it, the alert was stopped or has expired, or the appointment has moved.',
  documentNotRevocable:
    'An invoice or credit note cannot be revoked; an invoice is corrected by a credit note.',
  clinicalDocumentNotFound: 'Document not found',
  visitSummaryNotFound: 'The doctor has not written a summary for this appointment.',
  clinicalDocumentNotIssuable:
    'Prescriptions, sick notes and referrals are issued from the consultation: from the opening of its call until 30 days after it, not for a cancelled one or a no-show.',
  clinicalDocumentRevoked: 'This document has been revoked and can no longer be corrected.',
  clinicalDocumentChanged: 'This document was changed meanwhile. Please reload it and try again.',
  clinicalDocumentKindFixed:
    'A correction keeps the kind of the document: issue a new document of the other kind instead.',
  sickNoteEndBeforeStart: 'The last day of the sick note is before its first day.',
  sickNoteStartTooEarly: 'A sick note may begin at most 3 days before the consultation.',
  sickNoteStartAfterConsultation:
    'A sick note begins on the day of the consultation at the latest.',
  sickNoteTooLong:
    'After a video consultation a sick note covers at most 3 calendar days for a patient new to the practice, and at most 7 for a patient it knows.',
  sickNoteFollowUpNeedsKnownPatient:
    'A follow-up sick note after a video consultation is only for a patient the practice already knows.',
  prescriptionRequestNotAllowed:
    'A repeat prescription can be requested from a doctor you had a consultation with in the last 12 months.',
  prescriptionRequestNotFound: 'Prescription request not found',
  prescriptionRequestAnswered: 'This prescription request has already been answered.',
  prescriptionRequestTakesPrescription:
    'A prescription request is answered with a prescription, or declined with a reason.',
  appointmentNotMovable: 'A prescription request has no time to move.',
  queueEntryNotFound: 'Queue entry not found',
  queueEntryClosed: 'You are no longer waiting in the queue.',
  alreadyInQueue: 'You are already waiting for a doctor.',
  notOnCall: 'Switch "available now" on to take patients.',
  inOnDemandCall: 'Finish the call with your current patient first.',
  nobodyWaiting: 'No patient is waiting for you right now.',
  onDemandNotMovable:
    'A visit with the first free doctor takes place now: it cannot be moved or given to another doctor.',
  dependantNotFound: 'This person is not in your account',
  dependantsTooMany: 'An account can hold at most 10 people besides yourself.',
  dependantNotBookable:
    'You can no longer book for this person: they have come of age or have their own account now.',
  dependantHandedOver: 'This person has their own account now; their record is no longer in yours.',
  dependantNotOfAge: 'A child’s record can be handed over from their 18th birthday.',
  dependantHasUpcoming:
    'This person has upcoming appointments in your account. Cancel them, or wait until they have taken place, before the hand-over.',
  handoverTokenInvalid: 'This hand-over link is invalid, has expired or has already been used.',
  handoverToSelf:
    'Sign in with the account of the person the record is handed over to, not with yours.',
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
  consentsAccepted: 'Thank you. Your acceptance has been recorded.',
  accountDeleted: 'Your account has been deleted.',
} as const;
