import type pg from 'pg';
import { createFieldEncryption } from '../../lib/field-encryption.ts';
import { insuranceContext, nationalIdContext } from '../../modules/profile/service.ts';

export type KeyCheck = 'opens' | 'does-not-open' | 'nothing-to-check';

/**
 * Whether `key` opens the health data in the database, tried on one stored national ID (or
 * insurance number). AES-GCM's authentication tag makes a wrong key fail here, never yield
 * garbage — so a restore can tell the operator at once that the key they kept does not match.
 */
export async function checkEncryptionKey(client: pg.ClientBase, key: Buffer): Promise<KeyCheck> {
  const encryption = createFieldEncryption(key);
  const samples = [
    { column: 'national_id_encrypted', context: nationalIdContext },
    { column: 'insurance_number_encrypted', context: insuranceContext },
  ];
  for (const { column, context } of samples) {
    const { rows } = await client.query<{ user_id: string; value: string }>(
      `select user_id, ${column} as value from patient_profiles where ${column} is not null limit 1`,
    );
    const row = rows[0];
    if (!row) continue;
    try {
      encryption.decrypt(row.value, context(row.user_id));
      return 'opens';
    } catch {
      return 'does-not-open';
    }
  }
  return 'nothing-to-check';
}
