import type { Appointment } from '@vizita/shared/contracts/appointments';
import { joinState } from '@vizita/shared/domain/join-window';
import { zonedDateAndSlot } from '@vizita/shared/domain/zoned-time';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { ApiError } from '../../lib/api-error.ts';
import * as doctorsRepo from '../doctors/repo.ts';
import * as repo from './repo.ts';

const DAY_MS = 86_400_000;

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
    /**
     * Which of a doctor's slots are taken between two local dates (spec §7's booking-page read):
     * booked appointments and live payment holds, as date and time only.
     */
    async occupied(doctorId: string, from: string, to: string) {
      const now = clock();
      const starts = await doctorsRepo.heldStarts(
        db,
        doctorId,
        new Date(Date.parse(`${from}T00:00:00Z`) - DAY_MS),
        new Date(Date.parse(`${to}T00:00:00Z`) + 2 * DAY_MS),
        now,
      );
      const profile = await doctorsRepo.findDoctorProfile(db, doctorId);
      if (!profile) return [];
      return [...starts]
        .sort((a, b) => a - b)
        .map((ms) => ({
          ...zonedDateAndSlot(new Date(ms), profile.timeZone),
          status: 'upcoming' as const,
        }))
        .filter((s) => s.date >= from && s.date <= to);
    },

    /**
     * One appointment, for its patient or its doctor only. Anyone else gets the same 404 as for
     * an id that does not exist, so ids reveal nothing.
     */
    async get(userId: string, appointmentId: string): Promise<Appointment> {
      const [row] = await repo.listForParticipant(db, userId, VISIBLE, appointmentId);
      if (!row) throw new ApiError(404, 'appointmentNotFound');
      return toAppointment(row, clock());
    },

    /** The caller's own appointments (as patient or doctor), oldest first; never anyone else's. */
    async list(userId: string, status?: repo.VisibleStatus): Promise<Appointment[]> {
      const rows = await repo.listForParticipant(db, userId, status ? [status] : VISIBLE);
      const now = clock();
      return rows.map((row) => toAppointment(row, now));
    },
  };
}
export type AppointmentService = ReturnType<typeof createAppointmentService>;
