import { createHash, randomUUID } from 'node:crypto';
import type { AppointmentDocument, DocumentUploadQuery } from '@vizita/shared/contracts/documents';
import { documentsShareable } from '@vizita/shared/domain/doctor-access';
import type { Db } from '../../db/client.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { Clock } from '../../lib/clock.ts';
import type { FieldEncryption } from '../../lib/field-encryption.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { audit } from '../../lib/audit.ts';
import { sniffFileType, storedFileName } from '../../lib/file-type.ts';
import { holderStillHolds } from '../family/dependants.ts';
import * as repo from './repo.ts';
import { notifyAboutAppointment } from '../notifications/appointment-notices.ts';

// The ciphertext is bound to its place: a version copied to another document or appointment
// does not decrypt.
export const documentContext = (row: {
  appointmentId: string;
  documentId: string;
  version: number;
}) => `document:${row.appointmentId}:${row.documentId}:${row.version}`;

export function createDocumentService({
  db,
  clock,
  encryption,
}: {
  db: Db;
  clock: Clock;
  encryption: FieldEncryption;
}) {
  /** The appointment for one of its two participants; the same 404 for anyone else. */
  async function participantsAppointment(userId: string, appointmentId: string) {
    const a = await repo.findAppointment(db, appointmentId);
    if (!a || (a.patientId !== userId && a.doctorId !== userId))
      throw new ApiError(404, 'appointmentNotFound');
    // A person who took their record to their own account took these documents with it.
    if (a.patientId === userId && !(await holderStillHolds(db, a.dependantId)))
      throw new ApiError(404, 'appointmentNotFound');
    return a;
  }

  function toDocuments(rows: repo.DocumentMeta[]): AppointmentDocument[] {
    const byDocument = new Map<string, repo.DocumentMeta[]>();
    for (const row of rows)
      byDocument.set(row.documentId, [...(byDocument.get(row.documentId) ?? []), row]);
    return [...byDocument.values()].map((versions) => {
      const newestFirst = [...versions].sort((a, b) => b.version - a.version);
      return {
        documentId: newestFirst[0]!.documentId,
        title: newestFirst[0]!.title,
        versions: newestFirst.map((v, i) => ({
          _id: v.id,
          version: v.version,
          fileName: v.fileName,
          contentType: v.contentType,
          sizeBytes: v.sizeBytes,
          sha256: v.sha256,
          createdAt: v.createdAt.toISOString(),
          replacedAt: i === 0 ? null : newestFirst[i - 1]!.createdAt.toISOString(),
        })),
      };
    });
  }

  const service = {
    /**
     * The appointment's doctor shares a file with the patient, or (with `documentId`) corrects one
     * by a new version: the earlier version stays readable and shows that it was replaced.
     */
    async share(
      doctorId: string,
      appointmentId: string,
      input: DocumentUploadQuery & { declaredType: string; bytes: Buffer; documentId?: string },
    ): Promise<AppointmentDocument> {
      const now = clock();
      const a = await repo.findAppointment(db, appointmentId);
      if (!a || a.doctorId !== doctorId) throw new ApiError(404, 'appointmentNotFound');
      // From the call's opening while the patient's data is open to the doctor (ADR 0016).
      if (!documentsShareable(a, now)) throw new ApiError(409, 'documentsClosed');
      if (input.bytes.length === 0) throw new ApiError(400, 'documentTypeInvalid');
      const type = sniffFileType(input.bytes);
      if (!type || type !== input.declaredType) throw new ApiError(415, 'documentTypeInvalid');

      let documentId = input.documentId;
      let version = 1;
      if (documentId) {
        const latest = await repo.latestVersion(db, appointmentId, documentId);
        if (latest === undefined) throw new ApiError(404, 'documentNotFound');
        version = latest + 1;
      } else documentId = randomUUID();

      const place = { appointmentId, documentId, version };
      try {
        await db.transaction(async (tx) => {
          await repo.insertVersion(tx, {
            ...place,
            uploadedBy: doctorId,
            title: input.title,
            fileName: storedFileName(input.fileName, type),
            contentType: type,
            sizeBytes: input.bytes.length,
            sha256: createHash('sha256').update(input.bytes).digest('hex'),
            contentEncrypted: encryption.encryptBytes(input.bytes, documentContext(place)),
            createdAt: now,
          });
          await audit(tx, version === 1 ? 'document.shared' : 'document.corrected', {
            userId: doctorId,
            subjectUserId: a.patientId,
            meta: { appointmentId, documentId, version },
          });
          // The patient hears of it on the bell and by a mail without the document or its title.
          await notifyAboutAppointment(tx, appointmentId, [
            { to: 'patient', kind: 'documentShared' },
          ]);
        });
      } catch (error) {
        // Two corrections at once: the second would reuse the version number.
        if (isUniqueViolation(error)) throw new ApiError(409, 'documentChanged');
        throw error;
      }
      const all = toDocuments(await repo.listVersions(db, appointmentId));
      return all.find((d) => d.documentId === documentId)!;
    },

    /** The appointment's documents, for its patient and its doctor. */
    async list(userId: string, appointmentId: string): Promise<AppointmentDocument[]> {
      await participantsAppointment(userId, appointmentId);
      return toDocuments(await repo.listVersions(db, appointmentId));
    },

    /** One version's file, decrypted; every download is written to the audit log. */
    async download(userId: string, appointmentId: string, versionId: string, ip: string) {
      const a = await participantsAppointment(userId, appointmentId);
      const row = await repo.findVersion(db, appointmentId, versionId);
      if (!row) throw new ApiError(404, 'documentNotFound');
      const bytes = encryption.decryptBytes(row.contentEncrypted, documentContext(row));
      await audit(db, 'document.downloaded', {
        userId,
        subjectUserId: a.patientId,
        ip,
        meta: { appointmentId, documentId: row.documentId, version: row.version },
      });
      return { fileName: row.fileName, contentType: row.contentType, bytes };
    },
  };
  return service;
}
export type DocumentService = ReturnType<typeof createDocumentService>;
