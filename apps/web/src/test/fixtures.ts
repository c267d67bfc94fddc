import type { Appointment } from '@vizita/shared/contracts/appointments';
import type { Profile } from '@vizita/shared/contracts/profile';
import type { Dependant } from '@vizita/shared/contracts/family';

/** Born 1990-04-12; the last digit is the checksum. */
export const EGN = '9004126544';
export const EGN_BAD_CHECKSUM = '9004126545';

/** A new account's profile (names and e-mail only: 40%), with `overrides`. */
export function profileData(overrides: Partial<Profile> = {}): Profile {
  return {
    firstName: 'Elena',
    lastName: 'Petrova',
    fullName: 'Elena Petrova',
    email: 'elena@example.bg',
    gender: null,
    birthday: null,
    address: null,
    nationalIdNumber: null,
    insurance: null,
    emailVerified: true,
    memberSince: '2026-01-15T10:00:00.000Z',
    isComplete: false,
    completionPercentage: 40,
    ...overrides,
  };
}

/** A complete Bulgarian profile. */
export function bulgarianProfile(overrides: Partial<Profile> = {}): Profile {
  return profileData({
    gender: 'female',
    birthday: '1990-04-12',
    address: {
      street: 'bul. Vitosha',
      number: '12',
      postCode: '1000',
      city: 'Sofia',
      country: { code: 'BG', name: 'Bulgaria' },
    },
    nationalIdNumber: EGN,
    isComplete: true,
    completionPercentage: 100,
    ...overrides,
  });
}

let nextId = 1;

/** An appointment of the signed-in patient, as GET /api/appointments lists it. */
export function appointmentData(overrides: Partial<Appointment> = {}): Appointment {
  const id = `a${nextId++}`;
  const date = overrides.date ?? '2026-03-02';
  const slot = overrides.slot ?? '09:30';
  return {
    _id: id,
    patientId: 'user-1',
    doctorId: { _id: 'd1', name: 'Dr. Ivan Georgiev', email: 'ivan@example.bg', specialties: [] },
    date,
    slot,
    // The doctor's zone is the reader's (tests run in UTC): times read as the doctor's slots.
    startsAt: `${date}T${slot}:00.000Z`,
    timeZone: 'UTC',
    plan: 'consultation',
    status: 'upcoming',
    reason: null,
    notes: null,
    meetingUrl: null,
    createdAt: '2026-01-20T10:00:00.000Z',
    updatedAt: '2026-01-20T10:00:00.000Z',
    cancelledBy: null,
    cancelReason: null,
    cancelledAt: null,
    paymentAmount: 60,
    paymentCurrency: 'BGN',
    patient: null,
    isJoinable: false,
    minutesUntilJoinable: 0,
    hasPassed: false,
    summary: null,
    summaryVerification: null,
    prescriptionRequest: null,
    ...overrides,
  };
}

/**
 * The body of a GET /api/appointments answer for the signed-in patient: one page of `data`, the
 * counts by status (by default those of `data`, as if it held every appointment) and the paging.
 */
export function appointmentListBody(
  data: Appointment[],
  {
    counts,
    page = 1,
    limit = 100,
    total = data.length,
  }: {
    counts?: { upcoming: number; completed: number; no_show: number; cancelled: number };
    page?: number;
    limit?: number;
    total?: number;
  } = {},
) {
  const countOf = (status: Appointment['status']) => data.filter((a) => a.status === status).length;
  return {
    success: true,
    data,
    counts: counts ?? {
      upcoming: countOf('upcoming'),
      completed: countOf('completed'),
      no_show: countOf('no_show'),
      cancelled: countOf('cancelled'),
    },
    pagination: { page, limit, total },
  };
}

/** Ivan Georgiev, 7, in his mother's account (issue #22, ADR 0043). */
export function dependantData(overrides: Partial<Dependant> = {}): Dependant {
  return {
    id: 'd1',
    firstName: 'Ivan',
    lastName: 'Georgiev',
    birthDate: '2019-05-10',
    gender: 'male',
    relationship: 'child',
    country: 'BG',
    nationalIdNumber: null,
    insurance: null,
    age: 7,
    state: 'minor',
    mayBook: true,
    mayHandOver: false,
    handover: null,
    handedOverAt: null,
    ...overrides,
  };
}
