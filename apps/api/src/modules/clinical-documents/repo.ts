import { and, asc, desc, eq } from 'drizzle-orm';
import type { ClinicalDocumentKind } from '@vizita/shared/contracts/clinical-documents';
import type { Tx } from '../../db/client.ts';
import { notAboutHandedOverVisit } from '../family/dependants.ts';
import { clinicalDocuments, clinicalDocumentVersions } from '../../db/schema.ts';

// The clinical documents module's own SQL: a document, and its versions (a correction is a new
// version; the old ones stay, as the notes' do).

export type DocumentRow = typeof clinicalDocuments.$inferSelect;
export type VersionRow = typeof clinicalDocumentVersions.$inferSelect;

export async function insertDocument(
  tx: Tx,
  values: {
    id: string;
    appointmentId: string;
    patientId: string;
    doctorId: string;
    kind: ClinicalDocumentKind;
    issuedAt: Date;
  },
) {
  await tx.insert(clinicalDocuments).values(values);
}

export async function insertVersion(tx: Tx, values: typeof clinicalDocumentVersions.$inferInsert) {
  await tx.insert(clinicalDocumentVersions).values(values);
}

/** A document with its newest version. */
export async function documentWithLatest(db: Tx, documentId: string, lock = false) {
  const query = db
    .select({ document: clinicalDocuments, version: clinicalDocumentVersions })
    .from(clinicalDocuments)
    .innerJoin(
      clinicalDocumentVersions,
      eq(clinicalDocumentVersions.documentId, clinicalDocuments.id),
    )
    .where(eq(clinicalDocuments.id, documentId))
    .orderBy(desc(clinicalDocumentVersions.version))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: clinicalDocuments }) : await query;
  return row;
}

/** The documents of one appointment, each with its newest version, oldest first. */
export async function documentsOfAppointment(db: Tx, appointmentId: string) {
  const rows = await db
    .select({ document: clinicalDocuments, version: clinicalDocumentVersions })
    .from(clinicalDocuments)
    .innerJoin(
      clinicalDocumentVersions,
      eq(clinicalDocumentVersions.documentId, clinicalDocuments.id),
    )
    .where(eq(clinicalDocuments.appointmentId, appointmentId))
    .orderBy(asc(clinicalDocuments.issuedAt), desc(clinicalDocumentVersions.version));
  // The first row of each document is its newest version.
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(row.document.id)) newest.set(row.document.id, row);
  return [...newest.values()];
}

/** Every version of every document of a patient, for the data export. */
export function versionsOfPatient(db: Tx, patientId: string) {
  return db
    .select({ document: clinicalDocuments, version: clinicalDocumentVersions })
    .from(clinicalDocuments)
    .innerJoin(
      clinicalDocumentVersions,
      eq(clinicalDocumentVersions.documentId, clinicalDocuments.id),
    )
    .where(
      and(
        eq(clinicalDocuments.patientId, patientId),
        // A person who took their record to their own account took these with it (ADR 0043).
        notAboutHandedOverVisit(clinicalDocuments.appointmentId),
      ),
    )
    .orderBy(asc(clinicalDocuments.issuedAt), asc(clinicalDocumentVersions.version));
}

/** One version by its id (a registration's source), with its document. */
export async function versionById(db: Tx, versionId: string) {
  const [row] = await db
    .select({ document: clinicalDocuments, version: clinicalDocumentVersions })
    .from(clinicalDocumentVersions)
    .innerJoin(clinicalDocuments, eq(clinicalDocuments.id, clinicalDocumentVersions.documentId))
    .where(eq(clinicalDocumentVersions.id, versionId))
    .limit(1);
  return row;
}

/** A patient's documents and their versions (cascade), when the account is erased. */
export async function deleteOfPatient(tx: Tx, patientId: string) {
  return tx
    .delete(clinicalDocuments)
    .where(eq(clinicalDocuments.patientId, patientId))
    .returning({ id: clinicalDocuments.id });
}
