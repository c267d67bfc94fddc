import type { DataExport } from '@vizita/shared/contracts/privacy';
import { followUpState } from '@vizita/shared/domain/follow-ups';
import type { Db } from '../../db/client.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { createFollowUpNoteCrypto } from './note-crypto.ts';
import * as repo from './repo.ts';

// What the follow-ups module publishes for the patient's data rights (modules/privacy, ADR
// 0025): every proposal made for them, with the doctor's note decrypted for them. Erasing an
// account deletes the rows itself (privacy/account-erasure.ts, a sweep of ADR 0035).

/** The patient's follow-up proposals as their data export lists them, oldest first. */
export async function followUpProposalsForExport(
  db: Db,
  encryption: FieldEncryption,
  patientId: string,
  now: Date,
): Promise<DataExport['followUpProposals']> {
  const crypto = createFollowUpNoteCrypto(encryption);
  const rows = await repo.allOfPatient(db, patientId);
  return rows.map((row) => {
    const p = row.proposal;
    return {
      id: p.id,
      appointmentId: p.appointmentId,
      // Named as the export's appointments name the doctor.
      doctor: `${row.doctor.firstName} ${row.doctor.lastName}`.trim(),
      offeredSlots: p.slots,
      suggestedWeeks: p.suggestedWeeks,
      note: crypto.open(p.id, p.noteEncrypted) || null,
      price: { amountMinor: p.priceMinor, currency: p.currency },
      state: followUpState(
        p,
        row.taken?.status
          ? { status: row.taken.status, holdExpiresAt: row.taken.holdExpiresAt }
          : null,
        now,
      ),
      createdAt: p.createdAt.toISOString(),
      expiresAt: p.expiresAt.toISOString(),
      followUpAppointmentId: p.acceptedAppointmentId,
    };
  });
}
