import { and, isNotNull, or, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { appointments } from '../../db/schema.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';

/**
 * The texts of an appointment that a patient writes about their health (GDPR Art. 9); `request`
 * is a prescription request's medicine and how much is left, as JSON (issue #21).
 */
export type HealthTextField = 'reason' | 'notes' | 'cancelReason' | 'request';

type Row = Pick<
  typeof appointments.$inferSelect,
  | 'id'
  | 'reasonEncrypted'
  | 'notesEncrypted'
  | 'cancelReasonEncrypted'
  | 'requestEncrypted'
  | 'legacyReason'
  | 'legacyNotes'
  | 'legacyCancelReason'
>;

const COLUMNS = {
  reason: { encrypted: 'reasonEncrypted', legacy: 'legacyReason' },
  notes: { encrypted: 'notesEncrypted', legacy: 'legacyNotes' },
  cancelReason: { encrypted: 'cancelReasonEncrypted', legacy: 'legacyCancelReason' },
  // Written after the texts were encrypted: never in clear.
  request: { encrypted: 'requestEncrypted', legacy: null },
} as const;

/**
 * Seals and opens an appointment's health texts: AES-256-GCM under the data key, each bound to
 * its appointment and field, so a ciphertext moved to another row or column does not open.
 */
export function createHealthText(encryption: FieldEncryption) {
  const context = (appointmentId: string, field: HealthTextField) =>
    `appointment:${appointmentId}:${field}`;
  const text = {
    seal(appointmentId: string, field: HealthTextField, value: string | null | undefined) {
      return value ? encryption.encrypt(value, context(appointmentId, field)) : null;
    },
    /** The plaintext of a row's field (a row not yet migrated still has it in the legacy column). */
    open(row: Row, field: HealthTextField): string | null {
      const stored = row[COLUMNS[field].encrypted];
      if (stored) return encryption.decrypt(stored, context(row.id, field));
      const legacy = COLUMNS[field].legacy;
      return legacy ? row[legacy] : null;
    },
    /** The three texts of a row, as the appointment carries them (the request's is its own). */
    all(row: Row) {
      return {
        reason: text.open(row, 'reason'),
        notes: text.open(row, 'notes'),
        cancelReason: text.open(row, 'cancelReason'),
      };
    },
  };
  return text;
}
export type HealthText = ReturnType<typeof createHealthText>;

/**
 * Encrypts what rows written before the texts were encrypted still hold in clear, and empties
 * those columns. Run at start and by the background loop; a pass with nothing left is one query.
 */
export async function encryptLegacyHealthText(db: Db, text: HealthText, batch = 200) {
  const rows = await db
    .select()
    .from(appointments)
    .where(
      or(
        isNotNull(appointments.legacyReason),
        isNotNull(appointments.legacyNotes),
        isNotNull(appointments.legacyCancelReason),
      ),
    )
    .limit(batch);
  for (const row of rows) {
    await db
      .update(appointments)
      .set({
        reasonEncrypted: row.reasonEncrypted ?? text.seal(row.id, 'reason', row.legacyReason),
        notesEncrypted: row.notesEncrypted ?? text.seal(row.id, 'notes', row.legacyNotes),
        cancelReasonEncrypted:
          row.cancelReasonEncrypted ?? text.seal(row.id, 'cancelReason', row.legacyCancelReason),
        legacyReason: null,
        legacyNotes: null,
        legacyCancelReason: null,
      })
      .where(and(eq(appointments.id, row.id)));
  }
  return rows.length;
}
