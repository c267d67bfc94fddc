import { eq } from 'drizzle-orm';
import { LEGAL_DOCUMENTS, LEGAL_VERSIONS, type LegalDocument } from '@vizita/shared/domain/legal';
import type { Tx } from '../../db/client.ts';
import { consents } from '../../db/schema.ts';

type Context = (typeof consents.$inferInsert)['context'];

/**
 * Records that a person accepted the documents' versions in force, and when (GDPR Art. 7(1)).
 * Accepting the same version again changes nothing: the first acceptance is the evidence.
 */
export async function recordConsent(
  tx: Tx,
  userId: string,
  context: Context,
  at: Date,
  documents: readonly LegalDocument[] = LEGAL_DOCUMENTS,
) {
  if (documents.length === 0) return;
  await tx
    .insert(consents)
    .values(
      documents.map((document) => ({
        userId,
        document,
        version: LEGAL_VERSIONS[document],
        acceptedAt: at,
        context,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Records the patient's consent to the video service processing their health data (GDPR Art.
 * 9(2)(a)), in the version they were shown at the meeting's device check. True for the first
 * acceptance of that version; false when it was on record already (nothing changes).
 */
export async function recordVideoConsent(
  tx: Tx,
  userId: string,
  version: string,
  at: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(consents)
    .values({ userId, document: 'video', version, acceptedAt: at, context: 'meeting' })
    .onConflictDoNothing()
    .returning({ id: consents.id });
  return inserted.length > 0;
}

/** Of what a person accepted, the documents whose version in force is still missing. */
export function dueOf(accepted: readonly { document: string; version: string }[]): LegalDocument[] {
  return LEGAL_DOCUMENTS.filter(
    (document) =>
      !accepted.some((a) => a.document === document && a.version === LEGAL_VERSIONS[document]),
  );
}

/** The documents whose version in force the person has not accepted yet. */
export async function consentsDue(db: Tx, userId: string): Promise<LegalDocument[]> {
  const accepted = await db
    .select({ document: consents.document, version: consents.version })
    .from(consents)
    .where(eq(consents.userId, userId));
  return dueOf(accepted);
}

/** Everything the person accepted, oldest first (their data export shows it). */
export function listConsents(db: Tx, userId: string) {
  return db
    .select({
      document: consents.document,
      version: consents.version,
      acceptedAt: consents.acceptedAt,
      context: consents.context,
    })
    .from(consents)
    .where(eq(consents.userId, userId))
    .orderBy(consents.acceptedAt);
}
