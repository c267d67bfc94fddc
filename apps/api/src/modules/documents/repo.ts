import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { appointmentDocuments, appointments } from '../../db/schema.ts';

export type DocumentRow = typeof appointmentDocuments.$inferSelect;

/** The columns of a version without its (large) encrypted content. */
const meta = {
  id: appointmentDocuments.id,
  appointmentId: appointmentDocuments.appointmentId,
  documentId: appointmentDocuments.documentId,
  version: appointmentDocuments.version,
  title: appointmentDocuments.title,
  fileName: appointmentDocuments.fileName,
  contentType: appointmentDocuments.contentType,
  sizeBytes: appointmentDocuments.sizeBytes,
  sha256: appointmentDocuments.sha256,
  createdAt: appointmentDocuments.createdAt,
};
export type DocumentMeta = Omit<DocumentRow, 'contentEncrypted' | 'uploadedBy'>;

export async function findAppointment(db: Tx, id: string) {
  const [row] = await db
    .select({
      id: appointments.id,
      patientId: appointments.patientId,
      doctorId: appointments.doctorId,
      dependantId: appointments.dependantId,
      status: appointments.status,
      startsAt: appointments.startsAt,
    })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row;
}

export function listVersions(db: Tx, appointmentId: string): Promise<DocumentMeta[]> {
  return db
    .select(meta)
    .from(appointmentDocuments)
    .where(eq(appointmentDocuments.appointmentId, appointmentId))
    .orderBy(asc(appointmentDocuments.createdAt), desc(appointmentDocuments.version));
}

export async function findVersion(db: Tx, appointmentId: string, versionId: string) {
  const [row] = await db
    .select()
    .from(appointmentDocuments)
    .where(
      and(
        eq(appointmentDocuments.appointmentId, appointmentId),
        eq(appointmentDocuments.id, versionId),
      ),
    );
  return row;
}

/** The newest version number of a document of this appointment, or undefined for none. */
export async function latestVersion(db: Tx, appointmentId: string, documentId: string) {
  const [row] = await db
    .select({ version: max(appointmentDocuments.version) })
    .from(appointmentDocuments)
    .where(
      and(
        eq(appointmentDocuments.appointmentId, appointmentId),
        eq(appointmentDocuments.documentId, documentId),
      ),
    );
  return row?.version ?? undefined;
}

export async function insertVersion(db: Tx, values: typeof appointmentDocuments.$inferInsert) {
  const [row] = await db.insert(appointmentDocuments).values(values).returning(meta);
  return row!;
}
