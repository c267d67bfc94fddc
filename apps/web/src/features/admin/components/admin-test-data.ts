import { ok, session } from '../../../test/mock-api';

// What the admin tests' fake API answers with.

export const adminSession = () => ok(session({ userType: 'admin', isAdmin: true }));

export const DOCTOR = {
  _id: 'd1',
  email: 'elena@clinic.test',
  name: 'Dr. Elena Petrova',
  firstName: 'Elena',
  lastName: 'Petrova',
  active: true,
  invited: false,
  title: 'Dr.',
  specialties: ['cardiology'],
  languages: ['bg'],
  timeZone: 'Europe/Sofia',
  slotMinutes: 30,
  feeMinor: 6000,
  followUpFeeMinor: null,
  prescriptionFeeMinor: null,
  city: null,
  country: null,
  slug: 'elena-petrova',
  upcoming: 1,
};

export const APPOINTMENT = {
  _id: 'a1',
  startsAt: '2026-11-25T08:00:00.000Z',
  timeZone: 'Europe/Sofia',
  status: 'upcoming',
  patient: { _id: 'p1', name: 'Maria Ivanova', email: 'maria@example.bg' },
  doctor: { _id: 'd1', name: 'Elena Petrova' },
  cancelledBy: null,
  payment: { _id: 'pay1', status: 'completed', amountMinor: 6000, currency: 'EUR' },
};

export const APPOINTMENT_DETAIL = {
  ...APPOINTMENT,
  endsAt: '2026-11-25T08:30:00.000Z',
  kind: 'consultation',
  cancellationReason: null,
  cancelledAt: null,
  doctor: { _id: 'd1', name: 'Elena Petrova', email: 'elena@clinic.test' },
  payment: { ...APPOINTMENT.payment, createdAt: '2026-11-20T08:00:00.000Z', refundedAt: null },
};
