// The API's statuses as keys of the `admin` namespace; an unknown one is shown as it came.

export const APPOINTMENT_STATUS_KEYS = {
  upcoming: 'appointments.status.upcoming',
  completed: 'appointments.status.completed',
  no_show: 'appointments.status.noShow',
  cancelled: 'appointments.status.cancelled',
} as const;

export const PAYMENT_STATUS_KEYS = {
  pending: 'payment.status.pending',
  completed: 'payment.status.completed',
  failed: 'payment.status.failed',
  cancelled: 'payment.status.cancelled',
  refunded: 'payment.status.refunded',
} as const;

export const CANCELLED_BY_KEYS = {
  patient: 'appointments.cancelledBy.patient',
  doctor: 'appointments.cancelledBy.doctor',
  clinic: 'appointments.cancelledBy.clinic',
} as const;

export function keyOf<K extends Record<string, string>>(keys: K, value: string | null) {
  return value !== null && Object.hasOwn(keys, value) ? keys[value as keyof K] : undefined;
}
