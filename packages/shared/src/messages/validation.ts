/**
 * Validation messages. Schemas carry the key; the web app translates it (namespace
 * `validation`), the API answers with the English text. English is the spec's exact wording (§5).
 */
export const VALIDATION_MESSAGES_EN = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  loginEmailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 128 characters',
  passwordUppercase: 'Password must contain an uppercase letter',
  passwordLowercase: 'Password must contain a lowercase letter',
  passwordNumber: 'Password must contain a number',
  passwordSpecial: 'Password must contain a special character',
  repeatPasswordRequired: 'Please repeat your password',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and conditions',
  firstNameRequired: 'First name is required',
  firstNameMin: 'First name must be at least 2 characters',
  lastNameRequired: 'Last name is required',
  lastNameMin: 'Last name must be at least 2 characters',
  nameMax: 'Names must be at most 100 characters',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  confirmPasswordRequired: 'Please confirm your new password',
  tokenRequired: 'Token is required',
  twoFactorCodeRequired: 'Please enter the code from your authenticator app',
  twoFactorCodeInvalid: 'The code has 6 digits',
  recoveryCodeInvalid: 'A recovery code looks like ABCDE-12345',
  profileTermsRequired: 'You must accept the terms and conditions to complete your profile',
  nationalIdRequired: 'National ID number is required for Bulgarian residents',
  egnInvalid: 'Please enter a valid 10-digit EGN',
  egnBirthDateMismatch: 'The EGN does not match the date of birth',
  insuranceTypeRequired: 'Insurance type is required for German residents',
  insuranceCompanyRequired: 'Insurance company is required',
  insuranceCompanyInvalid: 'Please choose an insurance company from the list',
  insuranceNumberRequired: 'Insurance number is required',
  insuranceNumberInvalid: 'Please enter a valid insurance number',
  kvnrInvalid:
    'Please enter the 10-character health insurance number from your card (a letter and 9 digits)',
  genderRequired: 'Please select your gender',
  relationshipRequired: 'Please choose how this person is related to you',
  birthDateRequired: 'Date of birth is required',
  birthDateInvalid: 'Please enter a valid date of birth',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  countryRequired: 'Country is required',
  countryInvalid: 'Please choose a country from the list',
  fieldRequired: 'This field is required',
  fieldTooLong: 'This field is too long',
  textInvalidCharacters: 'This field contains characters that are not allowed',
  invalidValue: 'Invalid value',
  cancelReasonRequired: 'Please provide a reason for cancellation',
  cancelReasonMin: 'Please provide a more detailed reason (at least 10 characters)',
  cancelReasonMax: 'Please keep the reason to at most 500 characters',
  newDateRequired: 'Please choose a new date',
  newSlotRequired: 'Please choose a new time',
  scheduleTimeInvalid: 'Please enter a time as HH:MM',
  scheduleEndBeforeStart: 'The end must be after the start',
  scheduleOverlap: 'This range overlaps another one on the same day',
  scheduleTooMany: 'Please use at most 28 ranges a week',
  scheduleBothTimes: 'Please give both a start and an end time',
  scheduleTooShort: 'This range is shorter than one appointment slot',
  scheduleDatePast: 'Please choose today or a later date',
  scheduleDateTooFar: 'Please choose a date within the next year',
  messageRequired: 'Please write a message',
  messageTooLong: 'Please keep the message to at most 5,000 characters',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES_EN;

/** English text of a validation key; unknown keys (zod's own) fall back to a generic text. */
export function validationMessageEn(key: string): string {
  return (
    (VALIDATION_MESSAGES_EN as Record<string, string>)[key] ?? VALIDATION_MESSAGES_EN.invalidValue
  );
}
