import { egnCheckDigit } from '@vizita/shared/domain/egn';

// The child the API tests of issue #22 keep in a mother's account (ADR 0043).

/** A Bulgarian EGN from its first nine digits (birth date and serial) and its check digit. */
export const egn = (nine: string) => `${nine}${egnCheckDigit(nine)}`;

/** Ivan Georgiev, born 10 May 2019, as the form for a new person in the account sends him. */
export const IVAN = {
  firstName: 'Ivan',
  lastName: 'Georgiev',
  birthDate: '2019-05-10',
  gender: 'male',
  relationship: 'child',
  country: 'BG',
  nationalIdNumber: egn('194510123'),
};
