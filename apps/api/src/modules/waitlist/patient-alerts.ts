import type { Db } from '../../db/client.ts';
import * as repo from './repo.ts';

// What the waitlist module publishes for the patient's data export (privacy/data-export.ts,
// GDPR Art. 15 and 20): every alert the patient asked for, and the times each was offered.

/** The patient's alerts with their offers, oldest offer first; nothing of anyone else's. */
export async function patientAlerts(db: Db, patientId: string) {
  const { entries, offers } = await repo.entriesWithOffersOf(db, patientId);
  return entries.map(({ entry, doctor }) => ({
    id: entry.id,
    doctor: doctor ? `${doctor.firstName} ${doctor.lastName}`.trim() : null,
    specialty: entry.specialty,
    appointmentId: entry.appointmentId,
    status: entry.status,
    createdAt: entry.createdAt.toISOString(),
    expiresAt: entry.expiresAt.toISOString(),
    offers: offers
      .filter((o) => o.entryId === entry.id)
      .map((o) => ({
        startsAt: o.startsAt.toISOString(),
        offeredAt: o.offeredAt.toISOString(),
        takenAt: o.takenAt?.toISOString() ?? null,
      })),
  }));
}
