import type { Appointment } from '@vizita/shared/contracts/appointments';
import { joinState } from '@vizita/shared/domain/join-window';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './repo.ts';

const VISIBLE: repo.VisibleStatus[] = ['upcoming', 'completed', 'cancelled'];

export function createAppointmentService({
  db,
  clock,
  appUrl,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
}) {
  function toAppointment(
    row: Awaited<ReturnType<typeof repo.listForParticipant>>[number],
    now: Date,
  ): Appointment {
    const a = row.appointment;
    const { date, slot } = zonedDateAndSlot(a.startsAt, a.timeZone);
    const status = a.status as repo.VisibleStatus;
    return {
      _id: a.id,
      patientId: a.patientId,
      doctorId: {
        _id: row.doctor.id,
        name: [row.profile?.title, row.doctor.firstName, row.doctor.lastName]
          .filter(Boolean)
          .join(' '),
        email: row.doctor.email,
        specialties: row.profile?.specialties ?? [],
      },
      date,
      slot,
      startsAt: a.startsAt.toISOString(),
      timeZone: a.timeZone,
      plan: a.plan,
      status,
      reason: a.reason,
      notes: a.notes,
      // Only video consultations have a meeting (spec §4 Meeting).
      meetingUrl: a.plan === 'consultation' ? `${appUrl}/dashboard/meeting/${a.id}` : null,
      createdAt: a.createdAt.toISOString(),
      updatedAt: a.updatedAt.toISOString(),
      cancelledBy: a.cancelledBy,
      cancelReason: a.cancelReason,
      cancelledAt: a.cancelledAt?.toISOString() ?? null,
      paymentAmount: a.priceMinor === null ? null : a.priceMinor / 100,
      paymentCurrency: a.currency,
      ...joinState({ startsAt: a.startsAt, now, status, plan: a.plan }),
    };
  }

  return {
    /** The caller's own appointments (as patient or doctor), oldest first; never anyone else's. */
    async list(userId: string, status?: repo.VisibleStatus): Promise<Appointment[]> {
      const rows = await repo.listForParticipant(db, userId, status ? [status] : VISIBLE);
      const now = clock();
      return rows.map((row) => toAppointment(row, now));
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
