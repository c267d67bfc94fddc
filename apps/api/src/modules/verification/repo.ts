import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { issuedDocuments } from '../../db/schema.ts';

export type IssuedDocumentRow = typeof issuedDocuments.$inferSelect;

/**
 * Registers a document; undefined when its short code or its source is already taken (the caller
 * looks which, and draws another code or answers the registration made before).
 */
export async function insertIssuedDocument(tx: Tx, values: typeof issuedDocuments.$inferInsert) {
  const [row] = await tx.insert(issuedDocuments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findBySource(db: Tx, kind: IssuedDocumentRow['kind'], sourceId: string) {
  const [row] = await db
    .select()
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.sourceId, sourceId)))
    .limit(1);
  return row;
}

export async function findBySources(db: Tx, sourceIds: readonly string[]) {
  if (sourceIds.length === 0) return [];
  return db
    .select()
    .from(issuedDocuments)
    .where(inArray(issuedDocuments.sourceId, [...sourceIds]));
}

export async function findById(db: Tx, id: string) {
  const [row] = await db.select().from(issuedDocuments).where(eq(issuedDocuments.id, id)).limit(1);
  return row;
}

export async function findByShortCode(db: Tx, shortCode: string) {
  const [row] = await db
    .select()
    .from(issuedDocuments)
    .where(eq(issuedDocuments.shortCode, shortCode))
    .limit(1);
  return row;
}

/** Marks a document revoked once: a second revocation changes nothing and answers undefined. */
export async function markRevoked(
  tx: Tx,
  id: string,
  values: { revokedAt: Date; revokedBy: string; revokeReasonEncrypted: string },
) {
  const [row] = await tx
    .update(issuedDocuments)
    .set(values)
    .where(and(eq(issuedDocuments.id, id), isNull(issuedDocuments.revokedAt)))
    .returning();
  return row;
}
