// Spec §4 Booking flow: the appointment id of a checkout in progress is kept in local storage.
const PENDING_APPOINTMENT_KEY = 'pendingAppointmentId';

export function rememberPendingAppointment(appointmentId: string): void {
  try {
    localStorage.setItem(PENDING_APPOINTMENT_KEY, appointmentId);
  } catch {
    // Storage refused (private mode): the success page resolves from the URL anyway.
  }
}

export function readPendingAppointment(): string | null {
  try {
    return localStorage.getItem(PENDING_APPOINTMENT_KEY);
  } catch {
    return null;
  }
}

/** Forgets the pending id once its checkout ended (paid or cancelled). */
export function forgetPendingAppointment(): void {
  try {
    localStorage.removeItem(PENDING_APPOINTMENT_KEY);
  } catch {
    // Nothing stored then.
  }
}
