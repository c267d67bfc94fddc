import type { Appointment } from '@vizita/shared/contracts/appointments';
import { isApiError } from '../../../lib/api-client';

/** Which appointment the success page is about (spec §2: query session_id or appointment_id). */
export interface BookingReference {
  sessionId: string | null;
  appointmentId: string | null;
}

/** The calls and the environment the resolution needs; passed in so tests stand anywhere. */
export interface ResolveDeps {
  getPaymentSession: (sessionId: string) => Promise<{ appointmentId: string | null }>;
  processDevPayment: (sessionId: string) => Promise<string | null>;
  processWebhookManually: (sessionId: string) => Promise<string | null>;
  getAppointment: (id: string) => Promise<Appointment>;
  getMyAppointments: () => Promise<Appointment[]>;
  isLocalHost: boolean;
  /** Spec §9: the second session lookup comes 2 s after the manual processing. */
  wait: () => Promise<void>;
}

export type ResolutionErrorKey =
  | 'success.errors.notCreated'
  | 'success.errors.notFound'
  | 'success.errors.noInformation'
  | 'success.errors.generic';

/** A failure of the resolution, with the text of spec §8 Booking success to show. */
export class BookingResolutionError extends Error {
  readonly key: ResolutionErrorKey;
  constructor(key: ResolutionErrorKey) {
    super(key);
    this.name = 'BookingResolutionError';
    this.key = key;
  }
}

export function resolutionErrorKey(error: unknown): ResolutionErrorKey {
  return error instanceof BookingResolutionError ? error.key : 'success.errors.generic';
}

async function appointmentOfSession(sessionId: string, deps: ResolveDeps): Promise<string> {
  const payment = await deps.getPaymentSession(sessionId);
  if (payment.appointmentId) return payment.appointmentId;
  let appointmentId: string | null;
  if (deps.isLocalHost) {
    appointmentId = await deps.processDevPayment(sessionId);
  } else {
    await deps.processWebhookManually(sessionId);
    await deps.wait();
    appointmentId = (await deps.getPaymentSession(sessionId)).appointmentId;
  }
  if (!appointmentId) throw new BookingResolutionError('success.errors.notCreated');
  return appointmentId;
}

async function fetchAppointment(id: string, deps: ResolveDeps): Promise<Appointment> {
  try {
    return await deps.getAppointment(id);
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) {
      throw new BookingResolutionError('success.errors.notFound');
    }
    throw error;
  }
}

/** Spec §4 Booking success resolution: by session, by appointment, else the newest booking. */
export async function resolveBookedAppointment(
  reference: BookingReference,
  deps: ResolveDeps,
): Promise<Appointment> {
  if (reference.sessionId) {
    return fetchAppointment(await appointmentOfSession(reference.sessionId, deps), deps);
  }
  if (reference.appointmentId) return fetchAppointment(reference.appointmentId, deps);
  const newest = (await deps.getMyAppointments()).reduce<Appointment | null>(
    (latest, item) => (latest === null || item.createdAt > latest.createdAt ? item : latest),
    null,
  );
  if (!newest) throw new BookingResolutionError('success.errors.noInformation');
  return newest;
}
