// Types only: the dashboard calls this on its own, and the contract module would bring its zod
// schemas along (ADR 0010).
import type { Appointment } from '@vizita/shared/contracts/appointments';
import { authApi } from '../lib/api-client';

/** What a caller asks of its own appointments (spec §7); the server's defaults fill the rest. */
export interface OwnAppointmentsRequest {
  status?: Appointment['status'] | undefined;
  page?: number;
  limit?: number;
  /** `asc` (soonest first, the server's default) or `desc` (latest first). */
  order?: 'asc' | 'desc';
}

/**
 * GET /api/appointments?status&page&limit&order — one page of the caller's own appointments, with
 * the counts by status over all of them (spec §2, §7). The caller reads the answer with `parse`:
 * the appointments list and the booking outcome with the shared schema, the dashboard with its own
 * small reader, because that schema's zod features would weigh on the first page (ADR 0010).
 */
export async function getOwnAppointments<T>(
  request: OwnAppointmentsRequest,
  parse: (body: unknown) => T,
): Promise<T> {
  return parse(await authApi.get('/api/appointments', { query: { ...request } }));
}
